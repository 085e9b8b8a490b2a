note
	description: ""
	author: ""
	date: "$Date$"
	revision: "$Revision$"

class
	ETF_ABORT

inherit
	ETF_ABORT_INTERFACE

create
	make

feature -- command

	abort
		require else
			abort_precond
		do
			model.dispatcher.dispatch (model.dispatcher.Abort_code, 0, 0)
			etf_cmd_container.on_change.notify ([Current])
		end

end

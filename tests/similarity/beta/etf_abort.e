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
			model.abort
			etf_cmd_container.on_change.notify ([Current])
		end

end

note
	description: ""
	author: ""
	date: "$Date$"
	revision: "$Revision$"

class
	ETF_PASS

inherit
	ETF_PASS_INTERFACE

create
	make

feature -- command

	pass
		require else
			pass_precond
		do
			model.dispatcher.dispatch (model.dispatcher.Pass_code, 0, 0)
			etf_cmd_container.on_change.notify ([Current])
		end

end

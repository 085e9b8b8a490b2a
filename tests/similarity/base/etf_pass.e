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
				-- perform some update on the model state
			model.default_update
			etf_cmd_container.on_change.notify ([Current])
		end

end

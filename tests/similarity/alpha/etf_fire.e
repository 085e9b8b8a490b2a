note
	description: ""
	author: ""
	date: "$Date$"
	revision: "$Revision$"

class
	ETF_FIRE

inherit
	ETF_FIRE_INTERFACE

create
	make

feature -- command

	fire
		require else
			fire_precond
		do
				-- perform some update on the model state
			model.fire
			etf_cmd_container.on_change.notify ([Current])
		end

end

note
	description: ""
	author: ""
	date: "$Date$"
	revision: "$Revision$"

class
	ETF_PLAY

inherit
	ETF_PLAY_INTERFACE

create
	make

feature -- command

	play (row: INTEGER_32 ; column: INTEGER_32)
		require else
			play_precond(row, column)
		do
				-- perform some update on the model state
			model.run (create {PLAY_COMMAND}.make (row, column))
			etf_cmd_container.on_change.notify ([Current])
		end

end

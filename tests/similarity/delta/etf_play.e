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
			model.dispatcher.dispatch (model.dispatcher.Play_code, row, column)
			etf_cmd_container.on_change.notify ([Current])
		end

end

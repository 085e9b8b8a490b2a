note
	description: "The business model: a game of Space Defender on a board."
	author: "alpha"

class
	ETF_MODEL

inherit
	ANY
		redefine
			out
		end

create {ETF_MODEL_ACCESS}
	make

feature {NONE} -- Initialization

	make
			-- A model with no game yet.
		do
			create game.make
			create message.make_from_string ("ok")
			state_number := 0
		end

feature -- model attributes

	game: GAME
			-- The game played, if any.

	message: STRING
			-- What the last command said.

	state_number: INTEGER
			-- How many commands ran.

feature -- model operations

	play (rows, columns: INTEGER)
			-- Start a game on a board of `rows' by `columns'.
		do
			if game.in_game then
				message := {MESSAGES}.already_in_game
			else
				game.start (rows, columns)
				message := {MESSAGES}.ok
			end
			state_number := state_number + 1
		end

	move (row, column: INTEGER)
			-- Move the starfighter to `row', `column'.
		do
			message := game.move_error (row, column)
			if message ~ {MESSAGES}.ok then
				game.move_to (row, column)
				game.end_turn
			end
			state_number := state_number + 1
		end

	fire
			-- Fire a projectile ahead of the starfighter.
		do
			message := game.turn_error
			if message ~ {MESSAGES}.ok then
				game.launch
				game.end_turn
			end
			state_number := state_number + 1
		end

	pass
			-- Let a turn go by.
		do
			message := game.turn_error
			if message ~ {MESSAGES}.ok then
				game.end_turn
			end
			state_number := state_number + 1
		end

	abort
			-- End the game.
		do
			if game.in_game then
				game.stop
				message := {MESSAGES}.ok
			else
				message := {MESSAGES}.not_in_game
			end
			state_number := state_number + 1
		end

	reset
			-- Reset model state.
		do
			make
		end

feature -- queries

	out: STRING
			-- The state as the oracle prints it.
		do
			create Result.make_from_string ("  state:")
			Result.append (state_number.out)
			Result.append (", ")
			Result.append (message)
			if game.in_game then
				Result.append ("%N")
				Result.append (game.board_out)
			end
		end

end

note
	description: "A game: the board, the starfighter on it and the projectiles it fired."
	author: "alpha"

class
	GAME

create
	make

feature {NONE} -- Initialization

	make
			-- No game.
		do
			create board.make (1, 1)
			create projectiles.make (10)
			fighter_row := 1
			fighter_column := 1
		end

feature -- Access

	board: BOARD
	projectiles: ARRAYED_LIST [PROJECTILE]
	fighter_row, fighter_column: INTEGER
	in_game: BOOLEAN

	move_range: INTEGER = 3
			-- How far the starfighter moves in one turn.

	projectile_speed: INTEGER = 5
			-- How far a projectile flies in one turn.

feature -- Errors

	turn_error: STRING
			-- Why a turn cannot be played now, or ok.
		do
			if not in_game then
				Result := {MESSAGES}.not_in_game
			else
				Result := {MESSAGES}.ok
			end
		end

	move_error (row, column: INTEGER): STRING
			-- Why the starfighter cannot move to `row', `column', or ok.
		local
			distance: INTEGER
		do
			distance := (row - fighter_row).abs + (column - fighter_column).abs
			if not in_game then
				Result := {MESSAGES}.not_in_game
			elseif not board.has (row, column) then
				Result := {MESSAGES}.outside_board
			elseif row = fighter_row and column = fighter_column then
				Result := {MESSAGES}.already_there
			elseif distance > move_range then
				Result := {MESSAGES}.out_of_range
			else
				Result := {MESSAGES}.ok
			end
		end

feature -- Commands

	start (rows, columns: INTEGER)
			-- A new game on a board of `rows' by `columns', the starfighter mid-left.
		do
			create board.make (rows, columns)
			projectiles.wipe_out
			fighter_row := (rows + 1) // 2
			fighter_column := 1
			in_game := True
		ensure
			playing: in_game
		end

	stop
			-- The game ends.
		do
			in_game := False
			projectiles.wipe_out
		end

	move_to (row, column: INTEGER)
			-- The starfighter is at `row', `column'.
		require
			on_board: board.has (row, column)
		do
			fighter_row := row
			fighter_column := column
		end

	launch
			-- A projectile right of the starfighter.
		do
			projectiles.extend (create {PROJECTILE}.make (fighter_row, fighter_column + 1))
		end

	end_turn
			-- Every projectile flies; those leaving the board are gone.
		local
			i: INTEGER
		do
			from
				i := projectiles.count
			until
				i < 1
			loop
				projectiles [i].fly (projectile_speed)
				if not board.has (projectiles [i].row, projectiles [i].column) then
					projectiles.go_i_th (i)
					projectiles.remove
				end
				i := i - 1
			end
		end

feature -- Output

	board_out: STRING
			-- The board, a line per row.
		local
			grid: ARRAY2 [CHARACTER]
		do
			grid := board.empty_grid
			across
				projectiles as p
			loop
				grid [p.item.row, p.item.column] := '*'
			end
			grid [fighter_row, fighter_column] := 'S'
			Result := board.grid_out (grid)
		end

invariant
	fighter_on_board: in_game implies board.has (fighter_row, fighter_column)

end

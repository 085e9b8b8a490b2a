class
	MOVE_COMMAND

inherit
	GAME_COMMAND

create
	make

feature {NONE}

	make (r, c: INTEGER)
		do
			target_row := r
			target_col := c
		end

	target_row, target_col: INTEGER

	reach: INTEGER = 3

feature

	error (w: WORLD): detachable STRING
		do
			Result := needs_game (w)
			if Result = Void then
				if target_row > w.height or target_col > w.width then
					Result := "Cannot move outside of board."
				elseif w.ship = w.index (target_row, target_col) then
					Result := "Already there."
				elseif w.distance (target_row, target_col) > reach then
					Result := "Out of movement range."
				end
			end
		end

	apply (w: WORLD)
		do
			w.place_ship (target_row, target_col)
			w.tick
		end

end

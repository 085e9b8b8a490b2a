note
	description: "Dispatches the commands by their codes, checks their errors by priority, and keeps the game."
	author: "delta"

class
	DISPATCHER

create
	make

feature {NONE}

	make
		do
			create bullet_rows.make (0)
			create bullet_cols.make (0)
			status := "ok"
		end

feature -- Codes of the commands

	Play_code: INTEGER = 1
	Move_code: INTEGER = 2
	Fire_code: INTEGER = 3
	Pass_code: INTEGER = 4
	Abort_code: INTEGER = 5

feature -- Game

	started: BOOLEAN
	n_rows, n_cols: INTEGER
	fighter: TUPLE [row, col: INTEGER]
		attribute
			Result := [1, 1]
		end
	bullet_rows, bullet_cols: ARRAYED_LIST [INTEGER]
	status: STRING
	count: INTEGER

feature -- Dispatch

	dispatch (code, a, b: INTEGER)
			-- Run the command of `code' with arguments `a', `b' (0 when it takes none).
		do
			count := count + 1
			status := problem (code, a, b)
			if status.same_string ("ok") then
				inspect code
				when Play_code then
					n_rows := a
					n_cols := b
					fighter := [(a + 1) // 2, 1]
					bullet_rows.wipe_out
					bullet_cols.wipe_out
					started := True
				when Move_code then
					fighter := [a, b]
					step
				when Fire_code then
					bullet_rows.extend (fighter.row)
					bullet_cols.extend (fighter.col + 1)
					step
				when Pass_code then
					step
				when Abort_code then
					started := False
				end
			end
		end

feature {NONE} -- Rules

	problem (code, a, b: INTEGER): STRING
			-- The error of highest priority of the command, or "ok".
		do
			Result := "ok"
			if code = Play_code then
				if started then
					Result := "Already in a game. Please abort to start a new one."
				end
			elseif not started then
				Result := "Command can only be used in game."
			elseif code = Move_code then
				if a > n_rows or b > n_cols then
					Result := "Cannot move outside of board."
				elseif a = fighter.row and b = fighter.col then
					Result := "Already there."
				elseif (a - fighter.row).abs + (b - fighter.col).abs > 3 then
					Result := "Out of movement range."
				end
			end
		end

	step
			-- Every bullet moves five columns; gone past the board.
		local
			k: INTEGER
		do
			from
				k := 1
			until
				k > bullet_cols.count
			loop
				bullet_cols [k] := bullet_cols [k] + 5
				if bullet_cols [k] > n_cols then
					bullet_rows.go_i_th (k)
					bullet_rows.remove
					bullet_cols.go_i_th (k)
					bullet_cols.remove
				else
					k := k + 1
				end
			end
		end

feature -- Display

	display: STRING
		local
			rows_text: ARRAYED_LIST [STRING]
			header, line: STRING
			letters: STRING
			k, r, c: INTEGER
		do
			Result := "  state:" + count.out + ", " + status
			if started then
				letters := "ABCDEFGHIJ"
				create rows_text.make (n_rows)
				from r := 1 until r > n_rows loop
					create line.make_filled ('_', 3 * n_cols)
					from c := 1 until c > n_cols loop
						line [3 * c - 2] := ' '
						line [3 * c - 1] := ' '
						c := c + 1
					end
					rows_text.extend ("  " + letters.substring (r, r) + line)
					r := r + 1
				end
				from k := 1 until k > bullet_rows.count loop
					rows_text [bullet_rows [k]].put ('*', 3 + 3 * bullet_cols [k])
					k := k + 1
				end
				rows_text [fighter.row].put ('S', 3 + 3 * fighter.col)
				header := "   "
				from c := 1 until c > n_cols loop
					header.append_string (if c < 10 then " " + c.out + " " else " " + c.out end)
					c := c + 1
				end
				Result := Result + "%N" + header
				across rows_text as t loop
					Result := Result + "%N" + t.item
				end
			end
		end

end

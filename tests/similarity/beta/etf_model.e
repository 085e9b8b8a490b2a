note
	description: "Space Defender in one class: the state, the rules and the display."
	author: "beta"

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
		do
			create error.make_empty
			create shots.make
			phase := not_started
			counter := 0
			height := 0
			width := 0
		end

feature {NONE} -- Phases

	not_started: INTEGER = 0
	playing: INTEGER = 1

feature -- State

	phase: INTEGER
	counter: INTEGER
	error: STRING
	height, width: INTEGER
	ship_r, ship_c: INTEGER
	shots: LINKED_LIST [TUPLE [r: INTEGER; c: INTEGER]]

feature -- Commands

	play (row, column: INTEGER)
		do
			counter := counter + 1
			error := ""
			if phase = playing then
				error := "Already in a game. Please abort to start a new one."
			else
				height := row
				width := column
				ship_r := height // 2 + height \\ 2
				ship_c := 1
				shots.wipe_out
				phase := playing
			end
		end

	move (row, column: INTEGER)
		local
			steps: INTEGER
		do
			counter := counter + 1
			error := ""
			steps := (ship_r - row).abs + (ship_c - column).abs
			if phase /= playing then
				error := "Command can only be used in game."
			elseif row > height or column > width then
				error := "Cannot move outside of board."
			elseif steps = 0 then
				error := "Already there."
			elseif steps > 3 then
				error := "Out of movement range."
			else
				ship_r := row
				ship_c := column
				advance_shots
			end
		end

	fire
		do
			counter := counter + 1
			error := ""
			if phase /= playing then
				error := "Command can only be used in game."
			else
				shots.extend ([ship_r, ship_c + 1])
				advance_shots
			end
		end

	pass
		do
			counter := counter + 1
			error := ""
			if phase /= playing then
				error := "Command can only be used in game."
			else
				advance_shots
			end
		end

	abort
		do
			counter := counter + 1
			error := ""
			if phase = playing then
				phase := not_started
				shots.wipe_out
			else
				error := "Command can only be used in game."
			end
		end

	reset
		do
			make
		end

feature {NONE} -- Turn

	advance_shots
			-- Shots fly five cells; those past the right edge vanish.
		do
			across shots as s loop
				s.item.c := s.item.c + 5
			end
			from shots.start until shots.after loop
				if shots.item.c > width then
					shots.remove
				else
					shots.forth
				end
			end
		end

	shot_at (row, column: INTEGER): BOOLEAN
		do
			Result := across shots as s some s.item.r = row and s.item.c = column end
		end

	cell (row, column: INTEGER): CHARACTER
		do
			if row = ship_r and column = ship_c then
				Result := 'S'
			elseif shot_at (row, column) then
				Result := '*'
			else
				Result := '_'
			end
		end

feature -- Display

	out: STRING
		local
			line: STRING
		do
			Result := "  state:" + counter.out + ", "
			if error.is_empty then
				Result := Result + "ok"
			else
				Result := Result + error
			end
			if phase = playing then
				line := "    "
				across 1 |..| width as k loop
					line := line + k.item.out
					line := line + (if k.item < 10 then "  " else " " end)
				end
				Result := Result + "%N" + line
				across 1 |..| height as i loop
					line := "  " + ("ABCDEFGHIJ").item (i.item).out
					across 1 |..| width as j loop
						line := line + "  " + cell (i.item, j.item).out
					end
					Result := Result + "%N" + line
				end
			end
		end

end

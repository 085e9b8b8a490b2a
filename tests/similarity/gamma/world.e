note
	description: "The world: a board whose cells are numbered row by row, the ship's cell, and the cells holding shots."
	author: "gamma"

class
	WORLD

create
	make

feature {NONE}

	make
		do
			create shots.make (16)
		end

feature -- State

	active: BOOLEAN
	height, width: INTEGER
	ship: INTEGER
			-- The ship's cell.
	shots: HASH_TABLE [BOOLEAN, INTEGER]
			-- Cells with a shot in them.

feature -- Cells

	index (r, c: INTEGER): INTEGER
		do
			Result := (r - 1) * width + c
		end

	row_of (cell: INTEGER): INTEGER
		do
			Result := (cell - 1) // width + 1
		end

	column_of (cell: INTEGER): INTEGER
		do
			Result := (cell - 1) \\ width + 1
		end

	distance (r, c: INTEGER): INTEGER
		do
			Result := (row_of (ship) - r).abs + (column_of (ship) - c).abs
		end

feature -- Changes

	begin (r, c: INTEGER)
		do
			height := r
			width := c
			ship := index ((r + 1) // 2, 1)
			shots.wipe_out
			active := True
		end

	finish
		do
			active := False
			shots.wipe_out
		end

	place_ship (r, c: INTEGER)
		do
			ship := index (r, c)
		end

	shoot
		do
			shots.force (True, ship + 1)
		end

	tick
		local
			moved: HASH_TABLE [BOOLEAN, INTEGER]
			cell: INTEGER
		do
			create moved.make (16)
			across shots.current_keys as k loop
				cell := k.item
				if column_of (cell) + 5 <= width then
					moved.force (True, cell + 5)
				end
			end
			shots := moved
		end

feature -- Picture

	picture: STRING
		local
			cell: INTEGER
		do
			Result := "    "
			across 1 |..| width as c loop
				Result.append (c.item.out)
				Result.append (create {STRING}.make_filled (' ', 3 - c.item.out.count))
			end
			across 1 |..| height as r loop
				Result.append ("%N  ")
				Result.append_character ("ABCDEFGHIJ" [r.item])
				across 1 |..| width as c loop
					cell := index (r.item, c.item)
					Result.append ("  ")
					if cell = ship then
						Result.append ("S")
					elseif shots.has (cell) then
						Result.append ("*")
					else
						Result.append ("_")
					end
				end
			end
		end

end

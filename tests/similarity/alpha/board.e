note
	description: "A board of rows and columns, rows named A to J."
	author: "alpha"

class
	BOARD

create
	make

feature {NONE} -- Initialization

	make (a_rows, a_columns: INTEGER)
			-- A board of `a_rows' by `a_columns'.
		require
			positive: a_rows > 0 and a_columns > 0
		do
			rows := a_rows
			columns := a_columns
		end

feature -- Access

	rows, columns: INTEGER

	has (row, column: INTEGER): BOOLEAN
			-- Is `row', `column' on the board?
		do
			Result := 1 <= row and row <= rows and 1 <= column and column <= columns
		end

	row_name (row: INTEGER): CHARACTER
			-- The letter of `row'.
		do
			Result := ('A').plus (row - 1)
		end

	empty_grid: ARRAY2 [CHARACTER]
			-- A grid of empty cells.
		do
			create Result.make_filled ('_', rows, columns)
		end

	grid_out (grid: ARRAY2 [CHARACTER]): STRING
			-- `grid' as text, with the row letters and column numbers.
		local
			r, c: INTEGER
		do
			create Result.make_from_string ("    ")
			from c := 1 until c > columns loop
				Result.append (c.out)
				if c < 10 then
					Result.append ("  ")
				else
					Result.append (" ")
				end
				c := c + 1
			end
			from r := 1 until r > rows loop
				Result.append ("%N  ")
				Result.append_character (row_name (r))
				from c := 1 until c > columns loop
					Result.append ("  ")
					Result.append_character (grid [r, c])
					c := c + 1
				end
				r := r + 1
			end
		end

end

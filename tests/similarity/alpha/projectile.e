note
	description: "A friendly projectile flying right."
	author: "alpha"

class
	PROJECTILE

create
	make

feature {NONE} -- Initialization

	make (a_row, a_column: INTEGER)
			-- A projectile at `a_row', `a_column'.
		do
			row := a_row
			column := a_column
		end

feature -- Access

	row, column: INTEGER

feature -- Moving

	fly (distance: INTEGER)
			-- Fly `distance' cells right.
		do
			column := column + distance
		ensure
			flew: column = old column + distance
		end

end

class
	PLAY_COMMAND

inherit
	GAME_COMMAND

create
	make

feature {NONE}

	make (r, c: INTEGER)
		do
			height := r
			width := c
		end

	height, width: INTEGER

feature

	error (w: WORLD): detachable STRING
		do
			if w.active then
				Result := "Already in a game. Please abort to start a new one."
			end
		end

	apply (w: WORLD)
		do
			w.begin (height, width)
		end

end

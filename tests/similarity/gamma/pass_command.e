class
	PASS_COMMAND

inherit
	GAME_COMMAND

feature

	error (w: WORLD): detachable STRING
		do
			Result := needs_game (w)
		end

	apply (w: WORLD)
		do
			w.tick
		end

end

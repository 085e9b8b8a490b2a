class
	FIRE_COMMAND

inherit
	GAME_COMMAND

feature

	error (w: WORLD): detachable STRING
		do
			Result := needs_game (w)
		end

	apply (w: WORLD)
		do
			w.shoot
			w.tick
		end

end

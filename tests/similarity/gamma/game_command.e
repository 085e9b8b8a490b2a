note
	description: "A command of the game: its error in a world, if any, and its effect."
	author: "gamma"

deferred class
	GAME_COMMAND

feature -- Checking

	error (w: WORLD): detachable STRING
			-- The error of highest priority, Void if none.
		deferred
		end

feature -- Applying

	apply (w: WORLD)
		require
			no_error: error (w) = Void
		deferred
		end

feature {NONE} -- Errors shared by the commands

	needs_game (w: WORLD): detachable STRING
		do
			if not w.active then
				Result := "Command can only be used in game."
			end
		end

end

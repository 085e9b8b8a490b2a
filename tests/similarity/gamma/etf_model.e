note
	description: "The model runs each command object against the game state."
	author: "gamma"

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
			create world.make
			report := "ok"
		end

feature -- Attributes

	world: WORLD
	report: STRING
	turns: INTEGER

feature -- Running commands

	run (command: GAME_COMMAND)
			-- Check `command' against the world; apply it when it has no error.
		local
			problem: detachable STRING
		do
			turns := turns + 1
			problem := command.error (world)
			if attached problem as p then
				report := p
			else
				command.apply (world)
				report := "ok"
			end
		end

	reset
		do
			make
		end

feature -- Output

	out: STRING
		do
			Result := "  state:" + turns.out + ", " + report
			if world.active then
				Result.append ("%N" + world.picture)
			end
		end

end

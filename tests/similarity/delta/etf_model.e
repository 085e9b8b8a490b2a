note
	description: "The model hands every command to the dispatcher by its code."
	author: "delta"

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
			create dispatcher.make
		end

feature

	dispatcher: DISPATCHER

	default_update
		do
		end

	reset
		do
			make
		end

	out: STRING
		do
			Result := dispatcher.display
		end

end

note
	description: "The messages of the game, as the oracle prints them."
	author: "alpha"

class
	MESSAGES

feature -- Messages

	ok: STRING = "ok"
	not_in_game: STRING = "Command can only be used in game."
	already_in_game: STRING = "Already in a game. Please abort to start a new one."
	outside_board: STRING = "Cannot move outside of board."
	already_there: STRING = "Already there."
	out_of_range: STRING = "Out of movement range."

end

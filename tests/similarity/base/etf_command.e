note
	description: "Deferred command of the abstract user interface."
	author: "Jackie Wang"
	date: "$Date$"
	revision: "$Revision$"

deferred class
	ETF_COMMAND

inherit
	ETF_COMMAND_INTERFACE
		redefine
			make
		end

feature {NONE}

	make (an_etf_cmd_name: STRING; etf_cmd_args: TUPLE; an_etf_cmd_container: ETF_ABSTRACT_UI_INTERFACE)
		local
			model_access: ETF_MODEL_ACCESS
		do
			Precursor (an_etf_cmd_name, etf_cmd_args, an_etf_cmd_container)
				-- may set your own model state here
			model := model_access.m
		end

feature -- attributes

	model: ETF_MODEL

end

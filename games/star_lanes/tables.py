"""Every fixed number and text of Star Lanes, as the original listing has them (lines 40-9560)."""

from typing import Final

ROWS: Final = 9
"""Rows of the galaxy, numbered 1 to 9 (DIM M(10,13): rows 0 and 10 are a border of zeros)."""
COLUMNS: Final = 12
"""Columns of the galaxy, lettered A to L (columns 0 and 13 are the border)."""
COLUMN_LETTERS: Final = "ABCDEFGHIJKL"
COLUMN_CODE_OFFSET: Final = 64
"""A typed column is ASC(last character) - 64: A is 1 (line 380)."""
CELL_SYMBOLS: Final = ".+*ABCDE"
"""The map's character for each cell code from 1 (empty) up (line 100, L$)."""

STAR_DRAW_SCALE: Final = 20
STAR_DRAW_VALUE: Final = 10
"""A cell starts as a star when INT(RND*20)+1 = 10 (line 110)."""

COMPANY_NAMES: Final = (
    "ALTAIR STARWAYS",
    "BETELGEUSE, LTD.",
    "CAPELLA FREIGHT CO.",
    "DENEBOLA SHIPPERS",
    "ERIDANI EXPEDITERS",
)
"""M$(1) to M$(5): company 1 is Altair, shown on the map as A (lines 70-90)."""

PLAYER_SLOTS: Final = 5
"""DIM P$(5), B(5), D1(5): player arrays go up to index 5 (line 60-65)."""
HOLDING_PLAYER_SLOTS: Final = 4
"""DIM S(5,4): holdings go up to player 4, so a fifth player fails there (line 60)."""

STARTING_CASH: Final = 6000
STARTING_PRICE: Final = 100
"""A company's price before it is formed and after it is merged away; the stock screen skips
companies at this price (line 1460)."""

CANDIDATE_COUNT: Final = 5
LAST_MOVE: Final = 48
"""The game ends when the move counter K, counted from 0, reaches 48 (line 200)."""

FOUNDER_SHARES: Final = 5
GROWTH_PRICE: Final = 100
"""Growing a company by the moved-to cell adds 100 to its price (line 540)."""
STAR_PRICE: Final = 500
OUTPOST_PRICE: Final = 100
"""Each adjacent star adds 500, each absorbed outpost 100 (lines 700-770)."""
SPLIT_PRICE: Final = 3000
"""A price of 3000 or more after growth, more than 3000 after a merge, splits (780, 1320)."""

DIVIDEND_RATE: Final = 0.05
"""5% of the market value of each holding: the constant .05 of line 800."""
CONVERSION_RATE: Final = 0.5
"""A merged-away share becomes half a share, rounded: INT(.5*S+.5) (line 1240)."""
BONUS_FACTOR: Final = 10
"""Bonus = INT(10 * (own / total shares) * old price) (line 1270)."""

FORM_FEED: Final = "\f"

TITLE_TAB: Final = 10
TITLE: Final = ("* S * T * A * R **", " L * A * N * E * S *")
PLAYER_COUNT_PROMPT: Final = "HOW MANY PLAYERS (2-4)"
INSTRUCTIONS_PROMPT: Final = "DOES ANY PLAYER NEED INSTRUCTIONS"
PLAYER_LABEL: Final = "PLAYER"
NAME_PROMPT: Final = "WHAT IS YOUR NAME"
DECIDING: Final = "NOW I WILL DECIDED WHO GOES FIRST..."
FIRST_PLAYER: Final = " IS THE FIRST PLAYER TO MOVE."
YES: Final = "Y"
"""An answer is yes when it starts with Y (lines 150, 9560)."""

LEGAL_MOVES: Final = ", HERE ARE YOUR LEGAL MOVES FOR THIS TURN:"
CANDIDATE_SEPARATOR: Final = " /"
MOVE_PROMPT: Final = "WHAT IS YOUR MOVE"
MAP_REQUEST: Final = "M"
STOCK_REQUEST: Final = "S"
"""An answer that starts with M shows the map, with S the holdings (lines 370, 850)."""
NOT_IN_LIST: Final = "THAT SPACE WAS NOT INCLUDED IN THE LIST..."

ANNOUNCEMENT_TAB: Final = 22
ANNOUNCEMENT: Final = "SPECIAL ANNOUNCEMENT!!"
NEW_COMPANY: Final = "A NEW SHIPPING COMPANY HAS BEEN FORMED!"
NEW_COMPANY_NAME: Final = "IT'S NAME IS "
AFTER_ANNOUNCEMENT_LINES: Final = 5

MERGED_INTO: Final = " HAS JUST BEEN MERGED INTO "
MERGE_NOTE: Final = "PLEASE NOTE THE FOLLOWING TRANSACTIONS."
OLD_STOCK_TAB: Final = 4
OLD_STOCK: Final = "OLD STOCK = "
NEW_STOCK: Final = "       NEW STOCK = "
MERGE_TABLE_TABS: Final = (10, 22, 34, 53)
MERGE_TABLE_HEADINGS: Final = ("PLAYER", "OLD STOCK", "NEW STOCK", "TOTAL HOLDINGS", "BONUS PAID")
BONUS_PREFIX: Final = " $"

SPLIT_PREFIX: Final = "THE STOCK OF "
SPLIT_SUFFIX: Final = " HAS SPLIT 2 FOR 1!"

CASH_LINE: Final = "YOUR CURRENT CASH= $"
BUY_PREFIX: Final = "BUY HOW MANY SHARES OF "
BUY_PRICE: Final = " AT $"
OWN_TAB: Final = 5
OWN: Final = "YOU NOW OWN"
ONLY_HAVE: Final = "YOU ONLY HAVE $"
TRY_AGAIN: Final = "- TRY AGAIN"

MAP_TITLE_TAB: Final = 22
MAP_TITLE: Final = "MAP OF THE GALAXY"
MAP_RULE_TAB: Final = 21
MAP_RULE: Final = "*******************"
MAP_HEADER_TAB: Final = 12
MAP_HEADER: Final = " A  B  C  D  E  F  G  H  I  J  K  L"
MAP_ROW_TAB: Final = 9

STOCK_TABS: Final = (30, 50)
STOCK_HEADINGS: Final = ("STOCK", "PRICE PER SHARE", "YOUR HOLDINGS")

GAME_OVER: Final = "THE GAME IS OVER - HERE ARE THE FINAL STANDINGS"
STANDINGS_TABS: Final = (10, 33, 50)
STANDINGS_HEADINGS: Final = ("PLAYER", "CASH VALUE OF STOCK", "CASH ON HAND", "NET WORTH")
DOLLAR: Final = "$"
ANOTHER_GAME_PROMPT: Final = "ANOTHER GAME"

INSTRUCTIONS: Final = (
    "",
    "   STAR LANES IS A GAME OF INTERSTELLAR TRADING.",
    "THE OBJECT OF THE GAME IS TO AMASS THE GREATEST AMOUNT",
    "OF MONEY. THIS IS ACCOMPLISHED BY ESTABLISHING VAST,",
    "INTERSTELLAR SHIPPING LANES, AND PURCHASING STOCK IN",
    "THE COMPANIES THAT CONTROL THOSE TRADE ROUTES. DURING",
    "THE COURSE OF THE GAME, STOCK APPRECIATES IN VALUE AS",
    "THE SHIPPING COMPANIES BECOME LARGER. ALSO, SMALLER",
    "COMPANIES CAN BE MERGED INTO LARGER ONES, AND STOCK",
    "IN THE SMALLER FIRM IS CONVERTED INTO STOCK IN THE ",
    "LARGER ONE AS DESCRIBED BELOW.",
    "",
    "   EACH TURN, THE COMPUTER WILL PRESENT THE PLAYER WITH",
    "FIVE PROSPECTIVE SPACES TO OCCUPY ON A 9X12 MATRIX",
    "(ROWS 1-9, COLUMNS A-L). THE PLAYER, AFTER EXAMINING",
    "THE MAP OF THE GALAXY TO DECIDE WHICH SPACE HE WISHES",
    "TO OCCUPY, RESPONDS WITH THE ROW AND COLUMN OF THAT",
    "SPACE, I.E., 7E, 8A, ETC. THERE ARE FOUR POSSIBLE",
    "MOVES A PLAYER CAN MAKE.",
    "",
    "   1. HE CAN ESTABLISH AN UNATTACHED OUTPOST- IF HE",
    "SELECTS A SPACE THAT IS NOT ADJACENT TO A STAR, ANOTHER",
    "UNATTACHED OUTPOST, OR AN EXISTING SHIPPING LANE, THIS",
    "SPACE WILL BE DESIGNATED WITH A '+'. HE WILL THEN PROCEED",
    "WITH STOCK TRANSACTIONS, AS LISTED BELOW.",
    "",
    "   2. HE CAN ADD TO AN EXISTING LANE- IF HE SELECTS A SPACE",
    "WHICH IS ADJACENT TO ONE - AND ONLY ONE EXISTING SHIPPING",
    "LANE, THE SPACE HE SELECTS WILL BE ADDED TO THAT SHIPPING",
    "LANE, AND WILL BE DESIGNATED WITH THE FIRST LETTER OF ",
    "THE COMPANY THAT OWNS THAT LANE. IF THERE ARE ANY STARS",
    "OR UNATTACHED OUTPOSTS ALSO ADJACENT TO THE SELECTED SPACE,",
    "THEY, TOO, WILL BE INCORPORATED INTO THE EXISTING LANE.",
    "EACH NEW SQUARE ADJACENT TO A STAR ADDS $500 PER SHARE, AND",
    "EACH NEW OUTPOST ADDS $100 PER SHARE TO THE MARKET VALUE",
    "OF THE STOCK OF THAT SHIPPING COMPANY.",
    "",
    "   3. HE MAY ESTABLISH A NEW SHIPPING LANE- IF THERE",
    "ARE FIVE OR LESS EXISTING SHIPPING LANES ESTABLISHED,",
    "THE PLAYER MAY, GIVEN THE PROPER SPACE TO PLAY, ESTABLISH",
    "A NEW SHIPPING LANE. HE MAY DO THIS BY OCCUPYING A SPACE",
    "ADJACENT TO A STAR OR ANOTHER UNATTACHED OUTPOST, BUT ",
    "NOT ADJACENT TO AN EXISTING SHIPPING LANE. IF HE ",
    "ESTABLISHES A NEW SHIPPING LANE, HE IS AUTOMATICALLY",
    "ISSUED 5 SHARES IN THE NEW COMPANY AS A REWARD. HE",
    "MAY THEN PROCEED TO BUY STOCK IN THAT COMPANY, OR ANY",
    "OTHER ACTIVE COMPANY, AS DESCRIBED BELOW. THE MARKET ",
    "VALUE OF THE NEW STOCK IS ESTABLISHED BY THE NUMBER OF",
    "STARS AND OCCUPIED SPACES AS DESCRIBED IN #2 ABOVE.",
    "",
    "   4. HE MAY MERGE TWO EXISTING COMPANIES- IF PLAYER",
    "SELECTS A SPACE ADJACENT TO TWO EXISTING SHIPPING",
    "LANES, A MERGER OCCURS. THE LARGER COMPANY TAKES OVER",
    "THE SMALLER COMPANY, THE STOCK OF THE LARGER COMPANY IS",
    "INCREASED IN VALUE ACCORDING TO THE NUMBER OF SPACES AND",
    "STARS ADDED TO ITS LANE, EACH PLAYER'S STOCK IN THE",
    "SMALLER COMPANY IS EXCHANGED FOR SHARES IN THE LARGER",
    "ON A RATIO OF 2 SHARES OF THE SMALLER = 1 SHARE OF THE",
    "LARGER. ALSO, EACH PLAYER IS PAID A CASH BONUS PROPORTIONAL",
    "TO THE PERCENTAGE OF OUTSTANDING STOCK HE HELD IN THE",
    "SMALLER COMPANY. NOTE: AFTER A COMPANY BECOMES DEFUNCT",
    "THROUGH THIS MERGER PROCESS, IT CAN REAPPEAR ELSEWHERE",
    "ON THE BOARD IF A NEW COMPANY IS ESTABLISHED (SEE #3 ABOVE)",
    "",
    "   NEXT THE COMPUTER ADDS STOCK DIVIDENDS TO THE",
    "PLAYER'S CASH ON HAND (5% OF THE MARKET VALUE OF THE ",
    "STOCK IN HIS POSSESSION), AND OFFERS HIM THE OPPORTUNITY TO",
    "PURCHASE STOCK IN ANY OF THE ACTIVE COMPANIES ON THE",
    "BOARD. STOCK MAY NOT BE SOLD, BUT THE MARKET VALUES OF",
    "EACH PLAYER'S STOCK IS TAKEN INTO ACCOUNT AT THE END",
    "OF THE GAME TO DETERMINE THE WINNER. IF THE MARKET VALUE",
    "OF A GIVEN STOCK EXCEEDS $3000 AT ANY TIME DURING THE ",
    "GAME, THAT STOCK SPLITS TWO FOR ONE. THE PRICE IS CUT",
    "IN HALF, AND THE NUMBER OF SHARES OWNED BY EACH PLAYER",
    "IS DOUBLED.",
    "",
    "NOTE: THE PLAYER MAY LOOK AT HIS PORTFOLIO AT ANY TIME",
    "DURING THE COURSE OF HIS TURN BY RESPONDING WITH 'STOCK'",
    "TO AN INPUT STATEMENT. LIKEWISE, HE CAN REVIEW THE MAP",
    "OF THE GALAXY BY TYPING 'MAP' TO AN INPUT STATEMENT.",
    "",
    "GAME ENDS AFTER 48 MOVES. PLAYER WITH THE GREATEST",
    "NET WORTH AT THAT POINT IS THE WINNER.",
    "",
    "",
)
"""Lines 8000-8750, one printed line each (blank lines included)."""

SEED_LINE: Final = 39
"""Where a seeded run has `39 RANDOMIZE n` (the project's convention for seeds)."""
LISTING_LINES: Final = (
    10,
    20,
    30,
    35,
    36,
    40,
    50,
    60,
    65,
    70,
    75,
    80,
    90,
    100,
    110,
    120,
    130,
    140,
    150,
    160,
    170,
    180,
    185,
    190,
    200,
    210,
    220,
    230,
    240,
    250,
    260,
    270,
    280,
    290,
    300,
    310,
    315,
    320,
    325,
    330,
    332,
    335,
    337,
    340,
    350,
    360,
    370,
    372,
    375,
    380,
    390,
    400,
    410,
    420,
    430,
    440,
    450,
    460,
    470,
    480,
    490,
    500,
    510,
    520,
    530,
    540,
    660,
    670,
    680,
    690,
    695,
    700,
    710,
    720,
    730,
    740,
    750,
    760,
    770,
    780,
    790,
    800,
    810,
    820,
    830,
    840,
    850,
    855,
    856,
    860,
    870,
    880,
    890,
    900,
    1000,
    1010,
    1020,
    1030,
    1040,
    1050,
    1060,
    1061,
    1062,
    1063,
    1065,
    1070,
    1080,
    1090,
    1100,
    1110,
    1120,
    1130,
    1140,
    1150,
    1160,
    1170,
    1180,
    1190,
    1200,
    1210,
    1220,
    1230,
    1240,
    1250,
    1260,
    1265,
    1270,
    1290,
    1300,
    1310,
    1315,
    1317,
    1318,
    1319,
    1320,
    1321,
    1322,
    1340,
    1355,
    1360,
    1370,
    1400,
    1410,
    1415,
    1420,
    1430,
    1440,
    1450,
    1460,
    1470,
    1480,
    7900,
    7910,
    7920,
    8000,
    8010,
    8020,
    8030,
    8040,
    8050,
    8060,
    8070,
    8080,
    8090,
    8100,
    8120,
    8130,
    8140,
    8150,
    8160,
    8170,
    8180,
    8190,
    8200,
    8210,
    8230,
    8240,
    8250,
    8260,
    8270,
    8280,
    8290,
    8300,
    8310,
    8320,
    8330,
    8340,
    8350,
    8360,
    8370,
    8380,
    8390,
    8400,
    8410,
    8420,
    8430,
    8440,
    8450,
    8460,
    8470,
    8480,
    8490,
    8500,
    8510,
    8520,
    8530,
    8540,
    8550,
    8560,
    8570,
    8580,
    8590,
    8600,
    8610,
    8620,
    8630,
    8640,
    8650,
    8660,
    8670,
    8680,
    8690,
    8700,
    8710,
    8720,
    8730,
    8740,
    8750,
    8760,
    9500,
    9505,
    9510,
    9520,
    9530,
    9540,
    9550,
    9560,
)
"""The line numbers of the listing: direct mode deletes a typed one, or says it is undefined."""

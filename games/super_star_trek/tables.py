"""Every fixed number and text of Super Star Trek (the 1978 listing), named after what it is.

Texts with `{}` are templates: the view fills them with numbers printed the BASIC way (a
number brings its own leading and trailing space). Line numbers are those of the listing.
"""

from typing import Final

# --- The galaxy and the ship (lines 330-710) -----------------------------------------------------

GALAXY_SIZE: Final = 8  # quadrants per side; sectors per side of a quadrant too
INITIAL_ENERGY: Final = 3000  # E0
INITIAL_TORPEDOES: Final = 10  # P0
KLINGON_BASE_ENERGY: Final = 200  # S9: a Klingon starts with S9*(0.5+RND(1))
DEVICE_COUNT: Final = 8

# Line 370: the starting stardate is INT(RND*20+20)*100, the mission INT(RND*10)+25 days.
STARDATE_SPAN: Final = 20
STARDATE_BASE: Final = 20
STARDATE_UNIT: Final = 100
MISSION_SPAN: Final = 10
MISSION_BASE: Final = 25

# Lines 850-980: RND thresholds for the Klingons and the starbase of a quadrant.
THREE_KLINGONS_ABOVE: Final = ".98"
TWO_KLINGONS_ABOVE: Final = ".95"
ONE_KLINGON_ABOVE: Final = ".80"
STARBASE_ABOVE: Final = ".96"

# Line 475: FNR(R) = INT(RND(R)*7.98+1.01), a sector or quadrant coordinate 1..8.
COORDINATE_SCALE: Final = "7.98"
COORDINATE_OFFSET: Final = "1.01"

# Lines 530-600: the course vectors C(1..9) as (row step, column step); 9 is 1 again.
COURSE_VECTORS: Final = (
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
)

# Line 710: the commands, of which only the first three letters of what is typed count.
COMMANDS: Final = ("NAV", "SRS", "LRS", "PHA", "TOR", "SHE", "DAM", "COM", "XXX")

# Lines 8790-8806: the devices, D(1) to D(8).
DEVICE_NAMES: Final = (
    "WARP ENGINES",
    "SHORT RANGE SENSORS",
    "LONG RANGE SENSORS",
    "PHASER CONTROL",
    "PHOTON TUBES",
    "DAMAGE CONTROL",
    "SHIELD CONTROL",
    "LIBRARY-COMPUTER",
)
WARP_ENGINES: Final = 1
SHORT_RANGE_SENSORS: Final = 2
LONG_RANGE_SENSORS: Final = 3
PHASER_CONTROL: Final = 4
PHOTON_TUBES: Final = 5
DAMAGE_CONTROL: Final = 6
SHIELD_CONTROL: Final = 7
LIBRARY_COMPUTER: Final = 8

# Lines 9030-9260: region names, rows 1-8, for columns 1-4 and 5-8; the suffix by column.
WEST_REGIONS: Final = (
    "ANTARES",
    "RIGEL",
    "PROCYON",
    "VEGA",
    "CANOPUS",
    "ALTAIR",
    "SAGITTARIUS",
    "POLLUX",
)
EAST_REGIONS: Final = (
    "SIRIUS",
    "DENEB",
    "CAPELLA",
    "BETELGEUSE",
    "ALDEBARAN",
    "REGULUS",
    "ARCTURUS",
    "SPICA",
)
QUADRANT_SUFFIXES: Final = (" I", " II", " III", " IV")

# Lines 1680-1910: what a sector shows on the short range scan.
ENTERPRISE_SYMBOL: Final = "<*>"
KLINGON_SYMBOL: Final = "+K+"
STARBASE_SYMBOL: Final = ">!<"
STAR_SYMBOL: Final = " * "
EMPTY_SYMBOL: Final = "   "

# --- Rules of play ---------------------------------------------------------------------------------

MAX_WARP: Final = 8  # line 2380
DAMAGED_MAX_WARP: Final = ".2"  # line 2360
ENERGY_PER_WARP: Final = 8  # line 2490: N = INT(W1*8+.5) sectors, and as many energy units
MANEUVER_ENERGY: Final = 10  # line 3910: E = E - N - 10
LOW_ENERGY: Final = 10  # line 1990: stranded at S+E <= 10, or E <= 10 with shields damaged
YELLOW_ENERGY_FRACTION: Final = ".1"  # line 6660: YELLOW below 10% of E0
DAMAGE_CHANCE: Final = ".2"  # line 2880: a random damage event when RND <= .2
DAMAGE_NOT_IMPROVE: Final = ".6"  # line 2910: damaged when RND < .6, else improved
DAMAGE_SPAN: Final = 5  # line 2930: D = D - (RND*5+1)
IMPROVE_SPAN: Final = 3  # line 3000: D = D + RND*3+1
SMALLEST_DAMAGE: Final = "-.1"  # line 2790: a repair leaving less than .1 to do leaves .1
PHASER_SPREAD: Final = 2  # line 4480: H = INT((H1/FND(0))*(RND(1)+2))
PHASER_MINIMUM_HIT: Final = ".15"  # line 4480: a hit must exceed 15% of the Klingon's energy
TORPEDO_ENERGY: Final = 2  # line 4850
KLINGON_FIRE_SPREAD: Final = 2  # line 6060: H = INT((K(I,3)/FND(1))*(2+RND(1)))
KLINGON_FIRE_DRAIN: Final = 3  # line 6060: K(I,3) = K(I,3)/(3+RND(0))
HIT_DAMAGE_MINIMUM: Final = 20  # line 6100: smaller hits damage nothing
HIT_DAMAGE_CHANCE: Final = ".6"  # line 6120
HIT_DAMAGE_RATIO: Final = ".02"  # line 6120: nor hits of at most 2% of the shields
HIT_DAMAGE_SPREAD: Final = ".5"  # line 6140: D = D - H/S - .5*RND(1)
REPAIR_TIME_CAP: Final = ".9"  # line 5780
REPAIR_TIME_PER_DEVICE: Final = ".1"  # line 5720
REPAIR_EXTRA_TIME: Final = ".1"  # line 5890: T = T + D3 + .1
NEW_QUADRANT_REPAIR_SPREAD: Final = ".5"  # line 1320: D4 = .5*RND(1)
EFFICIENCY_SCALE: Final = 1000  # line 6400

# --- Texts, in the order of the listing ------------------------------------------------------------

TITLE: Final = (
    "                                    ,------*------,",
    "                    ,-------------   '---  ------'",
    "                     '-------- --'      / /",
    "                         ,---' '-------/ /--,",
    "                          '----------------'",
    "",
    "                    THE USS ENTERPRISE --- NCC-1701",
)
BLANK_LINES_BEFORE_TITLE: Final = 11
BLANK_LINES_AFTER_TITLE: Final = 5

ORDERS: Final = (
    "YOUR ORDERS ARE AS FOLLOWS:",
    "     DESTROY THE{}KLINGON WARSHIPS WHICH HAVE INVADED",
    "   THE GALAXY BEFORE THEY CAN ATTACK FEDERATION HEADQUARTERS",
    "   ON STARDATE{}  THIS GIVES YOU{}DAYS.  THERE{}",
    "  {}STARBASE{} IN THE GALAXY FOR RESUPPLYING YOUR SHIP",
    "",
    "HIT ANY KEY EXCEPT RETURN WHEN READY TO ACCEPT COMMAND",
)
ORDERS_ONE_BASE: Final = (" IS ", "")
ORDERS_MANY_BASES: Final = (" ARE ", "S")

MISSION_BEGINS: Final = (
    "YOUR MISSION BEGINS WITH YOUR STARSHIP LOCATED",
    "IN THE GALACTIC QUADRANT, '{}'.",
)
NOW_ENTERING: Final = "NOW ENTERING {} QUADRANT . . ."
COMBAT_AREA: Final = "COMBAT AREA      CONDITION RED"
SHIELDS_LOW: Final = "   SHIELDS DANGEROUSLY LOW"
LOW_SHIELDS_AT_MOST: Final = 200  # line 1560

STRANDED: Final = (
    "",
    "** FATAL ERROR **   YOU'VE JUST STRANDED YOUR SHIP IN ",
    "SPACE",
    "YOU HAVE INSUFFICIENT MANEUVERING ENERGY, AND SHIELD CONTROL",
    "IS PRESENTLY INCAPABLE OF CROSS-CIRCUITING TO ENGINE ROOM!!",
)

COMMAND_PROMPT: Final = "COMMAND"
COMMAND_HELP: Final = (
    "ENTER ONE OF THE FOLLOWING:",
    "  NAV  (TO SET COURSE)",
    "  SRS  (FOR SHORT RANGE SENSOR SCAN)",
    "  LRS  (FOR LONG RANGE SENSOR SCAN)",
    "  PHA  (TO FIRE PHASERS)",
    "  TOR  (TO FIRE PHOTON TORPEDOES)",
    "  SHE  (TO RAISE OR LOWER SHIELDS)",
    "  DAM  (FOR DAMAGE CONTROL REPORTS)",
    "  COM  (TO CALL ON LIBRARY-COMPUTER)",
    "  XXX  (TO RESIGN YOUR COMMAND)",
    "",
)

# Navigation (lines 2300-3980).
COURSE_PROMPT: Final = "COURSE (0-9)"
BAD_COURSE: Final = "   LT. SULU REPORTS, 'INCORRECT COURSE DATA, SIR!'"
WARP_QUESTION: Final = "WARP FACTOR (0-8)"
DAMAGED_WARP_QUESTION: Final = "WARP FACTOR (0-0.2)"
ENGINES_WONT_TAKE: Final = "   CHIEF ENGINEER SCOTT REPORTS 'THE ENGINES WON'T TAKE WARP {}!'"
ENGINES_DAMAGED: Final = "WARP ENGINES ARE DAMAGED.  MAXIUM SPEED = WARP 0.2"
INSUFFICIENT_ENERGY: Final = (
    "ENGINEERING REPORTS   'INSUFFICIENT ENERGY AVAILABLE",
    "                       FOR MANEUVERING AT WARP{}!'",
)
SHIELDS_HOLD_ENERGY: Final = (
    "DEFLECTOR CONTROL ROOM ACKNOWLEGES{}UNITS OF ENERGY",
    "                         PRESENTLY DEPLOYED TO SHIELDS.",
)
DAMAGE_REPORT_HEADER: Final = "DAMAGE CONTROL REPORT:  "
REPAIR_COLUMN: Final = 8  # line 2840: TAB(8) when the cursor is left of column 8
REPAIR_COMPLETED: Final = "{} REPAIR COMPLETED."
DEVICE_DAMAGED: Final = "{} DAMAGED"
DEVICE_IMPROVED: Final = "{} STATE OF REPAIR IMPROVED"
BAD_NAVIGATION: Final = "WARP ENGINES SHUT DOWN AT SECTOR{},{}DUE TO BAD NAVAGATION"
SHIELDS_SUPPLY_MANEUVER: Final = "SHIELD CONTROL SUPPLIES ENERGY TO COMPLETE THE MANEUVER."
PERIMETER_DENIED: Final = (
    "LT. UHURA REPORTS MESSAGE FROM STARFLEET COMMAND:",
    "  'PERMISSION TO ATTEMPT CROSSING OF GALACTIC PERIMETER",
    "  IS HEREBY *DENIED*.  SHUT DOWN YOUR ENGINES.'",
    "CHIEF ENGINEER SCOTT REPORTS  'WARP ENGINES SHUT DOWN",
    "  AT SECTOR{},{}OF QUADRANT{},{}.'",
)

# Long range scan (lines 4000-4230).
LRS_INOPERABLE: Final = "LONG RANGE SENSORS ARE INOPERABLE"
LRS_HEADER: Final = "LONG RANGE SCAN FOR QUADRANT{},{}"
LRS_RULE: Final = "-------------------"
LRS_UNKNOWN: Final = "***"

# Phasers (lines 4260-4670).
PHASERS_INOPERATIVE: Final = "PHASERS INOPERATIVE"
NO_ENEMY_SHIPS: Final = (
    "SCIENCE OFFICER SPOCK REPORTS  'SENSORS SHOW NO ENEMY SHIPS",
    "                                IN THIS QUADRANT'",
)
COMPUTER_HAMPERS: Final = "COMPUTER FAILURE HAMPERS ACCURACY"
PHASERS_LOCKED: Final = "PHASERS LOCKED ON TARGET;  "
PHASER_ENERGY_AVAILABLE: Final = "ENERGY AVAILABLE ={}UNITS"
PHASER_PROMPT: Final = "NUMBER OF UNITS TO FIRE"
NO_DAMAGE_TO_ENEMY: Final = "SENSORS SHOW NO DAMAGE TO ENEMY AT {},{}"
HIT_ON_KLINGON: Final = "{}UNIT HIT ON KLINGON AT SECTOR{},{}"
KLINGON_DESTROYED: Final = "*** KLINGON DESTROYED ***"
KLINGON_ENERGY_LEFT: Final = "   (SENSORS SHOW{}UNITS REMAINING)"

# Photon torpedoes (lines 4700-5490).
TORPEDOES_EXPENDED: Final = "ALL PHOTON TORPEDOES EXPENDED"
TUBES_NOT_OPERATIONAL: Final = "PHOTON TUBES ARE NOT OPERATIONAL"
TORPEDO_PROMPT: Final = "PHOTON TORPEDO COURSE (1-9)"
BAD_TORPEDO_COURSE: Final = "ENSIGN CHEKOV REPORTS,  'INCORRECT COURSE DATA, SIR!'"
TORPEDO_TRACK: Final = "TORPEDO TRACK:"
TORPEDO_POSITION: Final = "               {},{}"
STAR_ABSORBED: Final = "STAR AT{},{}ABSORBED TORPEDO ENERGY."
STARBASE_DESTROYED: Final = "*** STARBASE DESTROYED ***"
RELIEVED_OF_COMMAND: Final = (
    "THAT DOES IT, CAPTAIN!!  YOU ARE HEREBY RELIEVED OF COMMAND",
    "AND SENTENCED TO 99 STARDATES AT HARD LABOR ON CYGNUS 12!!",
)
COURT_MARTIAL: Final = (
    "STARFLEET COMMAND REVIEWING YOUR RECORD TO CONSIDER",
    "COURT MARTIAL!",
)
TORPEDO_MISSED: Final = "TORPEDO MISSED"

# Shields (lines 5530-5660).
SHIELD_CONTROL_INOPERABLE: Final = "SHIELD CONTROL INOPERABLE"
SHIELD_ENERGY_AVAILABLE: Final = "ENERGY AVAILABLE ={}"
SHIELD_PROMPT: Final = "NUMBER OF UNITS TO SHIELDS"
SHIELDS_UNCHANGED: Final = "<SHIELDS UNCHANGED>"
NOT_THE_TREASURY: Final = "SHIELD CONTROL REPORTS  'THIS IS NOT THE FEDERATION TREASURY.'"
SHIELDS_SET: Final = (
    "DEFLECTOR CONTROL ROOM REPORT:",
    "  'SHIELDS NOW AT{}UNITS PER YOUR COMMAND.'",
)

# Damage control (lines 5690-5980).
DAMAGE_REPORT_UNAVAILABLE: Final = "DAMAGE CONTROL REPORT NOT AVAILABLE"
REPAIR_OFFER: Final = (
    "TECHNICIANS STANDING BY TO EFFECT REPAIRS TO YOUR SHIP;",
    "ESTIMATED TIME TO REPAIR:{}STARDATES",
)
REPAIR_PROMPT: Final = "WILL YOU AUTHORIZE THE REPAIR ORDER (Y/N)"
REPAIR_AUTHORIZED: Final = "Y"
DEVICE_TABLE_HEADER: Final = "DEVICE             STATE OF REPAIR"
DEVICE_COLUMN_WIDTH: Final = 25  # line 5920: LEFT$(Z$,25-LEN(G2$))

# Klingons shooting (lines 6000-6200).
STARBASE_PROTECTS: Final = "STARBASE SHIELDS PROTECT THE ENTERPRISE"
HIT_ON_ENTERPRISE: Final = "{}UNIT HIT ON ENTERPRISE FROM SECTOR{},{}"
SHIELDS_DOWN_TO: Final = "      <SHIELDS DOWN TO{}UNITS>"
DAMAGED_BY_HIT: Final = "DAMAGE CONTROL REPORTS '{} DAMAGED BY THE HIT'"

# End of game (lines 6220-6400).
IT_IS_STARDATE: Final = "IT IS STARDATE{}"
ENTERPRISE_DESTROYED: Final = (
    "",
    "THE ENTERPRISE HAS BEEN DESTROYED.  THE FEDERATION WILL BE CONQUERED",
)
KLINGONS_LEFT_AT_END: Final = (
    "THERE WERE{}KLINGON BATTLE CRUISERS LEFT AT",
    "THE END OF YOUR MISSION.",
)
NEW_COMMANDER: Final = (
    "THE FEDERATION IS IN NEED OF A NEW STARSHIP COMMANDER",
    "FOR A SIMILAR MISSION -- IF THERE IS A VOLUNTEER,",
)
VOLUNTEER_PROMPT: Final = "LET HIM STEP FORWARD AND ENTER 'AYE'"
VOLUNTEER_ANSWER: Final = "AYE"
VICTORY: Final = (
    "CONGRULATION, CAPTAIN!  THE LAST KLINGON BATTLE CRUISER",
    "MENACING THE FEDERATION HAS BEEN DESTROYED.",
    "",
)
EFFICIENCY: Final = "YOUR EFFICIENCY RATING IS{}"

# Short range scan (lines 6430-7260).
SHIELDS_DROPPED: Final = "SHIELDS DROPPED FOR DOCKING PURPOSES"
SRS_OUT: Final = ("", "*** SHORT RANGE SENSORS ARE OUT ***", "")
SRS_RULE: Final = "---------------------------------"
CONDITION_DOCKED: Final = "DOCKED"
CONDITION_RED: Final = "*RED*"
CONDITION_YELLOW: Final = "YELLOW"
CONDITION_GREEN: Final = "GREEN"
SRS_STATUS: Final = (
    "        STARDATE          {}",
    "        CONDITION          {}",
    "        QUADRANT          {},{}",
    "        SECTOR            {},{}",
    "        PHOTON TORPEDOES  {}",
    "        TOTAL ENERGY      {}",
    "        SHIELDS           {}",
    "        KLINGONS REMAINING{}",
)

# Library computer (lines 7290-8520).
COMPUTER_DISABLED: Final = "COMPUTER DISABLED"
COMPUTER_PROMPT: Final = "COMPUTER ACTIVE AND AWAITING COMMAND"
COMPUTER_FUNCTIONS: Final = (
    "FUNCTIONS AVAILABLE FROM LIBRARY-COMPUTER:",
    "   0 = CUMULATIVE GALACTIC RECORD",
    "   1 = STATUS REPORT",
    "   2 = PHOTON TORPEDO DATA",
    "   3 = STARBASE NAV DATA",
    "   4 = DIRECTION/DISTANCE CALCULATOR",
    "   5 = GALAXY 'REGION NAME' MAP",
    "",
)
HARDCOPY_PROMPT: Final = "DO YOU WANT A HARDCOPY? IS THE TTY ON (Y/N)"
GALAXY_RECORD_TITLE: Final = "        COMPUTER RECORD OF GALAXY FOR QUADRANT{},{}"
GALAXY_MAP_TITLE: Final = "                        THE GALAXY"
GALAXY_COLUMNS: Final = "       1     2     3     4     5     6     7     8"
GALAXY_RULE: Final = "     ----- ----- ----- ----- ----- ----- ----- -----"
GALAXY_CELL_GAP: Final = "   "
GALAXY_UNKNOWN: Final = "***"
REGION_NAME_CENTRES: Final = (15, 39)  # lines 7740/7800: TAB(INT(centre-.5*LEN(name)))
STATUS_REPORT: Final = "   STATUS REPORT:"
KLINGONS_LEFT: Final = "KLINGON{} LEFT: {}"
MISSION_TIME_LEFT: Final = "MISSION MUST BE COMPLETED IN{}STARDATES"
STARBASES_MAINTAINED: Final = "THE FEDERATION IS MAINTAINING{}STARBASE{} IN THE GALAXY"
NO_STARBASES_LEFT: Final = (
    "YOUR STUPIDITY HAS LEFT YOU ON YOUR ON IN",
    "  THE GALAXY -- YOU HAVE NO STARBASES LEFT!",
)
TO_KLINGONS: Final = "FROM ENTERPRISE TO KLINGON BATTLE CRUSER{}"
TO_STARBASE: Final = "FROM ENTERPRISE TO STARBASE:"
NO_STARBASES_HERE: Final = "MR. SPOCK REPORTS,  'SENSORS SHOW NO STARBASES IN THIS QUADRANT.'"
CALCULATOR_TITLE: Final = "DIRECTION/DISTANCE CALCULATOR:"
CALCULATOR_POSITION: Final = "YOU ARE AT QUADRANT {},{} SECTOR {},{}"
CALCULATOR_PLEASE_ENTER: Final = "PLEASE ENTER"
INITIAL_COORDINATES_PROMPT: Final = "  INITIAL COORDINATES (X,Y)"
FINAL_COORDINATES_PROMPT: Final = "  FINAL COORDINATES (X,Y)"
DIRECTION: Final = "DIRECTION ={}"
DISTANCE: Final = "DISTANCE ={}"

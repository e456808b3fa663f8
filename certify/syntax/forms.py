"""Every supported sentence form, with one example each: the language reference as data.

The README's language reference is generated from these lists and a test parses every
example, so the documentation cannot drift from the grammar (STYLE convention 11).  Error
messages suggest the example closest to what the user wrote.
"""

from __future__ import annotations

from certify.syntax.forms_grid import GRID_QUESTIONS, GRID_STATEMENTS, grid_markdown
from certify.syntax.forms_puzzle import (
    PUZZLE_CONTEXT,
    PUZZLE_ORDERED,
    PUZZLE_QUESTIONS,
    PUZZLE_STATEMENTS,
)

STATEMENTS: tuple[tuple[str, str, str], ...] = (
    # (section, form, example)
    ("Location", "X is in P.", "Ana is in the kitchen."),
    ("Location", "X is in P or Q.", "Ana is in the kitchen or the garden."),
    ("Location", "X is in P, Q or R.", "Ana is in the kitchen, the garden or the hall."),
    ("Location", "X is either in P or in Q.", "Bea is either in the hall or in the attic."),
    ("Location", "X is not in P.", "Ana is not in the kitchen."),
    ("Location", "X is no longer in P.", "Ana is no longer in the kitchen."),
    ("Location", "X is neither in P nor in Q.", "Bea is neither in the hall nor in the cellar."),
    ("Location", "X and Y are in P.", "Ana and Bea are in the kitchen."),
    ("Location", "Both P and Q are in P2.", "Both the kitchen and the garden are in Luis's house."),
    ("Location", "P is in Q.", "The box is in the kitchen."),
    ("Location", "X is in the same place as Y.", "Bea is in the same place as Ana."),
    ("Location", "X and Y are in the same place.", "Ana and Bea are in the same place."),
    ("Location", "X and Y are in different places.", "Ana and Bea are in different places."),
    (
        "Location",
        "X, Y and Z are in different places.",
        "Ana, Bea and Carl are in different places.",
    ),
    ("Location", "X or Y is in P.", "Ana or Bea is in the kitchen."),
    (
        "Location",
        "Exactly one of X and Y is in P.",
        "Exactly one of Ana and Bea is in the kitchen.",
    ),
    (
        "Location",
        "At least one of X, Y and Z is in P.",
        "At least one of Ana, Bea and Carl is in the hall.",
    ),
    ("Location", "Neither X nor Y is in P.", "Neither Ana nor Bea is in the attic."),
    ("Location", "Nobody is in P.", "Nobody is in the cellar."),
    ("Location", "Someone is in P. (an individual, named or not)", "Someone is in the kitchen."),
    ("Location", "The N is a place.", "The loft is a place."),
    (
        "Location",
        "The places are P, Q and R.",
        "The places are the kitchen, the garden and the hall.",
    ),
    (
        "Movement",
        "X went to P. (also moved, journeyed, travelled, went back to)",
        "Ana went to the garden.",
    ),
    # Stories (bAbI): possession and time adverbs
    ("Stories", "X took O. (also got, grabbed, picked up)", "Ana took the apple."),
    ("Stories", "X dropped O. (also discarded, put down, left)", "Ana dropped the apple."),
    ("Stories", "X gave O to Y. (also passed, handed)", "Ana gave the apple to Bob."),
    (
        "Stories",
        "Yesterday X went to P. (also this morning, this afternoon, this evening)",
        "Yesterday Ana went to the garden.",
    ),
    ("Stories", "X went to P this morning.", "Ana went to the garden this morning."),
    ("Attributes", "The Ns are V1, V2 and V3.", "The colors are red, green and blue."),
    ("Attributes", "X is V.", "The car is red."),
    ("Attributes", "X is V1 or V2.", "The car is red or blue."),
    ("Attributes", "X is not V.", "The bike is not blue."),
    ("Attributes", "X has the same N as Y.", "The car has the same color as the bike."),
    ("Attributes", "X and Y have different Ns.", "The car and the bike have different colors."),
    ("Properties", "X is A.", "The box is big."),
    ("Properties", "X is not A.", "The box is not heavy."),
    ("Properties", "X is a N.", "Tom is a cat."),
    ("Properties", "X is not a N.", "Tom is not a dog."),
    (
        "Properties",
        "X likes Y. (the lexicon's relation verbs: like, see, chase, ...)",
        "The cat likes the dog.",
    ),
    ("Properties", "X does not like Y.", "The dog does not like the mouse."),
    (
        "Properties",
        "It is A. (it, he, she, they: the previous statement's subject)",
        "She is happy.",
    ),
    ("Truth-tellers", "X tells the truth.", "Sherrie tells the truth."),
    ("Truth-tellers", "X lies. (X does not tell the truth)", "Kristian lies."),
    (
        "Truth-tellers",
        "X says S. (S holds exactly when X tells the truth; never a fact)",
        "Vernell says Sherrie tells the truth.",
    ),
    ("Truth-tellers", "X says that S.", "Alexis says that Vernell lies."),
    ("Truth-tellers", 'X says: "S." (quoted speech)', 'A says: "B is a knave."'),
    (
        "Truth-tellers",
        "Ns always tell the truth and N2s always lie.",
        "Knights always tell the truth and knaves always lie.",
    ),
    (
        "Truth-tellers",
        "Every inhabitant is a N or a N2. (inhabitant, islander: everyone)",
        "Every inhabitant is a knight or a knave.",
    ),
    ("Truth-tellers", "X and Y are Ns.", "A and C are knights."),
    ("Everyday", "X flies. (the lexicon's everyday verbs: fly, swim, run, ...)", "Tweety flies."),
    ("Everyday", "X does not fly.", "Opus does not fly."),
    ("Everyday", "All Ns fly.", "All birds fly."),
    ("Everyday", "Ns fly.", "Birds fly."),
    ("Everyday", "No Ns are N2s.", "No cats are dogs."),
    ("Everyday", "Nobody likes Y.", "Nobody likes Bob."),
    ("Everyday", "Everyone is in P.", "Everyone is in the house."),
    ("Everyday", "X lives in P. (location)", "Ana lives in Rome."),
    ("Everyday", "X has Y.", "Bo has the cat."),
    (
        "Everyday",
        "Ns are afraid of N2s. (a relation between classes; also scared, fond, proud of)",
        "Cats are afraid of wolves.",
    ),
    ("Everyday", "X is afraid of Y.", "Tom is afraid of the dog."),
    ("Connectives", "S1 and S2.", "Ana is not in the kitchen and Ana is not in the garden."),
    ("Connectives", "If S1, then S2.", "If Ana is in the kitchen, then Bea is in the hall."),
    (
        "Connectives",
        "S1 if and only if S2.",
        "Ana is in the hall if and only if Bea is in the hall.",
    ),
    (
        "Connectives",
        "Either S1 or S2. (exactly one)",
        "Either Ana is in the kitchen or Bea is in the kitchen.",
    ),
    ("Connectives", "S1 or S2. (at least one)", "Ana is in the kitchen or Bea is in the garden."),
    ("Connectives", "Not both S1 and S2.", "Not both Ana is in the hall and Bea is in the hall."),
    ("Connectives", "It is not the case that S.", "It is not the case that Ana is in the attic."),
    (
        "Connectives",
        "Exactly one of the following is true: S1; S2; S3.",
        "Exactly one of the following is true: Ana is in the hall; Bea is in the hall; "
        "Carl is big.",
    ),
    ("Rules", "If something is A then it is A2.", "If something is big then it is heavy."),
    (
        "Rules",
        "If someone is A and not A2 then they are A3.",
        "If someone is kind and not rough then they are nice.",
    ),
    ("Rules", "All A things are A2.", "All quiet things are cold."),
    ("Rules", "A, A2 things are A3.", "Green, rough things are quiet."),
    ("Rules", "Every N is a N2.", "Every wumpus is a tumpus."),
    ("Rules", "Each N is A.", "Each yumpus is aggressive."),
    (
        "Rules",
        "If someone V1s Y and they V2 Z then they V3 W.",
        "If someone likes the cat and they see the dog then they need the cow.",
    ),
    ("Rules", "Ns are N2s.", "Cats are animals."),
    (
        "Rules",
        "If something likes Y then Y likes it.",
        "If something likes the dog then the dog likes it.",
    ),
    ("Numbers", "x = 5.", "x = 5."),
    ("Numbers", "x + y = 10.", "x + y = 10."),
    ("Numbers", "x - y <= 3.", "x - y <= 3."),
    ("Numbers", "2x + 3y >= 7.", "2x + 3y >= 7."),
    ("Numbers", "3 <= x <= 7.", "3 <= x <= 7."),
    ("Numbers", "x > 3.", "x > 3."),
    ("Numbers", "t = s + 3.", "t = s + 3."),
    ("Numbers", "x is between 3 and 7.", "x is between 3 and 7."),
    ("Numbers", "x is at least 5.", "x is at least 5."),
    ("Numbers", "x is at most 2.", "x is at most 2."),
    ("Numbers", "x is greater than y.", "x is greater than y."),
    ("Numbers", "x is less than 4.", "x is less than 4."),
    ("Numbers", "x is 3 more than y.", "x is 3 more than y."),
    ("Numbers", "x is 5.", "x is 5."),
    ("Numbers", "x is at least 1/3. (fractions and decimals in every form)", "x is at least 1/3."),
    ("Numbers", "x is an integer.", "x is an integer."),
    ("Numbers", "x and y are integers.", "x and y are integers."),
    ("Time", "X arrives at 9:00.", "Ana arrives at 9:00."),
    ("Time", "X arrives at least N minutes after Y.", "Bob arrives at least 10 minutes after Ana."),
    ("Time", "X arrives at most N minutes after Y.", "Dan arrives at most 15 minutes after Ana."),
    ("Time", "X arrives N minutes before Y.", "Carl arrives 5 minutes before Bob."),
    ("Time", "X arrives between 9:10 and 9:30.", "Bob arrives between 9:10 and 9:30."),
    ("Time", "X arrives no later than 9:30.", "Bob arrives no later than 9:30."),
    ("Time", "X arrives no earlier than 9:00.", "Bob arrives no earlier than 9:00."),
    ("Time", "X arrives before Y.", "Bob arrives before Carl."),
    (
        "Time",
        "X arrives between N and M minutes after Y.",
        "Bob arrives between 10 and 20 minutes after Ana.",
    ),
    (
        "Measurements",
        "Source reads the Q as V ± D. (also +/-, a unit, and (N standard deviations))",
        "Sensor A reads the temperature as 20 ± 1.",
    ),
    (
        "Measurements",
        "The readings are independent measurements. (accumulation)",
        "The readings are independent measurements.",
    ),
    ("Quantities", "X is N years older than Y.", "Ana is 3 years older than Bob."),
    ("Quantities", "X is N years old.", "Bob is 20 years old."),
    ("Quantities", "X is bigger than Y. (a strict order)", "The box is bigger than the chocolate."),
    (
        "Quantities",
        "X is smaller than Y. (a reverse scale: the lexicon's pairs)",
        "The chocolate is smaller than the box.",
    ),
    (
        "Quantities",
        "X is more expensive than Y. (less: the reverse)",
        "The apples are more expensive than the peaches.",
    ),
    (
        "Quantities",
        "X fits inside Y. (Y is bigger than X; also fits in)",
        "The box fits inside the chest.",
    ),
    (
        "Quantities",
        "the N of Ns (a name with 'of')",
        "The box of chocolates is bigger than the chocolate.",
    ),
    *GRID_STATEMENTS,
)

QUESTIONS: tuple[tuple[str, str], ...] = (
    ("Where is X?", "Where is Ana?"),
    ("Is X in P?", "Is Ana in the kitchen?"),
    ("Who is in P?", "Who is in the kitchen?"),
    ("How many people are in P? (the named individuals)", "How many people are in the kitchen?"),
    ("Who is A? (an adjective; the named individuals, and (other))", "Who is guilty?"),
    ("Who Vs X? (a relation; the named individuals, and (other))", "Who likes Bob?"),
    ("Who has X?", "Who has the cat?"),
    ("Who is afraid of X?", "Who is afraid of the dog?"),
    ("Whose N is X in?", "Whose house is Ana in?"),
    ("What N is X? (a declared attribute)", "What color is the car?"),
    ("Is X V?", "Is the car red?"),
    ("Is X a N?", "Is Tom a cat?"),
    ("Does X like Y?", "Does the cat like the dog?"),
    ("Does X tell the truth?", "Does Elanor tell the truth?"),
    ("Does X lie?", "Does Kristian lie?"),
    ("Who lies? (the individuals the text names)", "Who lies?"),
    ("Who tells the truth?", "Who tells the truth?"),
    ("Does X fly?", "Does Tweety fly?"),
    ("Do Ns fly?", "Do birds fly?"),
    ("Who flies?", "Who flies?"),
    ("Does X have Y?", "Does Bo have the cat?"),
    ("What does X have? (the things the text names)", "What does Bo have?"),
    ("What does X like? (any relation; the things the text names)", "What does Ana like?"),
    ("Who does X like? (any relation; the named individuals)", "Who does Ana like?"),
    ("What is X afraid of? (the classes the text names)", "What is Tom afraid of?"),
    ("Is X afraid of Y?", "Is Tom afraid of the dog?"),
    ("Is it true that S?", "Is it true that Ana is in the kitchen or Bea is in the garden?"),
    ("What is x?", "What is x?"),
    ("What is the Q? (a measured quantity)", "What is the temperature?"),
    ("What is x - y?", "What is x - y?"),
    ("When does X arrive?", "When does Carl arrive?"),
    ("How long after X does Y arrive?", "How long after Ana does Carl arrive?"),
    ("How long before X does Y arrive?", "How long before Bob does Carl arrive?"),
    ("Does X arrive before 9:15? (any time phrase above)", "Does Bob arrive before 9:15?"),
    ("Who arrives first? (or last: of the arrivals timed above)", "Who arrives first?"),
    ("Who arrives before X? (or after)", "Who arrives before Bob?"),
    ("Who arrives before 9:15? (any time phrase above)", "Who arrives before 9:15?"),
    ("How old is X?", "How old is Ana?"),
    ("Is X bigger than Y?", "Is the box bigger than the chocolate?"),
    ("Who is the Xest? (the named ones on the scale)", "Who is the tallest?"),
    ("Who is Xer than Y? (the others on the scale)", "Who is taller than Bob?"),
    ("Are X cheaper than Y?", "Are the peaches cheaper than the apples?"),
    # Stories (bAbI)
    ("Where was X before P?", "Where was Ana before the kitchen?"),
    ("What is X carrying?", "What is Ana carrying?"),
    ("How many objects is X carrying?", "How many objects is Ana carrying?"),
    ("Who gave O to Y?", "Who gave the apple to Bob?"),
    ("Who gave O?", "Who gave the apple?"),
    ("Who received O?", "Who received the apple?"),
    ("What did X give to Y?", "What did Ana give to Bob?"),
    ("Who did X give O to?", "Who did Ana give the apple to?"),
    ("Does X fit in Y?", "Does the chest fit in the box?"),
    ("Is the N of Ns bigger than Y?", "Is the box of chocolates bigger than the chest?"),
    *GRID_QUESTIONS,
)


def reference_markdown() -> str:
    """The README's language reference: every form with its example, as Markdown tables."""
    lines: list[str] = []
    section = None
    for name, form, example in STATEMENTS:
        if name != section:
            lines += ["", f"**{name}**", "", "| form | example |", "|---|---|"]
            section = name
        lines.append(f"| `{form}` | `{example}` |")
    lines += ["", "**Questions**", "", "| form | example |", "|---|---|"]
    lines += [f"| `{form}` | `{example}` |" for form, example in QUESTIONS]
    lines += ["", "**Puzzles** (after a row; the examples follow this one:)", "", "```"]
    lines += [*PUZZLE_CONTEXT.splitlines(), "```", "", "| form | example |", "|---|---|"]
    lines += [f"| `{form}` | `{example}` |" for form, example in PUZZLE_STATEMENTS]
    lines += [
        f"| `{form}` | `{example}` (after `{row}`) |" for form, example, row in PUZZLE_ORDERED
    ]
    lines += [f"| `{form}` | `{example}` |" for form, example in PUZZLE_QUESTIONS]
    lines += grid_markdown()
    return "\n".join(lines).strip() + "\n"

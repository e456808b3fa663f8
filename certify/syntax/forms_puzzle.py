"""The puzzle forms of the README's language reference, each with its example (read with
``grammar/puzzle.lark`` after ``PUZZLE_CONTEXT``); ``forms.reference_markdown`` lists them."""

from __future__ import annotations

PUZZLE_CONTEXT = (
    "There are three houses.\n"
    "The colors are red, green and blue.\n"
    "The people are the Dane, the Finn and the Swede.\n"
    "The pets are the cat, the dog and the fish.\n"
)
"""The row and categories every puzzle example below is read after (``PUZZLE_STATEMENTS``)."""

PUZZLE_STATEMENTS: tuple[tuple[str, str], ...] = (
    # (form, example): each reads after PUZZLE_CONTEXT, or on its own where it declares a row
    ("There are N Xs.", "There are five houses."),
    (
        "On/In/At a S, there are N Xs: A, B and C.",
        "On a shelf, there are three books: a red book, a green book and a blue book.",
    ),
    (
        "In a S, there were N Xs: A, B and C.",
        "In a race, there were three runners: Ana, Amy and Eli.",
    ),
    (
        "A S sells N Xs: A, B and C.",
        "A fruit stand sells three fruits: peaches, pears and mangoes.",
    ),
    ("The Cs are V1, V2 and V3.", "The drinks are coffee, tea and orange juice."),
    ("X lives in the V house.", "The Dane lives in the red house."),
    ("X lives in the Nth house.", "The Swede lives in the first house."),
    ("X lives next to Y.", "The Dane lives next to the Swede."),
    ("X owns / drinks / plays / enjoys V.", "The Finn owns the fish."),
    ("X does not own V.", "The Finn does not own the cat."),
    ("X is a V.", "The person in the red house is a Dane."),
    ("The V owner ...", "The cat owner lives next to the Finn."),
    ("The person in the V house ...", "The person in the green house owns the dog."),
    ("The person who VERBs V ...", "The person who owns the dog lives in the blue house."),
    ("The house with V ...", "The house with the cat is next to the green house."),
    ("X's house ...", "The Dane's house is next to the house with the fish."),
    ("X is to the left / right of Y.", "The red house is to the left of the blue house."),
    (
        "X is immediately to the left / right of Y.",
        "The red house is immediately to the left of the green house.",
    ),
    ("X is next to Y.", "The red house is next to the green house."),
    ("X is the leftmost / rightmost.", "The red house is the leftmost."),
    ("X is the Nth from the left / right.", "The Dane is the second from the left."),
    ("If S1, then S2.", "If the Dane owns the cat, then the Finn owns the dog."),
    ("S1 if and only if S2.", "The Dane owns the cat if and only if the Finn owns the dog."),
    ("Either S1 or S2.", "Either the Dane owns the cat or the Finn owns the cat."),
)

PUZZLE_ORDERED: tuple[tuple[str, str, str], ...] = (
    # (form, example, row): orders other than left to right, each after its own row
    (
        "X is newer / older than Y.",
        "The bus is newer than the sedan.",
        "In a car show, there are three vehicles: a bus, a sedan and a truck.",
    ),
    (
        "X is the newest / the second-oldest.",
        "The truck is the second-oldest.",
        "In a car show, there are three vehicles: a bus, a sedan and a truck.",
    ),
    (
        "X are less / more expensive than Y.",
        "The pears are less expensive than the peaches.",
        "A fruit stand sells three fruits: peaches, pears and mangoes.",
    ),
    (
        "X are the cheapest / the second-most expensive.",
        "The mangoes are the second-most expensive.",
        "A fruit stand sells three fruits: peaches, pears and mangoes.",
    ),
    (
        "X is (immediately) above / below Y.",
        "The red box is immediately above the blue box.",
        "In a stack, there are three boxes: a red box, a green box and a blue box.",
    ),
    (
        "X is the topmost / the Nth from the top / bottom.",
        "The blue box is the second from the bottom.",
        "In a stack, there are three boxes: a red box, a green box and a blue box.",
    ),
    (
        "X finished Nth / last / second-to-last.",
        "Amy finished second-to-last.",
        "In a race, there were three runners: Ana, Amy and Eli.",
    ),
    (
        "X finished above / below Y.",
        "Ana finished above Eli.",
        "In a race, there were three runners: Ana, Amy and Eli.",
    ),
)

PUZZLE_QUESTIONS: tuple[tuple[str, str], ...] = (
    ("Who VERBs V?", "Who owns the fish?"),
    ("Who lives in the V house?", "Who lives in the red house?"),
    ("Which N is ...?", "Which pet is next to the Dane?"),
    ("Which house is X in?", "Which house is the Finn in?"),
    ("Which house does X live in?", "Which house does the Swede live in?"),
    ("Does X VERB V?", "Does the Dane own the cat?"),
    ("Does X live in the V house?", "Does the Finn live in the green house?"),
    ("Is it true that S?", "Is it true that the red house is the leftmost?"),
)

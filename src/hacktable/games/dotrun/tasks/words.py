"""Word lists for the generated tasks, all written for hacktable.

The lists that a password can be made of (pets, children, teams, sayings) are disjoint
from each other and from the adults' names, so that a reader (person or solver) can tell
what kind of thing a capitalised word names. Examples in hints use words from none of them.
"""

from __future__ import annotations

ADULT_FIRST = (
    "Dana", "Marek", "Priya", "Tobias", "Ines", "Kwame", "Sofia", "Ruben", "Hana", "Felix",
    "Amara", "Jonas", "Yusuf", "Clara", "Mateo", "Ingrid", "Nadia", "Oskar", "Leila", "Bruno",
    "Greta", "Idris", "Marta", "Soren", "Fatima", "Lukas", "Elena", "Tariq", "Wanda", "Hugo",
    "Zara", "Emil", "Noor", "Arjun", "Petra", "Samir", "Vera", "Caspar", "Alma", "Dmitri",
)
LAST = (
    "Kowalski", "Okafor", "Lindqvist", "Haddad", "Moreau", "Castillo", "Novak", "Brennan",
    "Takeda", "Fischer", "Osei", "Varga", "Quinlan", "Petrov", "Amadi", "Sandoval", "Holm",
    "Rahman", "Delacroix", "Ferreira", "Nakamura", "Byrne", "Kaplan", "Mensah", "Strand",
    "Ivanova", "Laine", "Gallo", "Horvat", "Achebe", "Duarte", "Wexler", "Sato", "Marsh",
    "Tamm", "Oyelaran", "Rossi", "Bergstrom", "Kovac", "Lund",
)
CHILD_NAMES = (
    "Leo", "Mila", "Otto", "Ivy", "Theo", "Noa", "Finn", "Lotte", "Milo", "Ada", "Rafi",
    "Elsie", "Jasper", "Nell", "Kai", "Freya", "Arlo", "Wren", "Ezra", "Juno", "Silas",
    "Maple", "Remy", "Talia", "Bodhi", "Isla", "Cyrus", "Lyra", "Anouk", "Tomas",
)
PET_NAMES = (
    "Biscuit", "Pickle", "Noodle", "Waffles", "Mochi", "Sprocket", "Pudding", "Ziggy",
    "Truffle", "Gizmo", "Nugget", "Marmalade", "Bagel", "Dumpling", "Pixel", "Crumpet",
    "Tofu", "Gnocchi", "Wasabi", "Scampi", "Rocket", "Fudge", "Churro", "Kiwi", "Pretzel",
    "Sushi", "Meatball", "Widget", "Nacho", "Paprika",
)
SPECIES = ("dog", "cat", "rabbit", "parrot", "tortoise", "hamster", "ferret", "guinea pig")
TEAMS = (
    "Falcons", "Comets", "Harriers", "Mariners", "Badgers", "Foxhounds", "Thunderbolts",
    "Corsairs", "Stallions", "Kestrels", "Ironsides", "Otters", "Wanderers", "Hornets",
    "Gryphons", "Vikings", "Rovers", "Pumas", "Ospreys", "Lancers",
)
PHRASES = (
    "Onwards", "Splendid", "Giddyup", "Huzzah", "Excelsior", "Crikey", "Yowza", "Kapow",
    "Righto", "Shipshape", "Bonkers", "Tremendous", "Wowzers", "Allez", "Zoinks", "Boom",
    "Chinup", "Marvellous", "Steady", "Tallyho",
)
CITIES = (
    "Port Avery", "Lindenfield", "Old Harrow", "Brightwater", "Kessington", "Mirefold",
    "Saltmarch", "East Corrin", "Vallow Bay", "Thornbury",
)
DEPARTMENTS = (
    "Server Ops", "Ad Targeting", "Trust & Safety", "Data Brokerage", "Facilities",
    "Legal", "Growth Hacking", "Payroll", "Content Moderation", "Security",
)
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")

HINT_EXAMPLES = {"pet": "Pepper2016", "child": "Oona0907", "team": "Buccaneers7",
                 "phrase": "Jeepers1979"}
"""Example passwords in the policy hints: words that are in none of the lists above."""

FILLERS = (
    ("Coffee machine on our floor is broken again. Send help.", None),
    ("Monday. Again.", None),
    ("Finally finished that jigsaw puzzle, only three pieces missing.", "Photo: a half-empty "
     "jigsaw of a lighthouse on a kitchen table"),
    ("Anyone else's train stuck outside the station?", None),
    ("Tried a new ramen place downtown. Ten out of ten.", "Photo: a steaming bowl of ramen"),
    ("Sunset from the balcony tonight.", "Photo: orange sky over rooftops"),
    ("Who keeps moving my chair at work??", None),
    ("Rained all weekend, so: films and blankets.", None),
    ("New plant! Trying very hard not to kill this one.", "Photo: a small cactus in a "
     "yellow pot"),
    ("Ran my first 10k this morning. Legs: gone.", None),
    ("The lift at the office has a new voice and I hate it.", None),
    ("Made bread. It is technically bread.", "Photo: a flat, slightly burnt loaf"),
    ("Reminder that the quiz night is on Thursday!", None),
    ("Bus 42 decided not to exist this morning.", None),
    ("Spring cleaning found 14 odd socks. Where are their partners?", None),
    ("Got the window seat. Small wins.", "Photo: clouds seen through an aeroplane window"),
    ("Trying to learn the ukulele. The neighbours are being very patient.", None),
    ("Beach day!", "Photo: footprints on wet sand"),
    ("Cancelled my gym membership. Again.", None),
    ("Homemade pizza night, pineapple stays.", "Photo: a pizza with far too much cheese"),
)

OFFICE_CHATTER = (
    "has anyone seen the blue stapler",
    "the lift is stuck on the fourth floor again",
    "can you send me the slides before lunch",
    "we are out of oat milk in the kitchen",
    "the quarterly numbers look terrible",
    "I thought the meeting was moved to Thursday",
    "did you book the big room for the review",
    "my badge stopped working this morning",
    "the printer on three is jammed",
    "tell legal we need another week",
    "who parked in the visitor space",
    "I will be working from home tomorrow",
    "pizza is in the break room",
    "the client wants everything by Friday",
    "turn that music down please",
    "room eight is free after two",
)
"""What the decoy voices say in the blue recordings (always English: Mugtome's staff)."""

CODE_LEAD = {"en": "code", "eu": "kodea"}
"""Said before the digits, so the hacker can tell the passcode from the chatter."""

BASQUE_DIGITS = ("zero", "bat", "bi", "hiru", "lau", "bost", "sei", "zazpi", "zortzi",
                 "bederatzi")

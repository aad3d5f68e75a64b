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
    ("Finally finished that jigsaw puzzle, only three pieces missing.", "Photo: a half-empty "
     "jigsaw of a lighthouse on a kitchen table"),
    ("Anyone else's train stuck outside the station?", None),
    ("Tried a new ramen place downtown. Ten out of ten.", "Photo: a steaming bowl of ramen"),
    ("Sunset from the balcony tonight.", "Photo: orange sky over rooftops"),
    ("Who keeps moving my chair at work??", None),
    ("Rained all weekend, so: films and blankets.", None),
    ("New plant! Trying very hard not to kill this one.", "Photo: a small cactus in a "
     "yellow pot"),
    ("Ran my first long race this morning. Legs: gone.", None),
    ("The lift at the office has a new voice and I hate it.", None),
    ("Made bread. It is technically bread.", "Photo: a flat, slightly burnt loaf"),
    ("Reminder that the quiz night is on Thursday!", None),
    ("Spring cleaning found a mountain of odd socks. Where are their partners?", None),
    ("Got the window seat. Small wins.", "Photo: clouds seen through an aeroplane window"),
    ("Trying to learn the ukulele. The neighbours are being very patient.", None),
    ("Beach day, finally.", "Photo: footprints on wet sand"),
    ("Cancelled my gym membership. Again.", None),
    ("Homemade pizza night, pineapple stays.", "Photo: a pizza with far too much cheese"),
    ("Whoever invented Sunday mornings deserves a medal.", None),
    ("Spent an hour choosing a paint colour. They all look the same.", "Photo: six nearly "
     "identical swatches of grey"),
    ("The bakery on the corner closed and I am not okay.", None),
    ("My landlord finally fixed the heating. It is a miracle.", None),
    ("Picked up a second-hand bike today, squeaks included.", "Photo: a green bike "
     "against a brick wall"),
    ("Somebody in this building practises the trumpet at dawn.", None),
    ("Tomato plants are finally doing something.", "Photo: three tiny green tomatoes"),
    ("Reading a book about the history of salt. Surprisingly gripping.", None),
    ("Fire alarm test at work, twice, during lunch.", None),
    ("Learned to make dumplings from scratch. Kitchen looks like a snowstorm.", "Photo: "
     "flour everywhere and a plate of lopsided dumplings"),
    ("Why does the printer only jam when I am late?", None),
    ("Board game night got very competitive very quickly.", "Photo: a half-finished game "
     "of chess and an empty crisp packet"),
    ("Power cut on our street. Candlelight dinner, apparently.", None),
    ("Went to the farmers market and came back with far too many leeks.", None),
    ("The new season of that baking show is out and my evening is gone.", None),
    ("Locked myself out of the flat. Waiting for the locksmith on the stairs.", None),
    ("Hiking up the hill behind the old quarry. Worth it.", "Photo: a misty valley seen "
     "from a rocky path"),
    ("First swim of the year. Cold does not begin to describe it.", None),
    ("Repainted the front door a very brave shade of yellow.", "Photo: a bright yellow "
     "front door"),
    ("The library fines amnesty is the best news this month.", None),
    ("Office plant has outlived three managers so far.", None),
    ("Our street party was a success: nobody fell into the fountain.", "Photo: bunting "
     "across a narrow street"),
    ("Finally watched the film everybody was talking about. Overrated.", None),
    ("Started journaling. Day one entry: started journaling.", None),
    ("Karaoke last night and my voice has not come back.", None),
    ("Traffic on the ring road was a car park again.", None),
    ("Tried a pottery class. Made a bowl. Or an ashtray. Hard to say.", "Photo: a lumpy "
     "brown bowl"),
    ("Neighbour's cat has adopted our garden as its office.", None),
    ("Found my old school reports in the loft. Could try harder, apparently.", None),
    ("Lunch break walk by the river, the ducks were in a mood.", "Photo: ducks on a "
     "grey river"),
    ("Somebody ate my labelled yoghurt from the work fridge. I will find you.", None),
    ("Snowed for ten minutes and the whole city stopped.", None),
    ("My phone autocorrects my own surname. Rude.", None),
    ("Cooked a curry so hot the smoke alarm had opinions.", None),
    ("Spent the evening untangling fairy lights. Zero regrets, many knots.", None),
    ("Caught the last ferry by a whisker.", "Photo: a ferry deck at dusk"),
    ("Two hours of queueing for concert tickets and they sold out in front of me.", None),
    ("The museum is free on the first Sunday of the month. Go!", None),
    ("Our boiler sounds like a dragon waking up.", None),
    ("Trying out the new climbing wall in town. Forearms on fire.", None),
    ("Made a spreadsheet for my spreadsheets. Send help.", None),
    ("Weekend in the mountains, no signal, bliss.", "Photo: a wooden cabin in pine trees"),
)
LOCAL_FILLERS = {
    "es": ("Qué calor hace hoy en la ciudad.", "Por fin es viernes, amigos.",
           "Mañana hay mercado en la plaza, ¿alguien viene?",
           "Otra vez lloviendo, qué sorpresa.", "Hoy me toca cocinar para todos.",
           "El metro va lleno otra vez.", "Necesito vacaciones ya mismo."),
    "fr": ("Encore un lundi sous la pluie.", "Le marché du samedi me manquait tellement.",
           "Quelqu'un a vu mes clés? Elles ont disparu.",
           "Apéro sur la terrasse ce soir, venez!", "Le train est encore en retard.",
           "Enfin du soleil après une semaine grise.", "Qui connaît un bon boulanger ici?"),
    "de": ("Endlich Wochenende, endlich Ruhe.", "Der Bus kam heute wieder zu spät.",
           "Wer kommt mit zum Flohmarkt am Sonntag?",
           "Heute gibt es Kuchen im Büro, unglaublich.", "Schon wieder Regen, typisch.",
           "Mein Fahrrad hat einen Platten, super.", "Morgen geht es endlich in den Urlaub."),
    "pt": ("Que dia lindo para andar de bicicleta.", "Alguém sabe um bom restaurante aqui?",
           "O café da esquina voltou a abrir!", "Chuva outra vez, fico em casa.",
           "Finalmente sexta-feira, que semana.", "O autocarro atrasou outra vez.",
           "Jantar com os amigos hoje à noite."),
}
"""Everyday posts in the languages spoken in some of the cities (`CITY_LANGUAGES`)."""
CITY_LANGUAGES = {"Lindenfield": "de", "Vallow Bay": "es", "Mirefold": "fr",
                  "Saltmarch": "pt", "Kessington": "de", "East Corrin": "es"}

OPENERS = (
    "Quick update from me.", "Not going to lie.", "Okay, story time.", "So here is the thing.",
    "Long time no post.", "Just saying.", "Small life update.", "Nobody asked, but.",
    "Hear me out.", "Right then.", "Well, that happened.", "Can I just say.",
    "Friendly reminder.", "In other news.", "Before I forget.", "Important announcement.",
    "Fun fact for you all.", "Cannot stop thinking about this.", "Honestly though.",
    "Posting this for posterity.", "Here we go again.", "Moment of honesty.",
    "Mood of the day.", "For the record.", "Thought you should all know.",
    "Bit of a weird one today.", "Brace yourselves.", "Plot twist.", "Here is my news.",
    "No context needed.", "Small victory today.", "Update from the sofa.",
    "As promised yesterday.", "Not complaining, just reporting.", "Breaking news from me.",
    "You will not believe this.",
)
CLOSERS = (
    "Anyway.", "That is all.", "Carry on.", "Make of that what you will.", "Bye for now.",
    "Over and out.", "No further questions.", "Life is good.", "Thoughts welcome.",
    "Tell me I am not alone.", "What a time to be alive.", "Send snacks.",
    "More soon.", "You heard it here first.", "Back to work I guess.", "Peace out.",
    "Have a good one everyone.", "End of update.",
)
SLANG = {
    "are": "r", "really": "rly", "tonight": "tonite", "love": "luv", "please": "pls",
    "people": "ppl", "because": "cuz", "though": "tho", "thanks": "thx", "going": "goin",
    "nothing": "nothin", "something": "somethin", "probably": "prob", "definitely": "def",
    "seriously": "srsly", "tomorrow": "tmrw", "weekend": "wknd", "and": "n", "what": "wat",
    "about": "abt", "just": "jus", "your": "ur", "okay": "ok", "great": "grt",
    "morning": "mornin", "everyone": "evryone", "before": "bfore", "again": "agen",
    "very": "v", "favourite": "fave", "minutes": "mins", "whatever": "w/e",
}
"""Text-speak: how the "slang" writing style spells common words."""

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

ENGLISH_DIGITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
                  "nine")
BASQUE_DIGITS = ("zero", "bat", "bi", "hiru", "lau", "bost", "sei", "zazpi", "zortzi",
                 "bederatzi")
DIGIT_WORDS = {"en": ENGLISH_DIGITS, "eu": BASQUE_DIGITS}
"""The passcode's digits as words, for a recording shown as its transcript."""

LEXICONS = (ADULT_FIRST, LAST, CHILD_NAMES, PET_NAMES, SPECIES, TEAMS, PHRASES, CITIES,
            DEPARTMENTS, MONTHS)
"""The word lists a sentence's slots are filled from (patterns.py masks them)."""

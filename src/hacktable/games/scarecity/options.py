"""Scare-City's rule options. Defaults are the seed's numbers or, where the seed is silent,
the rulings in docs/rules/scarecity.md; each ruling there names the option that changes it."""

from hacktable.engine.options import Option, OptionSchema
from hacktable.engine.press import channel_option, reveal_option

OPTIONS = OptionSchema((
    # -- the seed's numbers ----------------------------------------------------------------
    Option("target_bitizens", 200, "Bitizens that win the election (\"the first to reach "
           "200 Bitizens\").", 5, 2000),
    Option("shop_size", 6, "Program Cards face up in the shop (\"Draw and place 6 "
           "cards\").", 1, 12),
    Option("starting_cards", 5, "Program Cards dealt to each player (\"deals 5 Program "
           "Cards to each player\").", 0, 12),
    Option("deal_cost_limit", 15, "A card dealt at set-up costing this many $ or more is "
           "discarded and replaced (\"a cost of $15 or higher\").", 1, 100),
    Option("tokens", 5, "Player tokens each player claims shop cards with (\"5 player "
           "tokens\").", 1, 12),
    Option("decommission_cost", 5, "$ to decommission (remove) one of your cards (\"the "
           "cost to remove a card is $5\").", 0, 50),
    Option("restores_per_round", 1, "Cards a player may restore in one round (\"only "
           "restore 1 card per turn\"; ruled: a turn is a round).", 0, 12),
    Option("decommissions_per_round", 1, "Cards a player may decommission in one round "
           "(\"only remove 1 card per turn\").", 0, 12),
    Option("out_money", 0, "A player with this many $ or fewer is out (\"$0 or less than "
           "$0\"); -1 turns eliminations off ($ never go below 0).", -1, 100),
    Option("protection_bonus", 1, "Bitizens a player gains when one of their cards is among "
           "an Impact Card's protections (\"they receive 1 Bitizen\").", 0, 20),
    # -- the design's numbers (the seed gives no board) -------------------------------------
    Option("district_slots", 3, "Slots in each of the four districts of a City board.",
           1, 15),
    Option("starting_money", 20, "$ each player has before the set-up execution (the seed's "
           "score sheet starts empty; security controls earn no $, so without it a city "
           "dealt only controls could never buy, nor a cautious city pay for its first "
           "controls).", 0, 100),
    # -- rulings ----------------------------------------------------------------------------
    Option("out_check", "spend", "When \"ends up with $0 or less\" is checked: spend (the "
           "seed's \"ever\": the moment a plan carried out leaves the player at or below "
           "out_money; each such step must be confirmed) or round_end (only after the Impact "
           "Card, once the execution has paid).", choices=("spend", "round_end")),
    Option("claim_turns", "one_token", "How claiming goes round: one_token (each turn places "
           "one token or passes, round after round until all have passed) or all_at_once "
           "(each player places all their tokens in a single turn).",
           choices=("one_token", "all_at_once")),
    Option("move_tokens", False, "Whether a player may take back a token during their "
           "claiming turn and so move it (ruled: a placed token stays)."),
    Option("shared_claims", False, "Whether several players may claim the same shop card "
           "(then the lowest ranked buys it first); ruled: one token per card."),
    Option("claim_needs_money", True, "Whether claiming a card needs at least its cost in $ "
           "at the time, plus the decommission fee when its district is full (ruled: yes, "
           "so tokens cannot block cards one could never buy)."),
    Option("claim_second_copy", False, "Whether a player may claim a second copy of a card "
           "they already claimed this round (ruled: no; only one could be bought, since "
           "\"you do not already have the card(s) on your City\", so the second token would "
           "only block the card for others)."),
    Option("restored_immune", False, "Whether cards restored this round escape the Impact "
           "Card's Degrade Cards (ruled: no, a restored card is like any other)."),
    Option("degraded_protects", False, "Whether a degraded card still counts as a protection "
           "(ruled: no, a broken control protects nobody)."),
    Option("impact_reading", "lessons", "How an Impact Card's step 1 meets its Protections: "
           "lessons (a city holding a listed protection is not degraded by the card, and its "
           "Restore Cards come back only in cities holding one: what the cards' lessons "
           "teach) or seed (the seed's plain reading: every listed card in every city is "
           "degraded or restored; protections only earn +1 Bitizen).",
           choices=("lessons", "seed")),
    Option("protection_shields", False, "Variant: a player holding a protection ignores a "
           "negative Bitizen Impact (the seed only gives +1 Bitizen)."),
    Option("impact_applies", "everyone", "Who gets the Bitizen Impact: everyone still in "
           "the game, or only players whose cards the card degraded or restored (hit).",
           choices=("everyone", "hit")),
    Option("win_check", "any_phase", "When reaching the target wins: any_phase (after the "
           "execution and after the Impact Card) or round_end (after the Impact Card only).",
           choices=("any_phase", "round_end")),
    Option("last_standing_wins", True, "Whether the last player left in the game wins when "
           "everyone else is out."),
    Option("round_limit", 60, "After this many rounds the most Bitizens wins, then the most "
           "$ (seed: silent; guarantees the game ends).", 1, 1000),
    # -- clock --------------------------------------------------------------------------------
    Option("claim_seconds", 45, "Time for one claiming turn; when it runs out the player "
           "passes.", 5, 7 * 24 * 3600),
    Option("city_seconds", 120, "Time for the restore, decommission and buying phase; when it "
           "runs out, what each player set up is carried out.", 5, 7 * 24 * 3600),
    channel_option(),
    reveal_option(),
))

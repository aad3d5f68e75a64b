"""Rex Furum's rule options. Defaults are the seed's numbers (Final Ruleset + v5→v6 changes);
every ruling in docs/rules/rexfurum.md names the option that changes it."""

from hacktable.engine.options import Option, OptionSchema
from hacktable.engine.press import reveal_option

OPTIONS = OptionSchema((
    Option("rounds", 10, "Rounds in a game (\"Be the richest player at the end of 10 rounds\").",
           1, 100),
    Option("round_minutes", 20, "Length of a round in minutes (\"each 20 minutes long\").",
           1, 7 * 24 * 60),
    Option("action_points", 3, "Action points per player per round.", 1, 20),
    Option("companies", 4, "How many of Alpha, Beta, Gamma, Delta are in play.", 2, 4),
    Option("starting_money", 0, "Money each player has before the first salary (seed: silent).",
           0, 10**9),
    Option("salary", 10_000, "Paid at the start of a round to anyone employed by a company.",
           0, 10**9),
    Option("embezzle_per_company", 10_000,
           "Embezzlement takes this much per company the embezzler works for.", 0, 10**9),
    Option("self_protect_cap", 20_000,
           "Most that can be embezzled in total from a player who protects only themselves.",
           0, 10**9),
    Option("extort_reward", 60_000, "Taken from a sole employee by CEO extortion.", 0, 10**9),
    Option("slander_fee", 30_000, "Paid by each extorter to a target who is not the sole "
           "employee.", 0, 10**9),
    Option("crash_fee", 30_000, "Paid to the crasher by each employee of a crashed company.",
           0, 10**9),
    Option("backstab_per_company", 20_000, "Backstab takes this much per company counted.",
           0, 10**9),
    Option("backstab_fine", 30_000, "A failed backstab pays this to the target; a mutual "
           "backstab burns it from both.", 0, 10**9),
    Option("invest_limit", 100_000, "An investment must be strictly under this amount.",
           1, 10**12),
    Option("pinkslip_quorum", 2, "Distinct players needed in one round for a pink slip to fire.",
           1, 10),
    Option("negative_money", True, "Money may fall below zero when taken; when false a payer "
           "pays at most what they have."),
    Option("early_close", False, "Close a round as soon as every player has submitted orders."),
    Option("resubmission", "replace", "What a second submission in the same round does: "
           "replace the earlier orders, or append to them within the action points.",
           choices=("replace", "append")),
    Option("starting_companies", "balanced", "How the random starting companies are dealt: "
           "balanced (sizes differ by at most one) or independent draws.",
           choices=("balanced", "independent")),
    Option("backstab_count", "sum", "Companies counted by a successful backstab: the sum of "
           "both players' companies, or only the companies they share.",
           choices=("sum", "shared")),
    Option("outing_reveals", "resolved_round", "Which orders an outing broadcasts: those of "
           "the round in which the outing is made, or those of the round before it.",
           choices=("resolved_round", "previous_round")),
    Option("public_money", True, "Reports show every player's net worth and last round's "
           "earnings (false: only your own)."),
    Option("crasher_joins", False, "The crasher is hired by the company they crashed."),
    Option("press", "full", "Messages between players: full (to one player, a group or the "
           "whole table), public (only to the whole table) or none (gunboat: no messages).",
           choices=("full", "public", "none")),
    reveal_option(),
))

"""Push, a partnership rummy for four over five deals (rules R1-R12, docs/rules.md), on the
shared turn loop: cards and melds, the exact contract solver, the rules, bots and text play."""

"""The Arena duel and cup: the rules, the roster, the set-up and the fight (docs/rules/arena.md)."""

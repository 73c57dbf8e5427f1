"""Title Bout with dice: the rules, the cards and charts, the set-up and the bout (docs/rules/title-bout.md)."""

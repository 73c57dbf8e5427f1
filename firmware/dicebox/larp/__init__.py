"""LARP combat: boxing, duels, firearms, stealth and the wound timers (docs/rules/larp.md)."""

"""dicebox: a dice box that referees fighting games (firmware package)."""

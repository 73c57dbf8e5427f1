"""Dice mode: any dice expression, rolled and kept (docs/rules/ui-text.md)."""

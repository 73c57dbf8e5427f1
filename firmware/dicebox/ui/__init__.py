"""Drawing helpers for the 128x64 OLED: fonts and text."""

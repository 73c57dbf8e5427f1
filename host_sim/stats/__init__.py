"""One module per rule set for `dicebox-sim stats`."""

"""One module per dicebox-sim subcommand."""

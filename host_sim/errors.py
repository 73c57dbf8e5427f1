"""One clear line for the user, never a traceback."""


class CliError(Exception):
    """A problem with the user's input: the message says what and where."""

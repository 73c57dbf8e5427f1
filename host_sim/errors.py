"""One clear line for the user, never a traceback."""


class CliError(Exception):
    """A problem with the user's input: the message says what and where."""


class Stopped(KeyboardInterrupt):
    """Ctrl-C where the command has more to say than that it stopped: the
    message follows "stopped (Ctrl-C)" on its one line."""

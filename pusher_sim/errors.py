"""The few exceptions a user can meet, each of which the command line turns into one line."""

from __future__ import annotations


class UserError(Exception):
    """Something the user gave us is wrong: the CLI prints ``pusher: <message>`` and exits 2."""


class IllegalMove(UserError):
    """An action the rules do not allow now. The state it was applied to is left untouched.

    ``rule`` names the rule broken (``"P2"``, ``"R4"``, ``"O2"``, or ``"turn"`` for acting out of
    turn) so that a front end can explain it and a test can pin it.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.reason = message

    def __reduce__(self) -> tuple[type[IllegalMove], tuple[str, str]]:
        # Rebuilt from its own arguments: it crosses between processes (a tournament's workers).
        return (type(self), (self.rule, self.reason))


class ConfigError(UserError):
    """A config file or option is malformed or out of range."""


class CorruptFile(UserError):
    """A saved game or log that cannot be read back."""

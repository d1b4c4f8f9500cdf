"""The match this window hosts, while it runs: what it is, where its seat joins, where others
join, and how to stop it.

A match hosted from the start screen is served by a thread of this process; leaving its table
may keep it running (the others play on; the start screen leads back to it) or stop it (the
others are told the host has gone; it is saved for ``pusher host --load``). One process hosts
at most one match at a time, so *Host a game* never trips over its own server still holding
the port. This module knows no network: the *Host a game* form gives it the server's handles.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from pusher_sim.net.host_addresses import join_addresses, page_link
from pusher_sim.ui.shell.words import game_title


class Served(Protocol):
    """What the network gives of a match it serves on a thread of this process
    (:class:`~pusher_sim.net.hosting.HostedHere`)."""

    @property
    def address(self) -> str: ...

    @property
    def seat(self) -> int: ...

    @property
    def token(self) -> str: ...

    def stop(self) -> None: ...

    def running(self) -> bool: ...


@dataclass(frozen=True)
class Hosting:
    """A match hosted by this process (see the module docstring)."""

    game: str
    address: str
    """Where this machine's window connects."""
    seat: int
    token: str
    addresses: tuple[str, ...]
    """Where others join, each ``host:port`` (with who may use it, where not everyone)."""
    page: str
    """The host's page for a browser: ``http://ADDR:PORT/``."""
    stop: Callable[[], None]
    """Stop serving: the others are told the host has gone; the match stays saved."""
    running: Callable[[], bool]
    name: str = ""
    """The name the host's seat goes by."""

    @property
    def title(self) -> str:
        return game_title(self.game)

    @classmethod
    def of(cls, game: str, bind: str, served: Served, name: str = "") -> Hosting:
        """The match ``served`` on a thread of this process, listening on ``bind``; ``name``:
        what the host's seat is called."""
        port = int(served.address.rsplit(":", 1)[1])
        addresses = join_addresses(bind, port)
        return cls(
            game, served.address, served.seat, served.token, addresses, page_link(addresses),
            served.stop, served.running, name,
        )  # fmt: skip


_HOSTED: list[Hosting] = []
_LEFT_RUNNING: list[Hosting] = []


def hosted_now() -> Hosting | None:
    """The match this process hosts and still serves, or None."""
    for hosting in list(_HOSTED):
        if not hosting.running():
            _HOSTED.remove(hosting)
    return _HOSTED[-1] if _HOSTED else None


def keep(hosting: Hosting) -> None:
    """``hosting`` is this process's hosted match from now on."""
    _HOSTED.append(hosting)


def stop_hosting() -> None:
    """Stop the match this process hosts, if it still runs."""
    while _HOSTED:
        _HOSTED.pop().stop()


def leave_running(hosting: Hosting) -> None:
    """Its window was left with *Keep hosting*: the match goes on without it."""
    _LEFT_RUNNING.append(hosting)


def left_running(hosting: Hosting) -> bool:
    """``hosting``'s window was left with *Keep hosting*, and it still runs."""
    return hosting in _LEFT_RUNNING and hosting.running()

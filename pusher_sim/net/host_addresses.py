"""The addresses to give a friend: where a host listening on ``bind:port`` can be reached.

A host bound to every address (``0.0.0.0``) is reached at each of this machine's network
addresses (the LAN's, found from its interfaces) and, from this machine only, at 127.0.0.1; a
host bound to loopback only from this machine; a host bound to one address at that address.
Only the standard library is used: the interfaces are read through Linux's ``SIOCGIFADDR``
where there is one, and the address the machine would reach the outside from (a UDP socket's
``connect`` sends nothing) everywhere.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import struct

EVERY_ADDRESS = ("0.0.0.0", "", "::")
THIS_MACHINE_ONLY = "this machine only"
SIOCGIFADDR = 0x8915
"""Linux's ioctl reading an interface's IPv4 address."""
PROBE = ("10.255.255.255", 1)
"""A private address a UDP socket is pointed at to learn which local address would reach it
(no packet is sent)."""


def interface_addresses() -> list[str]:
    """Every IPv4 address of this machine's interfaces (Linux; elsewhere an empty list)."""
    try:
        import fcntl
    except ImportError:  # not a Unix
        return []
    found: list[str] = []
    try:
        names = [name for _index, name in socket.if_nameindex()]
    except OSError:
        return []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for name in names:
            request = struct.pack("256s", name.encode()[:15])
            with contextlib.suppress(OSError):
                reply = fcntl.ioctl(probe.fileno(), SIOCGIFADDR, request)
                found.append(socket.inet_ntoa(reply[20:24]))
    return found


def outward_address() -> str | None:
    """The local address this machine would reach the network from, or None offline."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(PROBE)
            return str(probe.getsockname()[0])
    except OSError:
        return None


def lan_addresses() -> list[str]:
    """This machine's addresses another machine may reach: no loopback, no duplicate, the
    outward one first."""
    candidates = [outward_address(), *interface_addresses()]
    with contextlib.suppress(OSError):
        candidates += socket.gethostbyname_ex(socket.gethostname())[2]
    out: list[str] = []
    for address in candidates:
        if address is None or address in out:
            continue
        try:
            parsed = ipaddress.ip_address(address)
        except ValueError:
            continue
        if not (parsed.is_loopback or parsed.is_unspecified):
            out.append(address)
    return out


def join_addresses(bind: str, port: int) -> tuple[str, ...]:
    """Where others join a host listening on ``bind:port``, each ``host:port`` (followed by
    who may use it where that is not everyone who can reach the machine)."""
    if bind in EVERY_ADDRESS:
        lan = tuple(f"{a}:{port}" for a in lan_addresses())
        return (*lan, f"127.0.0.1:{port} ({THIS_MACHINE_ONLY})")
    shown = f"[{bind}]" if ":" in bind else bind
    try:
        loopback = ipaddress.ip_address(bind).is_loopback
    except ValueError:
        loopback = bind == "localhost"
    return (f"{shown}:{port} ({THIS_MACHINE_ONLY})" if loopback else f"{shown}:{port}",)


def page_link(addresses: tuple[str, ...]) -> str:
    """The host's page in a browser, at the first address given (``http://ADDR:PORT/``)."""
    if not addresses:
        return ""
    return f"http://{addresses[0].split(' ')[0]}/"

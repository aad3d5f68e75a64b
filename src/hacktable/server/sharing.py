"""The address friends use to reach this table, and its QR code.

A table served on 127.0.0.1 cannot be reached from anyone else's phone, and a link copied
from the host's own browser often says "127.0.0.1" or "localhost". The host page therefore
shows the address other devices can use: `HACKTABLE_PUBLIC_URL` when set (a proxy, a domain),
else this machine's address on the local network when the server listens beyond loopback;
and when it listens on loopback only, it says so and how to fix it.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
from dataclasses import dataclass
from functools import lru_cache

OPEN_UP = "./run serve --host 0.0.0.0"
"""The command that lets other devices on the network reach the table."""


@dataclass(frozen=True, slots=True)
class Share:
    """Where to send friends: `base` (scheme, host and port), and whether others can use it."""

    base: str
    reachable: bool

    def link(self, path: str) -> str:
        return self.base.rstrip("/") + path


def is_loopback(host: str) -> bool:
    if host in ("localhost", ""):
        return host == "localhost"
    with contextlib.suppress(ValueError):
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    return False


def is_any(host: str) -> bool:
    """0.0.0.0 or :: : every interface."""
    with contextlib.suppress(ValueError):
        return ipaddress.ip_address(host.strip("[]")).is_unspecified
    return False


@lru_cache(maxsize=1)
def lan_address() -> str | None:
    """This machine's address on its local network, or None if it has none.

    Asking the kernel which source address a datagram to a private address would use sends
    nothing, and needs no name service."""
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect((probe, 9))
            address = str(s.getsockname()[0])
            if not ipaddress.ip_address(address).is_loopback:
                return address
    with contextlib.suppress(OSError):
        address = socket.gethostbyname(socket.gethostname())
        if not ipaddress.ip_address(address).is_loopback:
            return address
    return None


def share_for(listen_host: str, port: int, public_url: str | None,
              seen_base: str) -> Share:
    """The address to give friends. `seen_base` is the address this request came in on."""
    if public_url:
        return Share(public_url.rstrip("/"), True)
    if is_loopback(listen_host):
        return Share(seen_base.rstrip("/"), False)
    host = lan_address() if is_any(listen_host) else listen_host
    if host is None:
        return Share(seen_base.rstrip("/"), False)
    shown = f"[{host}]" if ":" in host else host
    return Share(f"http://{shown}:{port}", True)


def qr_svg(url: str, title: str) -> str:
    """The URL as a QR code, an inline SVG (no script, no image request), dark on light."""
    import segno  # only the host page draws one: not loaded before the first request

    code = segno.make(url, error="m")
    svg = code.svg_inline(scale=6, border=3, dark="#111", light="#fff", title=title,
                          svgclass="qr", lineclass=None)
    size = code.symbol_size(scale=6, border=3)[0]  # so that CSS may scale it to the screen
    return svg.replace("<svg ", f'<svg viewBox="0 0 {size} {size}" role="img" ', 1)

"""Who a client is behind a reverse proxy (issue 26's finding 2): ``aves serve`` trusts
no ``X-Forwarded-For`` header unless ``--forwarded-allow-ips`` names the proxies that
may send it. By default a client that forges one is still its own address, so it
cannot make itself a new client for each request and escape the per-client limits
(tables a minute, one bot thought at a time); with the proxy named, the header it
passes on is honoured, and only from it. Clients are told apart by their address:
each test client connects from an address of its own on the loopback network."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from hostserver import ServeProcess

LIMIT = 3
"""``--tables-per-minute``: the tables one client may make at once."""


def client_at(address: str, server: ServeProcess) -> httpx.Client:
    """A client whose connections come from ``address``."""
    return httpx.Client(base_url=server.url, timeout=30,
                        transport=httpx.HTTPTransport(local_address=address))


def created(client: httpx.Client, forwarded_for: list[str]) -> list[int]:
    """The status of a table's creation for each ``X-Forwarded-For`` in turn."""
    return [client.post("/api/tables", json={"players": ["a", "b"]},
                        headers={"X-Forwarded-For": address}).status_code
            for address in forwarded_for]


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[ServeProcess]:
    """``aves serve --tables-per-minute 3`` as it starts by default."""
    with ServeProcess(tmp_path / "tables.db", tmp_path,
                      options=["--tables-per-minute", str(LIMIT)]) as server:
        yield server


@pytest.fixture
def behind_proxy(tmp_path: Path) -> Iterator[ServeProcess]:
    """``aves serve --tables-per-minute 3 --forwarded-allow-ips 127.0.0.1``: a reverse
    proxy on this machine (127.0.0.1) passes each client's address on."""
    with ServeProcess(tmp_path / "tables.db", tmp_path,
                      options=["--tables-per-minute", str(LIMIT),
                               "--forwarded-allow-ips", "127.0.0.1"]) as server:
        yield server


def test_by_default_a_forged_forwarded_header_does_not_escape_the_table_limit(
        serve: ServeProcess) -> None:
    """From 127.0.0.1, where a same-machine proxy would connect from, too: 60 tables,
    each "forwarded for" another address, were all made where the limit was 20."""
    with client_at("127.0.0.1", serve) as client:
        forged = [f"203.0.113.{index}" for index in range(2 * LIMIT)]
        assert [201] * LIMIT + [429] * LIMIT == created(client, forged)


def test_a_named_proxys_forwarded_header_is_honoured_and_only_its(
        behind_proxy: ServeProcess) -> None:
    with client_at("127.0.0.1", behind_proxy) as proxy:
        # Each client the proxy names is one: none of them is over its limit...
        assert [201] * (2 * LIMIT) == created(
            proxy, [f"198.51.100.{index}" for index in range(2 * LIMIT)])
        # ... and one client named again and again is over its own, even when it
        # forged a header the proxy added its address to (the last one not a proxy's).
        assert [201] * LIMIT + [429] * 2 == created(
            proxy, ["192.0.2.7"] * LIMIT + ["203.0.113.1, 192.0.2.7", "10.9.9.9,192.0.2.7"])
    with client_at("127.0.0.2", behind_proxy) as stranger:  # not the proxy: not trusted
        forged = [f"203.0.113.{index}" for index in range(2 * LIMIT)]
        assert [201] * LIMIT + [429] * LIMIT == created(stranger, forged)

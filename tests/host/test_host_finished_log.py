"""Who may read a finished table's log (issue 26): the log holds every hidden card and
the deck order. Where a game's rules keep some of it hidden for good (Tsukuru D11:
hands that did not finish; Boxes BX22/BX23: private looks, the piles' order; Cubirds
CB18: hands, the deck order), the game says so (``GameFacts.public_log`` false) and
the host gives the log only to the table's seats; elsewhere (a game whose rules
reveal all, or say nothing hidden stays so) to everyone. Through the real server."""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import pytest
from hostserver import ServeProcess

from aves_core.kernel.registry import get_game

PRIVATE = ["tsukuru", "boxes", "cubirds"]
PUBLIC = ["soulaween", "aves"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    folder = tmp_path_factory.mktemp("finished-log")
    with ServeProcess(folder / "tables.db", folder) as serving:
        yield serving


def finished_table(client: httpx.Client, game: str, players: int) -> tuple[str, str]:
    """A finished table of ``game`` whose seat 0 is a person (first legal move, always)
    and the others greedy bots; its id and seat 0's token."""
    made = client.post("/api/tables", json={"game": game, "players": [
        f"p{seat}" for seat in range(players)], "seed": 5, "bots": {
        str(seat): "greedy" for seat in range(1, players)}}).json()
    table = made["table"]
    token = client.post(f"/api/tables/{table}/seats/0/join").json()["token"]
    auth = {"Authorization": f"Bearer {token}"}
    deadline = time.monotonic() + 60
    while True:
        view = client.get(f"/api/tables/{table}/seats/0/view", headers=auth).json()["view"]
        if view["result"] is not None:
            return table, token
        assert time.monotonic() < deadline, f"{game} did not end"
        if 0 in view["to_move"]:
            client.post(f"/api/tables/{table}/seats/0/moves", json=view["legal_moves"][0],
                        headers=auth)
        else:
            time.sleep(0.005)


@pytest.mark.parametrize("game", PRIVATE)
def test_a_finished_log_the_rules_keep_hidden_goes_to_the_tables_seats_only(
        server: ServeProcess, game: str) -> None:
    assert not get_game(game).facts.public_log
    with httpx.Client(base_url=server.url, timeout=30) as client:
        table, token = finished_table(client, game, 2 if game != "boxes" else 3)
        _, other_token = finished_table(client, game, 2 if game != "boxes" else 3)
        spectator = client.get(f"/api/tables/{table}/log")
        assert (401, "unauthorized") == (spectator.status_code,
                                         spectator.json()["error"]["code"])
        stranger = client.get(f"/api/tables/{table}/log",
                              headers={"Authorization": f"Bearer {other_token}"})
        assert (403, "forbidden") == (stranger.status_code, stranger.json()["error"]["code"])
        seat = client.get(f"/api/tables/{table}/log",
                          headers={"Authorization": f"Bearer {token}"})
        assert 200 == seat.status_code
        assert client.post("/api/replay", content=seat.content, headers={
            "Content-Type": "application/json"}).status_code == 200


@pytest.mark.parametrize("game", PUBLIC)
def test_a_finished_log_the_rules_reveal_goes_to_everyone(server: ServeProcess,
                                                           game: str) -> None:
    assert get_game(game).facts.public_log
    with httpx.Client(base_url=server.url, timeout=30) as client:
        table, _ = finished_table(client, game, 2)
        assert 200 == client.get(f"/api/tables/{table}/log").status_code

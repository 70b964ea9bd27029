"""The games' drawings for the browser client, served by the host: a registered game's
folder at ``/games/<id>/web/<file>`` and nothing else (no other game, no path out of the
folder, no hidden file, no kind of file it does not serve), each file with its media
type, every refusal the host's one 404; and what ``/api/games`` says of each game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from hostserver import TESTING
from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.testclient import TestClient
from toygame import Toy

from aves_core import get_game
from aves_core.host.app import create_app
from aves_core.kernel.registry import register_game


class DrawnToy(Toy):
    """The toy game with a drawing in a folder the tests choose."""

    facts = attrs.evolve(Toy.facts, id="toy-drawn")
    folder: Path | None = None

    def web_folder(self) -> Path | None:
        return self.folder


DRAWN = register_game(DrawnToy())


@pytest.fixture
def drawn(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "web"
    (folder / "images").mkdir(parents=True)
    (folder / "index.js").write_text("export function mount(root, context) {}\n")
    (folder / "images" / "card.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    (folder / ".secret.js").write_text("hidden")
    (folder / "notes.txt").write_text("not served")
    (tmp_path / "outside.js").write_text("outside the folder")
    (folder / "link.js").symlink_to(tmp_path / "outside.js")
    DrawnToy.folder = folder
    yield folder
    DrawnToy.folder = None


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "tables.db", **TESTING)) as test_client:
        yield test_client


def error_of(answer: Any) -> tuple[int, str]:
    data = answer.json()
    assert {"error"} == set(data)
    assert {"code", "message"} == set(data["error"])
    return answer.status_code, data["error"]["code"]


def test_each_built_in_games_drawing_is_served_with_its_media_type(client: TestClient) -> None:
    for game in ("aves", "soulaween"):
        folder = get_game(game).web_folder()
        assert folder is not None
        module = client.get(f"/games/{game}/web/index.js")
        assert 200 == module.status_code
        assert module.headers["content-type"].startswith("text/javascript")
        assert "nosniff" == module.headers["x-content-type-options"]
        assert (folder / "index.js").read_text() == module.text
        assert "export function mount(root, context)" in module.text
        style = client.get(f"/games/{game}/web/style.css")
        assert (200, "text/css; charset=utf-8") == (style.status_code,
                                                    style.headers["content-type"])
        assert 200 == client.head(f"/games/{game}/web/index.js").status_code


def test_api_games_says_where_each_drawing_is_and_which_options_are_choices(
        client: TestClient, drawn: Path) -> None:
    games = {game["id"]: game for game in client.get("/api/games").json()["games"]}
    assert {"module": "games/aves/web/index.js", "style": "games/aves/web/style.css"} \
        == games["aves"]["web"]
    assert {"module": "games/soulaween/web/index.js",
            "style": "games/soulaween/web/style.css"} == games["soulaween"]["web"]
    assert {"module": "games/toy-drawn/web/index.js", "style": None} == games["toy-drawn"]["web"]
    assert games["toy"]["web"] is None  # no drawing: the client's fallback shows it
    assert {"mode": ["simple", "standard"]} == games["soulaween"]["option_choices"]
    assert {} == games["aves"]["option_choices"]


def test_a_drawings_files_and_only_they_are_served(client: TestClient, drawn: Path) -> None:
    svg = client.get("/games/toy-drawn/web/images/card.svg")
    assert (200, "image/svg+xml") == (svg.status_code, svg.headers["content-type"])
    assert 200 == client.get("/games/toy-drawn/web/index.js").status_code


@pytest.mark.parametrize("path", [
    "/games/chess/web/index.js",                  # no such game
    "/games/toy/web/index.js",                    # a game without a drawing
    "/games/toy-drawn/web/missing.js",            # no such file
    "/games/toy-drawn/web/images",                # a folder
    "/games/toy-drawn/web/images/",
    "/games/toy-drawn/web/.secret.js",            # a hidden file
    "/games/toy-drawn/web/notes.txt",             # a kind of file not served
    "/games/toy-drawn/web/link.js",               # a link out of the folder
    "/games/toy-drawn/web/%2e%2e/outside.js",     # out of the folder, however written
    "/games/toy-drawn/web/..%2Foutside.js",
    "/games/toy-drawn/web/images/..%2F..%2Foutside.js",
    "/games/toy-drawn/web/images%5C..%5C..%5Coutside.js",
    "/games/toy-drawn/web/%00.js",
    "/games/toy-drawn/web/" + "a" * 300 + ".js",  # a name too long to look up
    "/games/aves/web/../game.py",
    "/games/aves/web/",
    "/games/aves/web",
])
def test_anything_else_is_the_hosts_one_404(client: TestClient, drawn: Path, path: str
                                           ) -> None:
    assert (404, "not_found") == error_of(client.get(path))


def test_a_drawing_is_served_beside_the_page_when_the_app_is_mounted(tmp_path: Path) -> None:
    inner = create_app(tmp_path / "mounted.db", **TESTING)

    def lifespan(app: Starlette) -> Any:
        return inner.router.lifespan_context(inner)

    outer = Starlette(routes=[Mount("/play", app=inner)], lifespan=lifespan)
    with TestClient(outer) as client:
        assert "aves-core" in client.get("/play/").text
        assert 200 == client.get("/play/games/aves/web/index.js").status_code

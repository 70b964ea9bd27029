"""The public surface, stated and kept (docs/reference/index.md says the rule).

Every module of the package is either public, rendered by a ``::: module`` line of a
page in docs/reference, or internal, on that index's list of internal modules; never
both, never neither. A public module names its public names in ``__all__``; each has a
docstring; and the docs site, built here in strict mode as CI builds it, renders each
one (its anchor ``module.name`` is on a page). A module added without a decision, a
public name without a docstring, or one the reference would not show fails here.

The package is read by griffe, as mkdocstrings reads it: statically, so that modules
of optional extras (Ray, OpenSpiel) need not import.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

griffe = pytest.importorskip("griffe", reason="the docs extra reads the package")

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "docs" / "reference"
RENDERED = re.compile(r"^::: (aves_core[\w.]*)\s*$", re.MULTILINE)
INTERNAL_LIST = re.compile(r"<!-- internal-modules:.*?-->(.*?)<!-- /internal-modules -->",
                           re.DOTALL)


def rendered_modules() -> list[str]:
    """The modules the reference pages render, in page order (a repeat kept)."""
    return [name for page in sorted(REFERENCE.rglob("*.md"))
            for name in RENDERED.findall(page.read_text(encoding="utf-8"))]


def internal_modules() -> list[str]:
    """The modules docs/reference/index.md lists as internal."""
    found = INTERNAL_LIST.search((REFERENCE / "index.md").read_text(encoding="utf-8"))
    assert found, "docs/reference/index.md has no <!-- internal-modules --> list"
    return re.findall(r"`(aves_core[\w.]*)`", found[1])


@cache
def package() -> Any:
    """aves_core as griffe reads it."""
    return griffe.load("aves_core", search_paths=[str(ROOT / "src")], resolve_aliases=True,
                       resolve_external=False)


def module_at(path: str) -> Any:
    """The module at a dotted path (``aves_core`` itself, or one under it)."""
    root = package()
    return root if path == root.path else root[path.removeprefix(root.path + ".")]


def modules_of(module: Any) -> Iterator[Any]:
    """The module and every module under it (not the modules it imports)."""
    yield module
    for sub in module.modules.values():
        if not sub.is_alias:
            yield from modules_of(sub)


def exports(module: Any) -> list[str]:
    """The names of the module's ``__all__``."""
    return [name if isinstance(name, str) else name.name for name in module.exports]


PUBLIC = rendered_modules()


def test_every_module_is_public_or_internal() -> None:
    every = {module.path for module in modules_of(package())}
    public, internal = set(PUBLIC), set(internal_modules())
    assert len(PUBLIC) == len(public), "a module is rendered twice in docs/reference"
    assert not public & internal, f"both public and internal: {sorted(public & internal)}"
    assert not every - public - internal, (
        f"neither rendered in docs/reference nor listed there as internal: "
        f"{sorted(every - public - internal)}")
    assert not (public | internal) - every, (
        f"docs/reference names modules that do not exist: {sorted((public | internal) - every)}")


def test_the_reference_renders_the_package_layers() -> None:
    # The list of what users embed: the kernel, the author's surface, testing,
    # the environments, the host's embedding pieces and each game's values.
    for name in ("aves_core", "aves_core.author", "aves_core.kernel.game", "aves_core.testing",
                 "aves_core.envs", "aves_core.host.app", "aves_core.games.cubirds.moves"):
        assert name in PUBLIC


def test_the_top_level_says_whose_each_name_is() -> None:
    # aves_core's docstring sorts its names into the library's and AVES's (kept for
    # compatibility); every name is sorted, and each sits where its kind says.
    import aves_core

    doc = aves_core.__doc__ or ""
    library_part, aves_part = doc.split("- **the library's**")[1].split("- **AVES's own**")
    library = set(re.findall(r"``(\w+)``", library_part))
    aves = set(re.findall(r"``(\w+)``", aves_part)) - {"aves_core"}
    assert library | aves == set(aves_core.__all__)
    assert not library & aves
    for name in aves:
        home = module_of_value(name)
        assert home.startswith("aves_core.games.aves"), (name, home)
    for name in library - {"__version__"}:
        home = module_of_value(name)
        assert not home.startswith("aves_core.games."), (name, home)


def module_of_value(name: str) -> str:
    """The module where a top-level name is defined, as griffe finds it (a value such as
    ``CROW`` carries no ``__module__``, and a union's is ``types``)."""
    member = package().members[name]
    return str((member.final_target if member.is_alias else member).parent.path)


@pytest.mark.parametrize("module_path", PUBLIC)
def test_a_public_module_names_its_public_names_in_all(module_path: str) -> None:
    module = module_at(module_path)
    assert module.exports is not None, f"{module_path} has no __all__"


@pytest.mark.parametrize("module_path", PUBLIC)
def test_every_public_name_has_a_docstring(module_path: str) -> None:
    module = module_at(module_path)
    assert module.docstring, f"{module_path} has no docstring"
    undocumented = []
    for name in exports(module):
        member = module.members.get(name)
        assert member is not None, f"{module_path}.__all__ names {name}, which griffe cannot find"
        target = member.final_target if member.is_alias else member
        if not (target.docstring and target.docstring.value.strip()):
            undocumented.append(name)
    assert not undocumented, f"{module_path}: public names without a docstring: {undocumented}"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The docs site built as CI builds it: strict, so a warning fails."""
    pytest.importorskip("mkdocs", reason="the docs extra builds the site")
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    site_dir = tmp_path_factory.mktemp("site")
    config = load_config(str(ROOT / "mkdocs.yml"), site_dir=str(site_dir), strict=True)
    build(config)
    return site_dir


def test_the_reference_renders_every_public_name(site: Path) -> None:
    anchors = {anchor for page in site.rglob("*.html")
               for anchor in re.findall(r'id="(aves_core[\w.]*)"',
                                        page.read_text(encoding="utf-8"))}
    missing = [f"{path}.{name}" for path in PUBLIC for name in exports(module_at(path))
               if f"{path}.{name}" not in anchors]
    assert not missing, f"public names the built reference does not show: {missing}"
    assert not [path for path in PUBLIC if path not in anchors]


def test_the_site_has_the_generated_pages(site: Path) -> None:
    cli = (site / "cli.html").read_text(encoding="utf-8")
    for command in ("replay", "simulate", "serve", "new-game"):
        assert f"usage: aves {command}" in cli
    protocol = (site / "protocol.html").read_text(encoding="utf-8")
    assert "/api/tables/" in protocol
    # The answers' schemas, each a table of its fields; the one error once, every
    # refusal referring to it.
    assert 'id="tablesummary"' in protocol
    assert 'id="eventsanswer"' in protocol
    assert 1 == protocol.count("every refusal, whatever its status")
    assert "One socket per seat or spectator" in protocol  # the WebSocket, from hosting.md
    assert (site / "openapi.json").is_file()

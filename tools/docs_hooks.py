"""MkDocs hooks (mkdocs.yml ``hooks:``): the pages written from the code at build time.

- ``<!-- aves-help -->`` on a page becomes the ``aves`` command's help: the whole
  command's, then each subcommand's, as ``aves COMMAND --help`` prints it.
- ``<!-- aves-openapi -->`` becomes the web host's REST API, rendered from its OpenAPI
  description (``aves_core.host.openapi.describe_api`` with the registered games) by
  essentials-openapi, the library behind the neoteroi OpenAPI plugin for MkDocs. The
  description itself is written beside the page as ``openapi.json``.

Both are made from the code on every build, so the pages cannot drift from it.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
from typing import Any

HELP_MARK = "<!-- aves-help -->"
OPENAPI_MARK = "<!-- aves-openapi -->"
ENDPOINTS_HEADING = '## <span class="api-tag">Endpoints</span>'
COMMON_RESPONSES = "\n### Common responses"
SCHEMA_HINT = re.compile(r'^( *)\?\?\? hint "Schema of the response body"\n\1    ```json\n'
                         r'.*?^\1    ```\n', re.DOTALL | re.MULTILINE)
"""The renderer's folded JSON of a response's schema."""
HELP_WIDTH = "80"
"""The width the help is wrapped to, whatever the terminal that builds the docs."""


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:  # argparse keeps its subparsers here and only here
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def cli_help() -> str:
    """The ``aves`` command's help and each subcommand's, as Markdown."""
    from aves_core.cli.app import _build_parser

    os.environ["COLUMNS"] = HELP_WIDTH
    parser = _build_parser()
    parts = ["## `aves`", "", "```text", parser.format_help().rstrip(), "```"]
    for name, sub in _subcommands(parser).items():
        parts += ["", f"## `aves {name}`", "", "```text", sub.format_help().rstrip(), "```"]
    return "\n".join(parts)


def openapi_description() -> dict[str, Any]:
    """The host's OpenAPI description with the registered games named, as ``aves serve``
    serves it at ``/api/openapi.json``."""
    from aves_core.host.openapi import describe_api
    from aves_core.kernel.registry import all_games

    return describe_api([{"id": game.id, "min_players": game.facts.min_players,
                          "max_players": game.facts.max_players,
                          "bots": list(game.bot_factories())} for game in all_games()])


def openapi_markdown(description: dict[str, Any]) -> str:
    """The REST API as Markdown, one section an endpoint."""
    from openapidocs.mk.v3 import OpenAPIV3DocumentationHandler

    handler = OpenAPIV3DocumentationHandler(description, style="MKDOCS")
    with contextlib.redirect_stdout(io.StringIO()):  # it prints what it does
        text: str = handler.write()
    # The page has its own title and words around the API: keep the endpoints (level
    # 3, under the page's "The REST API") and what follows them, not the title.
    endpoints = text.index(ENDPOINTS_HEADING)
    text = text[endpoints + len(ENDPOINTS_HEADING):]
    # The components (schemas, common responses, security schemes) go one level down
    # too, each schema with its description, which the renderer leaves out.
    cut = text.index("\n## ")
    parts = text[:cut], re.sub(r"^(#{2,5}) ", r"#\1 ", text[cut:], flags=re.MULTILINE)
    components = "".join(parts)
    for name, schema in description.get("components", {}).get("schemas", {}).items():
        if "description" in schema:
            components = components.replace(f"\n#### {name}\n",
                                            f"\n#### {name}\n\n{schema['description']}\n", 1)
    return _shared_bodies(components, description)


def _shared_bodies(text: str, description: dict[str, Any]) -> str:
    """Each common response's body as a link to its schema, where the renderer would
    print that schema's JSON again in every one (the one error, ten times)."""
    start = text.find(COMMON_RESPONSES)
    if start < 0:
        return text
    end = text.find("\n### ", start + len(COMMON_RESPONSES))
    end = len(text) if end < 0 else end
    responses = description["components"]["responses"]
    sections = text[start:end].split("\n#### ")
    for index, section in enumerate(sections[1:], 1):
        content = responses.get(section.partition("\n")[0], {}).get("content", {})
        reference = content.get("application/json", {}).get("schema", {}).get("$ref", "")
        name: str = reference.removeprefix("#/components/schemas/")
        if name and name != reference:
            link = f"Its schema: [{name}](#{name.lower()}).\n".replace("\\", "\\\\")
            sections[index] = SCHEMA_HINT.sub(r"\g<1>" + link, section)
    return text[:start] + "\n#### ".join(sections) + text[end:]


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Fill in the marks of the generated pages."""
    if HELP_MARK in markdown:
        markdown = markdown.replace(HELP_MARK, cli_help())
    if OPENAPI_MARK in markdown:
        markdown = markdown.replace(OPENAPI_MARK, openapi_markdown(openapi_description()))
    return markdown


def on_files(files: Any, config: Any) -> Any:
    """Publish the OpenAPI description as ``openapi.json`` beside the protocol page, for
    clients to generate from (and for the page to link)."""
    from mkdocs.structure.files import File

    files.append(File.generated(config, "openapi.json",
                                content=json.dumps(openapi_description(), indent=2) + "\n"))
    return files

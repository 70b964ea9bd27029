"""Every ``aves`` subcommand's ``--help``, as a newcomer reads it: every option is
explained, and no argparse escape (``95%%``) is left in the text."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from aves_core.cli import main
from aves_core.cli.app import EXIT_PIPE, _build_parser


def _commands() -> dict[str, argparse.ArgumentParser]:
    """The subcommands' parsers by name."""
    parser = _build_parser()
    found = [action for action in parser._actions
             if isinstance(action, argparse._SubParsersAction)]
    assert 1 == len(found)
    return dict(found[0].choices)


COMMANDS = sorted(_commands())


def test_every_command_is_covered() -> None:
    assert {"diagram", "export", "games", "new", "play", "replay", "serve", "simulate",
            "tournament"} <= set(COMMANDS)


def _unexplained(parser: argparse.ArgumentParser) -> list[str]:
    """The actions of ``parser`` (``--help`` aside) with no help text."""
    return [" ".join(action.option_strings) or action.dest for action in parser._actions
            if not isinstance(action, argparse._HelpAction)
            and (not action.help or action.help is argparse.SUPPRESS
                 or not action.help.strip())]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_option_of_every_command_has_help(command: str) -> None:
    assert [] == _unexplained(_commands()[command])


def test_the_top_level_options_and_every_command_have_help() -> None:
    parser = _build_parser()
    assert [] == _unexplained(parser)
    commands = next(action for action in parser._actions
                    if isinstance(action, argparse._SubParsersAction))
    helped = {choice.dest: bool(choice.help) for choice in commands._choices_actions}
    assert dict.fromkeys(COMMANDS, True) == helped


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_prints_no_argparse_escape(command: str | None,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([command, "--help"] if command else ["--help"])
    assert 0 == stopped.value.code
    text = capsys.readouterr().out
    assert text.startswith(f"usage: aves {command or ''}".rstrip())
    assert "%%" not in text
    assert "%(" not in text


def test_simulate_and_tournament_say_95_percent(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("simulate", "tournament"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = " ".join(capsys.readouterr().out.split())  # argparse wraps the description
        assert "95% interval" in text
        for option in ("--games", "--seed"):
            words = text.split(f"{option} {option.lstrip('-').upper()} ", 1)[1].split()
            assert not words[0].startswith("-"), f"{command} {option} has no help"


def test_a_reader_that_closes_the_pipe_early_stops_the_command_quietly() -> None:
    # `aves games | grep -q aves`: the reader stops at its first line; aves stops with
    # the status a shell gives a Unix tool stopped by the closed pipe, and says nothing.
    process = subprocess.Popen([sys.executable, "-m", "aves_core", "games"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None
    assert process.stderr is not None
    process.stdout.close()
    stderr = process.stderr.read()
    assert EXIT_PIPE == process.wait(timeout=60) == 141
    assert b"" == stderr

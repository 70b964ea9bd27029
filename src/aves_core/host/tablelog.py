"""A hosted table's log: the kernel's ``Table`` rebuilt from the stored actions, the
operator's export (``aves export``) and the replay viewer's steps (``POST
/api/replay``), which checks a log exactly as ``aves replay`` does."""

from __future__ import annotations

import time
from typing import Any

from aves_core.host.errors import HostError
from aves_core.host.store import Action, Store, TableRecord
from aves_core.kernel.errors import AvesError, IllegalMoveError
from aves_core.kernel.log import dump_log, read_header
from aves_core.kernel.registry import get_game
from aves_core.kernel.table import Table

__all__ = ["MAX_REPLAY_MOVES", "apply_action", "export_log", "new_table", "replay_steps"]

MAX_REPLAY_MOVES = 5000
"""The longest log the replay viewer shows."""



def new_table(record: TableRecord) -> Table:
    """A stored table at its start (its header's players, setup and seed)."""
    header = read_header(record.header)
    return Table(header.game, header.players, setup=header.setup, seed=header.seed)


def apply_action(table: Table, action: Action) -> None:
    """A stored action, as it was recorded: chance moves are replayed, never drawn; a
    seat's leave changes who plays it, not the game."""
    game = table.game
    if action.kind == "move":
        table.apply_recorded([game.move_from_json(action.data)])
    elif action.kind == "moves":
        table.apply_recorded([game.move_from_json(data) for data in action.data["moves"]])
    elif action.kind == "undo":
        table.undo(action.data["seat"])


def export_log(store: Store, table_id: str, form: str = "json") -> str:
    """Any table of ``store`` as a log (``"json"`` or ``"jsonl"``), finished or not,
    every hidden card in it: for the host's operator (``aves export``), never a player.
    AVES's in its ``aves-log`` v1 format; ``aves replay`` validates it."""
    if form not in ("json", "jsonl"):
        raise HostError(400, "bad_argument", f"form is 'json' or 'jsonl', not {form!r:.20}")
    record = store.table(table_id) if type(table_id) is str else None
    if record is None:
        raise HostError(404, "no_such_table", f"no table {table_id!r:.70}")
    table = new_table(record)
    for action in store.actions(table_id):
        apply_action(table, action)
    return dump_log(table.log, "jsonl" if form == "jsonl" else "json")


def replay_steps(text: bytes) -> dict[str, Any]:
    """A log replayed for the replay viewer: each state as the game reports it (every
    hand shown: a log holds the whole deal), the moves in notation, and the first
    problem, if any. Any registered game; at most ``MAX_REPLAY_MOVES`` moves. A body
    that is no log at all (not JSON, no header, an unknown game, a bad setup) is a
    ``HostError`` with the log's code."""
    from aves_core.kernel.log import read_log
    from aves_core.kernel.replay import replay as read_replay

    if not text:
        raise HostError(400, "empty_body", "post a log (JSON or JSON Lines) to replay")
    try:
        # Bytes, never a str: a str not starting with "{" would name a file here.
        log = read_log(bytes(text))
        game = get_game(log.game)
        state = game.start(len(log.players), log.setup)
    except AvesError as error:
        # No state to show at all: the body is no log (a log that breaks a rule in
        # its moves is shown up to there, with valid false).
        raise HostError(400, error.code, str(error)) from None
    if len(log.moves) > MAX_REPLAY_MOVES:
        raise HostError(413, "too_large", f"the viewer shows logs of up to "
                                            f"{MAX_REPLAY_MOVES:,} moves")

    def spectator(state: Any) -> dict[str, Any]:
        return game.view_to_json(game.view(state, None))

    steps: list[dict[str, Any]] = [{"move": None, "report": game.replay_report(state, 0),
                                    "view": spectator(state), "events": []}]
    problem: dict[str, Any] | None = None
    for index, move in enumerate(log.moves):
        if index % 32 == 31:
            # This runs in a thread: give the event loop the interpreter now and then
            # (at once, not after the switch interval), so requests are answered meanwhile.
            time.sleep(0)
        try:
            state, events = game.apply_with_events(state, move)
        except IllegalMoveError as error:
            problem = {"code": error.code, "message": error.message, "move_index": index}
            break
        steps.append({"move": game.move_text(move),
                      "report": game.replay_report(state, index + 1),
                      "view": spectator(state),
                      "events": [game.event_to_json(event)
                                 for event in game.events_for(events, None)]})
    recorded = log.result
    if problem is None and recorded is not None and recorded != game.result(state):
        # The one check of `aves replay` too: a log's own result must be the rules'.
        mismatch = read_replay(bytes(text)).problem
        problem = {"code": "result_mismatch", "move_index": len(log.moves),
                   "message": mismatch.message if mismatch else "the recorded result "
                   "is not the rules' result"}
    return {"valid": problem is None, "problem": problem, "game": game.id,
            "players": list(log.players), "steps": steps}

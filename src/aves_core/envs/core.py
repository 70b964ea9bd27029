"""What the PettingZoo and Gymnasium adapters share: one game played straight on the
game's states, observations built from a seat's *view* through the game's encoding,
the opponents the environments accept, and the rule for an action the mask forbids.

An action the mask forbids is not played: a legal move drawn from the game's seeded
generator is played in its place, and the seat is given ``illegal_reward`` (the
mistake is reported in its ``info``).

A game with chance during play (``Chance.PLAY``) never stops at a chance node here:
the match settles the chance moves after every move (an agent's or a bot's), drawn
from the game's ``chance_generator`` of the episode's seed, so the same
``reset(seed=...)`` gives the same episode, chance included.

Speed is the point of this module (an environment is stepped by the million): it
keeps no log and no table, plays the moves it knows legal with the game's unchecked
``step``, makes events only for opponents that read them (and then each seat's
redacted events once, as they happen), builds each seat's view at most once per
state, and gives a bot that reads nothing but its legal moves (``uses_view =
False``, as the random bot) just those.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from aves_core.bots import Bot, RandomBot, make_bot
from aves_core.kernel.encoding import OBSERVATION_HIGH, Encoding
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Chance
from aves_core.kernel.registry import get_game

_Seen = tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], list[int], bytes]
"""A seat's observation, mask, allowed indices and mask as bytes (``Match._observe``)."""
_MASKS_KEPT = 1024
"""The most masks a match keeps for reuse (``Match._observe``)."""

__all__ = ["OBSERVATION_HIGH", "Match", "ObservationPolicy", "Opponent", "action_index",
           "final_info", "opponent_of", "self_play"]


def action_index(action: Any) -> int:
    """An action as an int index: a Python or numpy integer, or a 0-d numpy array of
    integers (what a policy's ``predict`` gives); a bool, a float or an array of
    another shape is an ArgumentError."""
    if type(action) is int:
        return action
    if isinstance(action, np.ndarray) and action.shape == () \
            and np.issubdtype(action.dtype, np.integer):
        return int(action)
    if isinstance(action, bool) or not isinstance(action, int | np.integer):
        raise ArgumentError(f"an action is an int index, not {action!r:.40}")
    return int(action)


class ObservationPolicy:
    """An opponent that plays as a learner does: ``act(observation, mask)`` gives an
    action index, from the seat's observation (as the environment gives its learner:
    the vector, or the Dict) and its action mask (a bool array). A trained model's
    ``predict`` fits: ``ObservationPolicy(lambda obs, mask:
    model.predict(obs, action_masks=mask)[0])``; ``self_play`` makes one of a frozen
    copy of a model."""

    def __init__(self, act: Callable[[Any, npt.NDArray[np.bool_]], Any]) -> None:
        if not callable(act):
            raise ArgumentError(f"ObservationPolicy needs a callable (observation, mask) "
                                f"-> action, not {act!r:.60}")
        self.act = act

    def __repr__(self) -> str:
        return f"ObservationPolicy({self.act!r:.60})"


def self_play(model: Any, *, deterministic: bool = False) -> ObservationPolicy:
    """An opponent that plays a frozen copy of ``model`` as it is now: a copy of its
    ``policy`` (an sb3-contrib ``MaskablePPO``'s, say; the model itself when it has
    none), asked ``predict(observation, action_masks=mask, deterministic=...)``. Make
    a new one to bring the opponent up to date with the learner."""
    policy = getattr(model, "policy", model)
    if not callable(getattr(policy, "predict", None)):
        raise ArgumentError(f"self_play needs a model with a predict method, not "
                            f"{model!r:.60}")
    frozen = _frozen_copy(policy)

    def act(observation: Any, mask: npt.NDArray[np.bool_]) -> Any:
        return frozen.predict(observation, action_masks=mask,
                              deterministic=deterministic)[0]

    return ObservationPolicy(act)


def _frozen_copy(policy: Any) -> Any:
    """A copy of ``policy`` that its later training leaves alone. A Stable-Baselines3
    policy is built anew from its constructor's parameters and given the weights (as
    its own ``save`` and ``load`` do): once it has acted, its action distribution holds
    the last forward pass's tensors, which torch refuses to deepcopy. Anything else is
    deep-copied."""
    import copy

    parameters = getattr(policy, "_get_constructor_parameters", None)
    if callable(parameters) and callable(getattr(policy, "state_dict", None)):
        frozen = type(policy)(**parameters())
        frozen.load_state_dict(policy.state_dict())
        device = getattr(policy, "device", None)
        if device is not None and callable(getattr(frozen, "to", None)):
            frozen = frozen.to(device)
        if callable(getattr(frozen, "set_training_mode", None)):
            frozen.set_training_mode(False)
        return frozen
    return copy.deepcopy(policy)


class _Offer:
    """What a bot that reads only its legal moves (``uses_view = False``) is shown."""

    __slots__ = ("legal_moves", "seat")

    def __init__(self, seat: int, legal_moves: Sequence[Any]) -> None:
        self.seat = seat
        self.legal_moves = legal_moves


Opponent = Bot | ObservationPolicy | Callable[[Any], Any]
"""A bot, a policy over observations, or a callable from a view to a move."""


def opponent_of(spec: object, game: Any) -> Opponent:
    """An opponent from what the caller gave: a bot's name (``"random"``,
    ``"greedy"``, ``"search:200"``), a ``Bot``, an ``ObservationPolicy``, or a callable
    from the seat's view to one of its legal moves."""
    if isinstance(spec, str):
        return make_bot(spec, game)
    if isinstance(spec, ObservationPolicy | Bot):
        return spec
    if callable(spec):
        return spec
    raise ArgumentError(f"an opponent is a bot's name, a Bot, an ObservationPolicy or a "
                        f"callable from a view to a move, not {spec!r:.60}")


def _kind(opponent: Opponent) -> str:
    """How the match asks an opponent for its move: "random" (the kernel's own random
    bot, whose ``choose`` is ``rng.choice`` of the legal moves, which the match calls
    itself), "offer" (a bot shown its legal moves alone), "bot" (a bot shown its view
    and events), "policy" or "view"."""
    if isinstance(opponent, ObservationPolicy):
        return "policy"
    if type(opponent) is RandomBot:
        return "random"
    if isinstance(opponent, Bot):
        return "bot" if getattr(opponent, "uses_view", True) else "offer"
    return "view"


def final_info(game: Any, state: Any, seat: int) -> dict[str, Any]:
    """What an environment reports to ``seat`` once the game is over: ``winners``,
    ``scores`` (the game's, or None where it keeps none), ``rank`` (1 is first: a
    winner is first, another seat comes after the winners and after every seat that
    scored more), ``is_success`` (the seat won) and ``reason``."""
    result = game.result(state)
    winners = tuple(result.winners) if result is not None else ()
    scores = game.scores(state)
    if seat in winners:
        rank = 1
    else:
        ahead = set(winners)
        if scores is not None:
            ahead.update(other for other, score in enumerate(scores) if score > scores[seat])
        rank = 1 + len(ahead)
    return {"winners": winners, "scores": scores, "rank": rank,
            "is_success": seat in winners,
            "reason": None if result is None else result.reason}


class Match:
    """One game of ``game_id`` for ``num_players`` seats, for the adapters."""

    def __init__(self, game_id: str, num_players: int | None, options: Any,
                 illegal_reward: float) -> None:
        self.game = get_game(game_id)
        self.num_players = self.game.facts.min_players if num_players is None \
            else num_players
        self.game.check_players(self.num_players)
        encoding = self.game.encoding(self.num_players)
        if encoding is None:
            raise ArgumentError(f"{self.game.facts.name} has no encoding for learning "
                                "agents (Game.encoding)")
        self.encoding: Encoding[Any, Any] = encoding
        self.options = self.game.default_options() if options is None else (
            self.game.options_from_json(options) if isinstance(options, dict) else options)
        if type(illegal_reward) not in (int, float):
            raise ArgumentError("illegal_reward must be a number")
        self.illegal_reward = float(illegal_reward)
        self.noop = self.encoding.num_actions
        self.num_actions = self.noop + 1
        self.size = self.encoding.observation_size
        self._state: Any = None
        self._chance: random.Random | None = None
        self.rng = random.Random(0)
        self.moves: list[Any] = []
        """The episode's moves so far, chance moves included."""
        self.total_moves = 0
        """The seats' moves played over every episode (chance moves not counted)."""
        self.flat = False
        """Whether observation policies are shown the vector alone (else the Dict)."""
        self._opponents: dict[int, tuple[str, Any]] = {}
        self._seated: dict[int, Opponent] = {}
        self._trusted: set[int] = set()
        self._events: dict[int, list[Any]] | None = None
        self._views: dict[int | None, Any] = {}
        self._seen: dict[int, _Seen] = {}
        self._masks: dict[int, tuple[Sequence[Any], list[int], bytes]] | None = {}
        self._mask_hits = 0
        """Masks by the identity of the legal moves they were made of (kept alive with
        them, so an id is never another's): a game that gives the same tuple of legal
        moves again (Cubirds', Boxes') has its mask copied, not made."""
        self._index = getattr(self.encoding, "index", None)  # ActionTable's move -> index
        # Every legal move's index in one call, where the encoding gives it.
        self._indices = getattr(self.encoding, "indices", None)

    def start(self, seed: int, opponents: dict[int, Opponent] | None = None) -> None:
        """A new game from ``seed`` (its setup, its chance during play and the generator
        for illegal actions), the given seats played by ``opponents``."""
        game = self.game
        setup = game.new_setup(self.num_players, self.options, seed)
        self._state = game.start(self.num_players, setup)
        self._chance = (game.chance_generator(self.num_players, game.options_of(setup), seed)
                        if game.facts.chance is Chance.PLAY else None)
        self.rng = random.Random(seed)
        self.moves = []
        opponents = opponents or {}
        if opponents.keys() != self._seated.keys() or any(
                self._seated[seat] is not opponent for seat, opponent in opponents.items()):
            # New opponents (the same as last episode's stay as they were sorted)
            self._seated = dict(opponents)
            self._opponents = {seat: (_kind(opponent), opponent)
                               for seat, opponent in opponents.items()}
            # The library's own bots keep to their legal moves (the kit checks them); a
            # move from anyone else is checked before it is played.
            self._trusted = {seat for seat, opponent in self._opponents.items()
                             if type(opponent[1]).__module__.startswith("aves_core.")}
        # Events only for the opponents that read them: each seat's, redacted, kept as
        # they happen (never rebuilt from the start).
        readers = [seat for seat, (kind, opponent) in self._opponents.items()
                   if kind in ("bot", "offer", "random") and getattr(opponent, "uses_events", True)]
        self._events = {seat: [] for seat in readers} if readers else None
        self._views = {}
        self._seen = {}

    @property
    def state(self) -> Any:
        """The full current state (the referee's eyes only; an error before reset)."""
        if self._state is None:
            raise ArgumentError("call reset() before anything else")
        return self._state

    @property
    def to_move(self) -> tuple[int, ...]:
        """The seats that may move now (empty once the game is over)."""
        return self.game.to_move(self.state)

    @property
    def result(self) -> Any:
        """How the game ended (the kernel's ``Result``), or None while it goes on."""
        return self.game.result(self.state)

    def view(self, seat: int | None) -> Any:
        """What ``seat`` may know now (built once per state)."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.game.view(self.state, seat)
        return view

    def observe(self, seat: int) -> dict[str, npt.NDArray[Any]]:
        """The seat's observation and action mask, from its view alone (made once per
        state: asked again before the next move, the same arrays come back)."""
        seen = self._seen.get(seat)
        if seen is None:
            seen = self._observe(seat)
        return {"observation": seen[0], "action_mask": seen[1]}

    def _observe(self, seat: int) -> _Seen:
        """What the seat is shown of the state: its observation, its mask, its allowed
        action indices (ascending) and the mask as bytes (for the match's own checks:
        the caller may spoil the mask it is given)."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.game.view(self._state, seat)
        observation = np.zeros(self.size, dtype=np.float32)
        self.encoding.observe(view, observation)
        moves = view.legal_moves
        masks = self._masks
        made = None if masks is None else masks.get(id(moves))
        if made is not None and made[0] is moves:
            indices, allowed = made[1], made[2]
            self._mask_hits += 1
        else:
            indices = self.action_indices(seat, moves) if moves else [self.noop]
            marks = bytearray(self.num_actions)
            for index in indices:
                marks[index] = 1
            indices.sort()
            allowed = bytes(marks)
            if masks is not None:
                if len(masks) >= _MASKS_KEPT:
                    # A game that gives most states new tuples of moves seldom finds
                    # its masks again: keeping them would only slow the garbage
                    # collector down.
                    self._masks = None if self._mask_hits < _MASKS_KEPT else {}
                    self._mask_hits = 0
                else:
                    masks[id(moves)] = (moves, indices, allowed)
        seen = self._seen[seat] = (observation,
                                   np.frombuffer(bytearray(allowed), dtype=np.int8),
                                   indices, allowed)
        return seen

    def legal_actions(self, seat: int) -> list[int]:
        """The seat's allowed action indices now, ascending as in its mask (NOOP alone
        when it is not to move): what ``observe`` found, without reading the mask."""
        seen = self._seen.get(seat)
        if seen is None:
            seen = self._observe(seat)
        return list(seen[2])

    def action_indices(self, seat: int, moves: Sequence[Any]) -> list[int]:
        """The action indices of the seat's ``moves``."""
        if self._indices is not None:  # ActionTable's, or the encoding's own
            indices: list[int] = self._indices(moves)
            return indices
        return [self.encoding.action_index(move) for move in moves]

    def legal_moves(self, seat: int, to_move: tuple[int, ...] | None = None
                    ) -> Sequence[Any]:
        """The seat's legal moves now (its view's, without building the view when the
        view is not needed); ``to_move`` when the caller knows it."""
        view = self._views.get(seat)
        if view is not None:
            return view.legal_moves  # type: ignore[no-any-return]
        if to_move is None:
            to_move = self.to_move
        if seat not in to_move:
            return ()
        moves = self.game.legal_moves(self._state)
        if len(to_move) > 1:
            mover = self.game.mover
            moves = tuple(move for move in moves if mover(move) == seat)
        return moves

    def play(self, move: Any) -> None:
        """Play a move known legal, then the chance moves it leads to."""
        game = self.game
        self._apply(move)
        self.total_moves += 1
        chance = self._chance
        if chance is not None:
            while game.awaits_chance(self._state):
                self._apply(game.chance_move(self._state, chance))
        # What was seen of the state before is stale.
        self._views = {}
        self._seen = {}

    def _apply(self, move: Any) -> None:
        game = self.game
        if self._events is None:
            self._state = game.step(self._state, move)
        else:
            self._state, events = game.apply_with_events(self._state, move)
            for seat, seen in self._events.items():
                seen.extend(game.events_for(events, seat))
        self.moves.append(move)

    def act(self, seat: int, action: Any) -> bool:
        """Play the seat's action (nothing for NOOP when it is not to move); whether the
        action was one the mask allowed."""
        index = action_index(action)
        moves = self.legal_moves(seat)
        if not moves:
            return index == self.noop
        move = self._move_of(seat, index, moves) if 0 <= index < self.noop else None
        if move is None:
            self.play(self.rng.choice(moves))
            return False
        self.play(move)
        return True

    def _move_of(self, seat: int, index: int, moves: Sequence[Any]) -> Any:
        """The seat's legal move of action ``index``, or None."""
        if self._index is None:  # an encoding of the game's own: it judges
            try:
                return self.encoding.move_of(index, self.view(seat))
            except ArgumentError:
                return None
        seen = self._seen.get(seat)  # the mask the learner was just shown
        allowed = (seen[3][index] if seen is not None
                   else index in self.action_indices(seat, moves))
        return self.encoding.by_seat[seat][index] if allowed else None  # type: ignore

    def advance(self, seat: int, index: int) -> bool:
        """The learner at ``seat`` plays action ``index``, then the opponents move until
        the learner's turn or the end; whether the action was one the mask allowed.

        The environments' hot path, written out: where no events are made, the chance
        moves and the random bots' moves are played here without a call per move
        (``act``, ``play`` and ``opponent_moves`` say the same at length)."""
        if self._events is not None:
            allowed = self.act(seat, index)
            self.opponents_until(seat)
            return allowed
        game, played, state, chance = self.game, self.moves, self._state, self._chance
        step, legal_moves, to_move_of = game.step, game.legal_moves, game.to_move
        awaits, chance_move = game.awaits_chance, game.chance_move
        legal = self.legal_moves(seat)
        allowed = index == self.noop
        count = 0
        if legal:
            move = self._move_of(seat, index, legal) if 0 <= index < self.noop else None
            allowed = move is not None
            if move is None:
                move = self.rng.choice(legal)
            state = step(state, move)
            played.append(move)
            count = 1
            while chance is not None and awaits(state):
                move = chance_move(state, chance)
                state = step(state, move)
                played.append(move)
        opponents, trusted, choice = self._opponents, self._trusted, self.rng.choice
        while True:
            to_move = to_move_of(state)
            if seat in to_move or not to_move:  # the learner's turn, or the end
                break
            other = to_move[0]
            kind, opponent = opponents[other]
            if len(to_move) > 1 or other not in trusted:
                kind = "general"
            if kind == "random":
                move = choice(legal_moves(state))
            elif kind == "offer":
                move = opponent.choose(_Offer(other, legal_moves(state)), (), self.rng)
            else:
                self._state, self._views, self._seen = state, {}, {}
                self.total_moves += count
                self.opponent_moves(other, to_move)  # the general path
                state, count = self._state, 0
                continue
            state = step(state, move)
            played.append(move)
            count += 1
            while chance is not None and awaits(state):
                move = chance_move(state, chance)
                state = step(state, move)
                played.append(move)
        self._state, self._views, self._seen = state, {}, {}
        self.total_moves += count
        return allowed

    def opponents_until(self, seat: int) -> None:
        """The opponents move until it is ``seat``'s turn or the game is over."""
        game = self.game
        while True:
            to_move = game.to_move(self._state)
            if seat in to_move or game.result(self._state) is not None:
                return
            self.opponent_moves(to_move[0], to_move)

    def opponent_moves(self, seat: int, to_move: tuple[int, ...] | None = None) -> None:
        """The opponent at ``seat`` moves (``to_move``: the seats to move, when the
        caller knows them)."""
        kind, opponent = self._opponents[seat]
        if kind == "policy":
            observed = self.observe(seat)
            mask = observed["action_mask"].astype(np.bool_)
            shown = observed["observation"] if self.flat else observed
            if not self.act(seat, opponent.act(shown, mask)):
                raise ArgumentError(f"the policy at seat {seat} chose an action its mask "
                                    "forbids")
            return
        view: Any = _Offer(seat, self.legal_moves(seat, to_move)) \
            if kind in ("offer", "random") else self.view(seat)
        if kind == "view":
            move = opponent(view)
        else:
            events = () if self._events is None or seat not in self._events \
                else self._events[seat]
            move = opponent.choose(view, events, self.rng)
        if seat not in self._trusted and move not in view.legal_moves:
            raise ArgumentError(f"the opponent at seat {seat} gave {move!r:.60}, which is "
                                "not one of its legal moves")
        self.play(move)

    def rewards(self) -> list[float]:
        """+1 for a winner and -1 for the others once the game is over (0 for all if
        nobody won); 0 while it goes on."""
        result = self.result
        if result is None or not result.winners:
            return [0.0] * self.num_players
        return [1.0 if seat in result.winners else -1.0 for seat in range(self.num_players)]

    def final_info(self, seat: int) -> dict[str, Any]:
        """``final_info`` of the game as it ended, for ``seat``."""
        return final_info(self.game, self.state, seat)

    def render(self) -> str:
        """The table as text."""
        return str(self.game.state_text(self.state))

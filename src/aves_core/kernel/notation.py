"""Moves declared by their fields: one line gives a move its text, its strict reader,
its JSON and the checks of its fields.

A game writes each kind of move as a class with a template::

    @move("{player}:discard {tile}", tile=Token(r"[RBP][0-9]", "TILE"))
    class Discard:
        \"\"\"``player`` discards ``tile`` (TK9).\"\"\"

        player: int
        tile: str

The class becomes a frozen attrs value (hashable, compared by value); ``str``
writes its text (``0:discard B7``), ``repr`` says how to read it back, and the
constructor refuses a field of the wrong Python type with an ``ArgumentError``.
Each ``{field}`` of the template is written and read by its ``Codec``: ``player``
by ``SEAT`` and any other ``int`` by ``Nat`` unless the declaration names
another; every other field names its codec. A game's ``Notation`` (the kernel
builds one from ``Game.move_types``) reads exactly the texts the templates write
(ASCII digits without leading zeros, single spaces, no stray whitespace): one
text per move, anything else a ``NotationError`` (``bad_notation``). The JSON
object of a move is its tag (the template's verb: ``"discard"``) under
``"type"``, then its fields as their codecs write them.

A field's codec says which values have a text at all. A value without one (a
negative ``Nat``, a token of no tile's shape, as a log may carry) can still be
built, so that a door can refuse it where the game's rules put ``bad_notation``
(``aves_core.kernel.door``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, TypeVar, dataclass_transform

import attrs

from aves_core.kernel.convert import FieldError, describe
from aves_core.kernel.errors import ArgumentError, AvesError, BigInt, NotationError

__all__ = [
    "SEAT",
    "Choice",
    "Codec",
    "Int",
    "MoveSpec",
    "Nat",
    "Notation",
    "Parsed",
    "Seq",
    "Token",
    "move",
    "spec_of",
]

T = TypeVar("T")
C = TypeVar("C")

_DIGITS = 30
"""The most digits an integer's text may have: int() of a longer text costs time that
grows with the square of its length, and no move of any game needs more."""
_LIMIT = 10**_DIGITS


class Codec(Generic[T]):
    """How one field of a move is written and read: its text, its JSON, its values.

    ``pattern`` is a regular expression of exactly the field's texts (no capturing
    groups); ``name`` stands for the field where a message shows the notation
    (``SEAT:discard TILE``). A subclass gives ``read`` (the value of a text the
    pattern matched) and ``admits`` (whether a Python value is of the field's type);
    the others have defaults: the text is ``str(value)``, the JSON the value itself.
    """

    name: str = "VALUE"
    pattern: str = r"\S+"
    what: str = "a value"
    """The field's type in words, for the message of a constructor that refuses one."""

    def write(self, value: T) -> str:
        """The text of ``value``."""
        return str(value)

    def read(self, text: str) -> T:
        """The value of ``text``, which ``pattern`` matched (``NotationError`` if the
        text is still no value's)."""
        raise NotImplementedError

    def admits(self, value: object) -> bool:
        """Whether ``value`` is of the field's Python type (the constructor's check)."""
        raise NotImplementedError

    def convert(self, value: Any) -> Any:
        """``value`` as the field holds it (a list becomes a tuple); the identity here."""
        return value

    def to_json(self, value: T) -> Any:
        """``value`` as JSON-ready data."""
        return value

    def from_json(self, data: Any) -> T:
        """The value of JSON ``data`` (``FieldError`` when it is of the wrong shape)."""
        if not self.admits(data):
            raise FieldError(f"expected {self.what}, got {describe(data)}")
        return data  # type: ignore[no-any-return]

    def writes(self, value: object) -> bool:
        """Whether ``value`` has a text that reads back as itself: the move holding it
        has one text. False for a value of the wrong type too."""
        if not self.admits(value):
            return False
        try:
            text = self.write(value)  # type: ignore[arg-type]
            return (re.fullmatch(self.pattern, text, re.ASCII) is not None
                    and self.read(text) == value)
        except (AvesError, ValueError, TypeError):
            return False

    def help(self) -> str:
        """How the notation's help writes the field: its ``name``."""
        return self.name


class Nat(Codec[int]):
    """A natural number: ``0``, ``7``, ``350`` (ASCII digits, no leading zero, no sign,
    at most 30 digits). JSON: an integer (a negative one too, for the rules to refuse)."""

    what = "an int"

    def __init__(self, name: str = "N") -> None:
        self.name = name
        self.pattern = f"0|[1-9][0-9]{{0,{_DIGITS - 1}}}"
        self.low = 0

    def read(self, text: str) -> int:
        return int(text)

    def writes(self, value: object) -> bool:
        # The numbers of the pattern, without writing and reading them back: the door
        # asks it of every move. A BigInt has over 30 digits.
        return type(value) is int and self.low <= value < _LIMIT

    def admits(self, value: object) -> bool:
        return type(value) is int or type(value) is BigInt

    def from_json(self, data: Any) -> int:
        if type(data) is not int and type(data) is not BigInt:
            raise FieldError(f"expected an integer, got {describe(data)}")
        return data


class Int(Nat):
    """An integer that may be negative: ``-1`` (``0`` has no sign)."""

    def __init__(self, name: str = "N") -> None:
        super().__init__(name)
        self.pattern = f"0|-?[1-9][0-9]{{0,{_DIGITS - 1}}}"
        self.low = 1 - _LIMIT


SEAT = Nat("SEAT")
"""The codec of every move's ``player``: a seat's number."""


class Token(Codec[str]):
    """A string of one shape, given as a regular expression: ``Token(r"[RBP][0-9]",
    "TILE")``."""

    what = "a str"

    def __init__(self, pattern: str, name: str = "TOKEN") -> None:
        # A bad pattern is the declaration's error, found at import.
        self._regex = re.compile(pattern, re.ASCII)
        self.pattern = pattern
        self.name = name
        self._plain = type(self).read is Token.read and type(self).write is Codec.write

    def read(self, text: str) -> str:
        return text

    def writes(self, value: object) -> bool:
        # A string is its own text: it has one when the pattern matches it (the door asks
        # it of every move). A subclass that reads or writes otherwise asks the default.
        if not self._plain:
            return super().writes(value)
        return type(value) is str and self._regex.fullmatch(value) is not None

    def admits(self, value: object) -> bool:
        return type(value) is str

    def from_json(self, data: Any) -> str:
        if type(data) is not str:
            raise FieldError(f"expected a string, got {describe(data)}")
        return data


class Choice(Token):
    """One of a few words: ``Choice("open", "sealed")``."""

    def __init__(self, *words: str, name: str | None = None) -> None:
        if not words:
            raise ArgumentError("a Choice needs at least one word")
        ordered = sorted(words, key=len, reverse=True)  # the longest first: no prefix wins
        super().__init__("|".join(map(re.escape, ordered)), name or "|".join(words))
        self.words = tuple(words)


class Parsed(Codec[C]):
    """Values of a class of the game's own with a text of their own (``Card``):
    ``Parsed(Card, Card.parse, r"[ROYGBIV][1-7]|C0", "CARD")``. JSON: the text."""

    def __init__(self, kind: type[C], parse: Callable[[str], C], pattern: str, name: str,
                 write: Callable[[C], str] = str) -> None:
        re.compile(pattern)
        self.kind, self.parse, self.pattern, self.name = kind, parse, pattern, name
        self.what = f"a {kind.__name__}"
        self._write = write

    def write(self, value: C) -> str:
        return self._write(value)

    def read(self, text: str) -> C:
        return self.parse(text)

    def admits(self, value: object) -> bool:
        return isinstance(value, self.kind)

    def to_json(self, value: C) -> Any:
        return self._write(value)

    def from_json(self, data: Any) -> C:
        if type(data) is not str:
            raise FieldError(f"expected a string, got {describe(data)}")
        try:
            return self.parse(data)
        except NotationError as error:
            raise FieldError(error.message, code=error.code) from None


class Seq(Codec[tuple[Any, ...]]):
    """A tuple of values of one codec, written with ``sep`` between them: Boxes' notes
    ``Seq(Nat("NOTE"), empty="none")`` (``500 100``; ``none`` when empty), Tsukuru's
    finish ``Seq(SET, lead=" ")`` (each token after a space; nothing when empty).

    ``check(values)``, when given, says why a tuple has no text (notes not in
    descending order) or None. JSON: a list of the items' JSON.
    """

    def __init__(self, item: Codec[Any], *, sep: str = " ", lead: str = "", empty: str = "",
                 check: Callable[[tuple[Any, ...]], str | None] | None = None,
                 name: str | None = None) -> None:
        self.item, self.sep, self.lead, self.empty, self.check = item, sep, lead, empty, check
        self.name = name or f"{item.name}..."
        self.what = f"a tuple of {item.what.split(' ', 1)[-1]}s"
        items = f"{re.escape(lead)}(?:{item.pattern})(?:{re.escape(sep)}(?:{item.pattern}))*"
        self.pattern = f"(?:{items})?" if empty == "" else f"{re.escape(empty)}|{items}"

    def write(self, value: tuple[Any, ...]) -> str:
        if not value:
            return self.empty
        return self.lead + self.sep.join(map(self.item.write, value))

    def read(self, text: str) -> tuple[Any, ...]:
        if text == self.empty:
            values: tuple[Any, ...] = ()
        else:
            values = tuple(map(self.item.read, text[len(self.lead):].split(self.sep)))
        if self.check is not None:
            why = self.check(values)
            if why is not None:
                raise NotationError(why)
        return values

    def admits(self, value: object) -> bool:
        return type(value) is tuple and all(map(self.item.admits, value))

    def convert(self, value: Any) -> Any:
        return tuple(value) if type(value) is list else value

    def to_json(self, value: tuple[Any, ...]) -> Any:
        return [self.item.to_json(each) for each in value]

    def from_json(self, data: Any) -> tuple[Any, ...]:
        if type(data) is not list:
            raise FieldError(f"expected a list, got {describe(data)}")
        values = []
        for index, each in enumerate(data):
            try:
                values.append(self.item.from_json(each))
            except FieldError as error:
                raise FieldError(error.message, path=f"[{index}]{_dotted(error.path)}",
                                 code=error.code) from None
        return tuple(values)

    def writes(self, value: object) -> bool:
        if not self.admits(value):
            return False
        if not all(map(self.item.writes, value)):  # type: ignore[call-overload]
            return False
        return self.check is None or self.check(value) is None  # type: ignore[arg-type]

    def help(self) -> str:
        if self.empty == "":
            return f"[{self.lead}{self.item.name}{self.sep}...]"
        return f"{self.item.name}{self.sep}...|{self.empty}"


def _dotted(path: str) -> str:
    return "" if not path else path if path.startswith("[") else f".{path}"


# --- the declaration ------------------------------------------------------------------

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_VERB = re.compile(r"[a-z][a-z_]*")


@attrs.frozen
class MoveSpec:
    """What ``@move`` declared of one move class: its template, tag and field codecs."""

    cls: type
    template: str
    tag: str
    fields: tuple[tuple[str, Codec[Any]], ...]
    words: str | None
    regex: re.Pattern[str]

    def read(self, text: str) -> Any:
        """The move ``text`` is, or None when the template does not match it."""
        found = self.regex.fullmatch(text)
        if found is None:
            return None
        return self.cls(*[codec.read(found[name]) for name, codec in self.fields])

    def help(self) -> str:
        """The template with each field's name: ``SEAT:discard TILE``."""
        codecs = dict(self.fields)
        return _PLACEHOLDER.sub(lambda found: codecs[found[1]].help(), self.template)

    def judge(self, _state: Any, move: Any) -> str | None:
        """``unwritten(move)`` as a check of the door (``BAD_NOTATION``)."""
        return self.unwritten(move)

    def unwritten(self, move: Any) -> str | None:
        """Why ``move`` has no text (a field whose value has none), or None."""
        for name, codec in self.fields:
            value = getattr(move, name)
            if not codec.writes(value):
                return f"its {name} {_brief(value)} is no {codec.help()}"
        return None


def _brief(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 24 else text[:21] + "..."


def spec_of(cls: type) -> MoveSpec:
    """The declaration of a move class made with ``@move`` (``ArgumentError`` if none)."""
    spec: MoveSpec | None = getattr(cls, "__move__", None)
    if spec is None or spec.cls is not cls:
        raise ArgumentError(f"{cls.__name__} is not declared with @move")
    return spec


@dataclass_transform(frozen_default=True)
def move(template: str, *, tag: str | None = None, words: str | None = None,
         **codecs: Codec[Any]) -> Callable[[type[T]], type[T]]:
    """Declare a move class by its text: ``@move("{player}:get {source} {tiles}",
    tiles=TILES)``.

    Every field appears once in ``template``; ``player`` is read by ``SEAT``, another
    ``int`` by ``Nat`` unless ``codecs`` names its codec, and every other field needs
    one. ``tag`` is the ``"type"`` of the move's JSON (by default the template's verb,
    the first lower-case word after the ``:``). ``words`` says the move to a person
    (``"take the {card}"``, its fields as written): the browser's fallback and the
    terminal show it. A class without attrs becomes frozen attrs (hashable, compared
    by value); ``str`` gives the text unless the class writes its own ``__str__``.
    """

    def declare(cls: type[T]) -> type[T]:
        declared: dict[str, Codec[Any]] = {}

        def transform(_cls: type, fields: list[attrs.Attribute[Any]]
                      ) -> list[attrs.Attribute[Any]]:
            changed = []
            for field in fields:
                codec = _codec_for(cls, field, codecs)
                declared[field.name] = codec
                changed.append(field.evolve(
                    validator=_validator(codec, field.validator),
                    converter=field.converter if field.converter is not None
                    else (codec.convert if isinstance(codec, Seq) else None)))
            return changed

        made: Any
        if attrs.has(cls):
            made = cls
            for field in attrs.fields(cls):
                declared[field.name] = _codec_for(cls, field, codecs)
        else:
            made = attrs.frozen(cls, cache_hash=True, repr=False, field_transformer=transform)
        unknown = set(codecs) - set(declared)
        if unknown:
            raise ArgumentError(f"@move of {cls.__name__}: no field {sorted(unknown)[0]!r}")
        spec = _spec(made, template, tag, words, declared)
        made.__move__ = spec
        if "__str__" not in cls.__dict__:
            made.__str__ = _writer(spec)
        if "__repr__" not in cls.__dict__:
            made.__repr__ = _repr
        declared_class: type[T] = made
        return declared_class

    return declare


def _codec_for(cls: type, field: attrs.Attribute[Any], codecs: dict[str, Codec[Any]]
               ) -> Codec[Any]:
    if field.name in codecs:
        return codecs[field.name]
    if field.name == "player":
        return SEAT
    if field.type in (int, "int"):
        return Nat(field.name.upper())
    raise ArgumentError(f"@move of {cls.__name__}: say how {field.name!r} is written "
                        f"({field.name}=Token(...), Choice(...), Seq(...) or another Codec)")


def _validator(codec: Codec[Any], own: Any) -> Callable[[Any, Any, Any], None]:
    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not codec.admits(value):
            raise ArgumentError(f"a move's {attribute.name} must be {codec.what}, not "
                                f"{type(value).__name__} {_brief(value)}")
        if own is not None:
            own(instance, attribute, value)

    return check


def _spec(cls: type, template: str, tag: str | None, words: str | None,
          codecs: dict[str, Codec[Any]]) -> MoveSpec:
    named = _PLACEHOLDER.findall(template)
    names = [field.name for field in attrs.fields(cls)]
    if sorted(named) != sorted(names):
        raise ArgumentError(f"@move of {cls.__name__}: the template {template!r} must name "
                            f"each field once ({', '.join(names)})")
    pieces = []
    position = 0
    for found in _PLACEHOLDER.finditer(template):
        pieces.append(re.escape(template[position:found.start()]))
        pieces.append(f"(?P<{found[1]}>{codecs[found[1]].pattern})")
        position = found.end()
    pieces.append(re.escape(template[position:]))
    if tag is None:
        verb = _VERB.search(template.partition(":")[2])
        if verb is None:
            raise ArgumentError(f"@move of {cls.__name__}: {template!r} has no verb: give "
                                "its tag")
        tag = verb[0]
    fields = tuple((name, codecs[name]) for name in names)
    return MoveSpec(cls, template, tag, fields, words,
                    re.compile("".join(pieces), re.ASCII))


def _writer(spec: MoveSpec) -> Callable[[Any], str]:
    """The move's ``__str__``: the template with each field written by its codec."""
    parts: list[tuple[str, Callable[[Any], str] | None]] = []
    codecs = dict(spec.fields)
    position = 0
    template = spec.template
    for found in _PLACEHOLDER.finditer(template):
        parts.append((template[position:found.start()], None))
        codec = codecs[found[1]]
        # ints and strings write themselves: str() of them is their text
        parts.append((found[1], None if type(codec) in (Nat, Int, Token, Choice)
                      else codec.write))
        position = found.end()
    tail = template[position:]
    literals = [text for index, (text, _) in enumerate(parts) if index % 2 == 0]
    fields = [(name, write) for index, (name, write) in enumerate(parts) if index % 2 == 1]

    def write(self: Any) -> str:
        out = []
        for literal, (name, codec_write) in zip(literals, fields, strict=True):
            value = getattr(self, name)
            out.append(literal)
            out.append(str(value) if codec_write is None else codec_write(value))
        out.append(tail)
        return "".join(out)

    return write


def _repr(self: Any) -> str:
    return f"parse_move({str(self)!r})"


# --- a game's notation ------------------------------------------------------------------


class Notation:
    """The notation of one game's moves, from their declarations: ``parse`` reads
    exactly the texts ``write`` writes; ``to_json`` and ``from_json`` are the moves'
    JSON objects, tagged on ``"type"``."""

    def __init__(self, game_name: str, move_types: Iterable[type]) -> None:
        self.game_name = game_name
        self.specs: tuple[MoveSpec, ...] = tuple(spec_of(cls) for cls in move_types)
        if not self.specs:
            raise ArgumentError(f"{game_name} declares no move types")
        self.by_tag = {spec.tag: spec for spec in self.specs}
        if len(self.by_tag) != len(self.specs):
            raise ArgumentError(f"{game_name}: two move types share a tag")
        self.by_class = {spec.cls: spec for spec in self.specs}
        self.tags: tuple[str, ...] = tuple(self.by_tag)
        self.help = ", ".join(spec.help() for spec in self.specs)
        self.has_words = any(spec.words is not None for spec in self.specs)
        """Whether any move declares words for people."""
        self._json = {spec.cls: _json_writer(spec) for spec in self.specs}

    def parse(self, text: str) -> Any:
        """The move ``text`` writes (``NotationError`` for any other text)."""
        if not isinstance(text, str):
            raise ArgumentError(f"a move's text must be a str, not {type(text).__name__}")
        for spec in self.specs:
            found = spec.read(text)
            if found is not None:
                return found
        raise NotationError(f"{_brief(text)} is not a move of {self.game_name}: write "
                            f"{self.help}")

    def to_json(self, move: Any) -> dict[str, Any]:
        """The move's JSON object, ``"type"`` first."""
        return self._json[type(move)](move)

    def from_json(self, data: Any) -> Any:
        """The move of a JSON object (``FieldError`` naming the bad field)."""
        if type(data) is not dict:
            raise FieldError(f"a move must be an object, got {describe(data)}")
        if "type" not in data:
            raise FieldError("the key 'type' is missing", path="type")
        tag = data["type"]
        spec = self.by_tag.get(tag) if type(tag) is str else None
        if spec is None:
            raise FieldError(f"unknown move type {describe(tag)} ({', '.join(self.tags)})",
                             path="type")
        values = []
        for name, codec in spec.fields:
            if name not in data:
                raise FieldError(f"the key {name!r} is missing", path=name)
            try:
                values.append(codec.from_json(data[name]))
            except FieldError as error:
                raise FieldError(error.message, path=f"{name}{_dotted(error.path)}",
                                 code=error.code) from None
        if len(data) != len(spec.fields) + 1:
            known = {"type", *dict(spec.fields)}
            extra = sorted(key for key in data if key not in known)
            raise FieldError(f"unknown key {extra[0]!r}", path=extra[0])
        return spec.cls(*values)

    def words(self, move: Any) -> str | None:
        """The move said to a person, when its declaration gives words."""
        spec = self.by_class[type(move)]
        if spec.words is None:
            return None
        codecs = dict(spec.fields)
        return _PLACEHOLDER.sub(lambda found: codecs[found[1]].write(getattr(move, found[1])),
                                spec.words)


def _json_writer(spec: MoveSpec) -> Callable[[Any], dict[str, Any]]:
    plain = (Nat, Int, Token, Choice)
    fields: Sequence[tuple[str, Callable[[Any], Any] | None]] = [
        (name, None if type(codec) in plain else codec.to_json) for name, codec in spec.fields]
    tag = spec.tag

    def to_json(move: Any) -> dict[str, Any]:
        data: dict[str, Any] = {"type": tag}
        for name, write in fields:
            value = getattr(move, name)
            data[name] = value if write is None else write(value)
        return data

    return to_json

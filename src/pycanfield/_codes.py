"""CF1 game codes: a short text that recreates a deal exactly (R28).

A code reads ``CF1-D3-AAAAACL``: the format ``CF1``, the draw mode ``D3`` or ``D1``,
and seven letters.  Under other rules the prefix names the variant (``CRB`` for
Rainbow, ...) and options that differ from the variant's follow a ``~``
(``CF1-D3-AAAAACL~RUNS=WHOLE``).  The letters are a number in base 26 (``A`` = 0, most significant
first), from 0 to 26**7 - 1.  The number seeds a SplitMix64 generator that drives a
Fisher-Yates shuffle of the CF1 base pack; the result is the deck in dealing order (R3).
``docs/codes.rst`` gives the whole algorithm, so that another program can reproduce it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs

from ._cards import Card
from ._checks import OptionTypeError, wrong_type
from ._errors import GameCodeError, OptionError, RulesParseError
from ._variants import (
    DEFAULT_RULES,
    Rules,
    Variant,
    as_rules,
    closest_variant,
    variant_of_prefix,
    with_draw,
)

if TYPE_CHECKING:
    from ._state import GameState

__all__ = ["CODE_SPACE", "Deal", "decode", "encode", "shuffle"]

PREFIX = "CF1"
LETTERS = 7
CODE_SPACE = 26**LETTERS
"""How many deals CF1 codes can name: 26**7 = 8,031,810,176."""

_MASK = (1 << 64) - 1

# The order the shuffle starts from.  It is fixed by the format: it was chosen so that
# the code AAAAACL (the number 63) deals the reference deal of the rules (R29).
BASE_PACK_TEXT = (
    "5D 7H 9H 9S 4C 8S 7D AC 6C QC 3D KD TS 7S 7C 5S AH 6H TH 9D 4H TD 8C 9C 3C QD "
    "QH JS JC TC 8D AS QS 4D 8H 4S 5H 2H 6S JH KS 5C 2S 6D AD KH 2D 3S 3H 2C JD KC"
)
BASE_PACK: tuple[Card, ...] = tuple(map(Card.parse, BASE_PACK_TEXT.split()))


def _splitmix64(seed: int) -> list[int]:
    """Return a one-element list holding the generator state (mutated by ``_next``)."""
    return [seed & _MASK]


def _next(state: list[int]) -> int:
    state[0] = (state[0] + 0x9E3779B97F4A7C15) & _MASK
    z = state[0]
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _below(state: list[int], bound: int) -> int:
    """A uniform integer in ``[0, bound)``: reject the few values that would bias ``%``."""
    limit = (1 << 64) - (1 << 64) % bound
    while True:
        value = _next(state)
        if value < limit:
            return value % bound


def shuffle(number: int) -> tuple[Card, ...]:
    """The deck, in dealing order, of deal ``number`` (0 <= number < 26**7).

    >>> [str(c) for c in shuffle(63)[:3]]
    ['5C', 'JD', '9C']
    """
    if not 0 <= number < CODE_SPACE:
        raise OptionError(f"deal numbers run from 0 to {CODE_SPACE - 1}, not {number!r}")
    deck = list(BASE_PACK)
    state = _splitmix64(number)
    for i in range(len(deck) - 1, 0, -1):
        j = _below(state, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def _draw_in(value: int | None) -> int:
    if value is None:
        return 0  # not given: the rules' draw mode
    # 3.0 == 3, but a float draw mode would break slicing and print as "D3.0" in codes.
    if not isinstance(value, int) or isinstance(value, bool):
        raise OptionTypeError(f"draw must be 1 or 3, not {value!r}")
    if value not in (1, 3):
        raise OptionError(f"draw must be 1 or 3, not {value!r}")
    return value


def _rules_in(value: Rules | Variant | str | None) -> Rules:
    return as_rules(value)


def _check_number(instance: object, attribute: object, value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise OptionTypeError(
            f"Deal() needs a whole number as number: deal numbers run from 0 to "
            f"{CODE_SPACE - 1}, not {value!r}"
        )
    if not 0 <= value < CODE_SPACE:
        raise OptionError(f"Deal(): deal numbers run from 0 to {CODE_SPACE - 1}, not {value!r}")


@attrs.frozen(repr=False)
class Deal:
    """A deal named by a game code: a deal number, a draw mode and the rules.

    ``draw`` is always ``rules.draw``: when it is left out it comes from ``rules``
    (3 for the default rules), and when both are given ``draw`` wins.

    >>> d = Deal.parse(" cf1-d3-aaaaacl ")
    >>> d, str(d)
    (Deal(number=63, draw=3), 'CF1-D3-AAAAACL')
    >>> str(d.deck()[13])
    '7H'
    >>> str(Deal(63, rules="rainbow"))
    'CRB-D1-AAAAACL'
    """

    number: int = attrs.field(validator=_check_number)
    draw: int = attrs.field(default=None, converter=_draw_in, kw_only=True)
    #: The rules of the game (a :class:`~pycanfield.Rules`; a variant or a rules text is
    #: converted).
    rules: Rules = attrs.field(default=DEFAULT_RULES, converter=_rules_in, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if self.draw == 0:
            object.__setattr__(self, "draw", self.rules.draw)
        elif self.draw != self.rules.draw:
            object.__setattr__(self, "rules", with_draw(self.rules, self.draw))

    def __repr__(self) -> str:
        extra = "" if self.rules.is_standard else f", rules={self.rules!r}"
        return f"Deal(number={self.number!r}, draw={self.draw!r}{extra})"

    @classmethod
    def parse(cls, code: str) -> Deal:
        """Parse a game code; blanks around it and lower case are accepted."""
        return decode(code)

    @classmethod
    def random(
        cls,
        *,
        draw: int | None = None,
        rng: random.Random | None = None,
        rules: Rules | Variant | str | None = None,
    ) -> Deal:
        """A deal drawn uniformly from all 26**7 codes.

        ``rng`` makes the choice reproducible; without it the system's secure random
        source is used.
        """
        if rng is not None and not isinstance(rng, random.Random):
            raise wrong_type("Deal.random", "rng", "a random.Random or None", rng)
        source = rng if rng is not None else _system_random()
        number = source.randrange(CODE_SPACE)
        return cls(number, draw=draw, rules=rules)

    def deck(self) -> tuple[Card, ...]:
        """The 52 cards in dealing order (R3)."""
        return shuffle(self.number)

    def __str__(self) -> str:
        return encode(self)


def _system_random() -> random.Random:
    # The system's secure source, as the secrets module uses, without importing hashlib.
    return random.SystemRandom()


def encode(deal: Deal | GameState) -> str:
    """The canonical code of ``deal``, or of the deal a game was started from.

    A game started from a deck (:func:`~pycanfield.from_deck`) has no code and raises
    :class:`~pycanfield.OptionError`; anything but a :class:`Deal` or a
    :class:`~pycanfield.GameState` raises :class:`~pycanfield.WrongTypeError`.

    >>> encode(Deal(63, draw=1))
    'CF1-D1-AAAAACL'
    >>> encode(Deal(63, rules="classic undo=unlimited"))
    'CCL-D3-AAAAACL~UNDO=UNLIMITED'
    >>> from pycanfield import deal
    >>> encode(deal("cf1-d3-aaaaacl"))
    'CF1-D3-AAAAACL'
    """
    if not isinstance(deal, Deal):
        from ._state import GameState  # here: the game module imports this one

        if not isinstance(deal, GameState):
            raise wrong_type("encode", "deal", "a Deal or a GameState", deal)
        if deal.code is None:
            raise OptionError(
                "encode() needs a game started from a code; this one was built from a "
                "deck (from_deck) or by hand and has no code"
            )
        deal = decode(deal.code)
    number = deal.number
    letters = []
    for _ in range(LETTERS):
        number, digit = divmod(number, 26)
        letters.append(chr(ord("A") + digit))
    prefix, options = PREFIX, ""
    if not deal.rules.is_standard:
        variant = closest_variant(deal.rules)
        prefix = variant.prefix
        diffs = deal.rules.differences(variant.rules.evolve(draw=deal.draw))
        if diffs:
            options = "~" + ",".join(f"{k}={v}" for k, v in diffs.items()).upper()
    return f"{prefix}-D{deal.draw}-{''.join(reversed(letters))}{options}"


def decode(code: str) -> Deal:
    """Read a game code.  Surrounding blanks and lower case are accepted.

    A malformed code raises :class:`~pycanfield.GameCodeError`, whose ``part`` says
    which part is wrong (``prefix``, ``draw mode``, ``letters``, ``length`` or
    ``options``) and whose ``position`` points at it.  A variant's prefix and options
    give the rules (``docs/codes.rst``).

    >>> decode("CF1-D3-AAAAACL").number
    63
    >>> decode("CRB-D1-AAAAACL").rules.build
    'any'
    """
    if not isinstance(code, str):
        raise GameCodeError(repr(code), 0, "a game code must be a string", part="prefix")
    start = len(code) - len(code.lstrip())
    # Only ASCII letters change case: str.upper() maps "ß" to "SS" and "ſ" to "S", which
    # would shift positions or let a malformed code through.
    body = "".join(c.upper() if c.isascii() else c for c in code.strip())
    variant = variant_of_prefix(body[:3]) if len(body) > 3 and body[3] == "-" else None
    expected = f"{variant.prefix if variant is not None else PREFIX}-"
    for i, char in enumerate(expected):
        if i >= len(body) or body[i] != char:
            reason = (
                f"a code starts with {expected!r} or a variant's prefix"
                if i < len(body)
                else f"code too short: it starts with {expected!r}"
            )
            part = "prefix" if i < len(body) else "length"
            raise GameCodeError(code, start + i, reason, part=part)
    options_text = ""
    tilde = body.find("~")
    if tilde >= 0:
        body, options_text = body[:tilde], body[tilde + 1 :]
    i = len(expected)
    if len(body) < i + 3:
        raise GameCodeError(
            code, start + len(body), "code too short: expected a draw mode D1 or D3", part="length"
        )
    if body[i] != "D" or body[i + 1] not in "13" or body[i + 2] != "-":
        bad = i if body[i] != "D" else i + 1 if body[i + 1] not in "13" else i + 2
        raise GameCodeError(
            code, start + bad, "the draw mode is D1 or D3 followed by '-'", part="draw mode"
        )
    draw = int(body[i + 1])
    i += 3
    letters = body[i:]
    for k, char in enumerate(letters):
        if not ("A" <= char <= "Z"):
            raise GameCodeError(
                code, start + i + k, f"{char!r} is not a letter A-Z", part="letters"
            )
    if len(letters) != LETTERS:
        raise GameCodeError(
            code,
            start + i + min(len(letters), LETTERS),
            f"a code has {LETTERS} letters after the draw mode, not {len(letters)}",
            part="length",
        )
    number = 0
    for char in letters:
        number = number * 26 + ord(char) - ord("A")
    if variant is None and not options_text:
        return Deal(number, draw=draw)
    base = with_draw(variant.rules if variant is not None else DEFAULT_RULES, draw)
    if tilde < 0:
        return Deal(number, draw=draw, rules=base)
    return Deal(number, draw=draw, rules=_options(code, start + tilde + 1, options_text, base))


def _options(code: str, at: int, text: str, base: Rules) -> Rules:
    """The rules ``base`` changed by the options of a code (``RUNS=WHOLE,UNDO=50``)."""
    if not text:
        raise GameCodeError(code, at, "expected options after '~'", part="options")
    names: list[str] = []
    offset = 0
    for word in text.split(","):
        key, eq, _ = word.partition("=")
        if not eq:
            raise GameCodeError(code, at + offset, "an option reads NAME=VALUE", part="options")
        if key.lower() == "draw":
            raise GameCodeError(code, at + offset, "D1 or D3 gives the draw mode", part="options")
        names.append(key.lower().replace("-", "_"))
        offset += len(word) + 1
    try:
        parsed = Rules.parse(text.replace(",", " "))
    except RulesParseError as error:
        raise GameCodeError(code, at + error.position, error.reason, part="options") from None
    try:
        return base.evolve(**{name: getattr(parsed, name) for name in names})
    except OptionError as error:
        raise GameCodeError(code, at, str(error), part="options") from None

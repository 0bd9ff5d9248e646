"""Rule options and the Canfield family: :class:`Rules`, the presets and :func:`find_variant`.

The same game is played under different rules: some let any tail of a column move, some
only its top card or the whole column; some let cards come back off the foundations,
some do not; redeals may be unlimited or counted; an emptied column may be filled by the
game, by the player, or not at all.  A :class:`Rules` value names every one of these
choices, and the default ``Rules()`` is exactly the rules R1-R32 of ``docs/rules.rst``.

A :class:`Variant` is a named set of rules with its source: the Canfield of a given site,
book or program, or another member of the family (Rainbow, Storehouse, ...).
``docs/variants.rst`` has the table of presets and how they differ.
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from ._cards import Rank
from ._checks import OptionTypeError, shown
from ._errors import OptionError, RulesParseError

__all__ = [
    "CHAMELEON",
    "CLASSIC",
    "FRENCH",
    "PYSOL",
    "RAINBOW",
    "RAINFALL",
    "RUSSIAN",
    "SELECTIVE",
    "STANDARD",
    "STOREHOUSE",
    "SUPERIOR",
    "VARIANTS",
    "Rules",
    "Variant",
    "find_variant",
]

RUNS = ("any", "whole", "top")
"""What may move between columns: any tail of a run (R14), the top card or the whole
column, or the top card only."""
FILLS = ("auto", "auto-waste", "player", "player-reserve-waste", "none")
"""How an empty column is filled (see :attr:`Rules.fill`)."""
BUILDS = ("alternate", "suit", "any")
"""How columns build down: alternate colours (R12), same suit, or any suit."""
SCORINGS = ("standard", "casino")
"""Points (R30-R32) or the casino's dollars ($52 for the pack, $5 a card)."""

_RANK_LETTERS = "A23456789TJQK"


def _choice(allowed: tuple[str, ...]) -> Any:
    def check(instance: object, attribute: attrs.Attribute[str], value: object) -> None:
        if not isinstance(value, str):
            raise OptionTypeError(
                f"Rules(): {attribute.name} must be one of {', '.join(allowed)}; not {shown(value)}"
            )
        if value not in allowed:
            raise OptionError(
                f"{attribute.name} must be one of {', '.join(allowed)}; not {value!r}"
            )

    return check


def _whole(low: int, high: int, *, none_ok: bool = False) -> Any:
    def check(instance: object, attribute: attrs.Attribute[int | None], value: object) -> None:
        if value is None and none_ok:
            return
        extra = " or None (unlimited)" if none_ok else ""
        if not isinstance(value, int) or isinstance(value, bool):
            raise OptionTypeError(
                f"Rules(): {attribute.name} must be a whole number from {low} to {high}{extra}, "
                f"not {shown(value)}"
            )
        if not low <= value <= high:
            raise OptionError(
                f"{attribute.name} must be a whole number from {low} to {high}{extra}, "
                f"not {value!r}"
            )

    return check


def _flag(instance: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if not isinstance(value, bool):
        raise OptionTypeError(
            f"Rules(): {attribute.name} must be True or False, not {shown(value)}"
        )


def _check_draw(instance: object, attribute: object, value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise OptionTypeError(f"Rules(): draw must be 1 or 3, not {shown(value)}")
    if value not in (1, 3):
        raise OptionError(f"draw must be 1 or 3, not {value!r}")


def _check_base(instance: object, attribute: object, value: object) -> None:
    if value in ("random", "choose"):
        return
    if isinstance(value, str) and len(value) == 1 and value in _RANK_LETTERS:
        return
    error = OptionError if isinstance(value, str) else OptionTypeError
    raise error(f"base must be 'random', 'choose' or a rank letter A 2-9 T J Q K, not {value!r}")


def _base_in(value: object) -> object:
    # A Rank is accepted for a fixed base and stored as its letter, so that Rules stay
    # plain text values.
    if isinstance(value, Rank):
        return value.letter
    return value


@attrs.frozen(kw_only=True, repr=False)
class Rules:
    """Every option on which the rule sets of the Canfield family differ.

    ``Rules()`` is the game of R1-R32.  Options are keyword-only; ``str(rules)`` and
    :meth:`parse` convert to and from a short text that names only what differs from
    the default (or from a preset, see :func:`find_variant`).

    >>> str(Rules())
    'standard'
    >>> rules = Rules(runs="top", takebacks=False)
    >>> str(rules)
    'runs=top takebacks=no'
    >>> Rules.parse(str(rules)) == rules
    True
    >>> str(Rules.parse("rainbow")), Rules.parse("rainbow").build
    ('rainbow', 'any')
    """

    #: Cards turned by a draw, 1 or 3 (R18).
    draw: int = attrs.field(default=3, validator=_check_draw)
    #: How many times the waste may be turned back into the stock; ``None``: no limit (R19).
    redeals: int | None = attrs.field(default=None, validator=_whole(0, 99, none_ok=True))
    #: What may move between columns, ``"any"`` tail of a run (R14), ``"whole"`` (the top
    #: card or the whole column) or ``"top"`` (the top card only).
    runs: str = attrs.field(default="any", validator=_choice(RUNS))
    #: Whether a foundation's top card may go back to a column (R22).
    takebacks: bool = attrs.field(default=True, validator=_flag)
    #: How an emptied column is filled.  ``"auto"``: at once from the reserve, and once the
    #: reserve is empty by the player with any card (R16, R17).  ``"auto-waste"``: at once
    #: from the reserve, then by the player with the waste's top card only.  ``"player"``:
    #: never by itself; the player may put any card or run there.  ``"player-reserve-waste"``:
    #: never by itself; the player may put the reserve's or the waste's top card there.
    #: ``"none"``: an empty column stays empty.
    fill: str = attrs.field(default="auto", validator=_choice(FILLS))
    #: The base rank, ``"random"`` (the card dealt to the first foundation, R2, R7),
    #: ``"choose"`` (the player picks the base card among the cards dealt to the columns
    #: plus one), or a rank letter such as ``"2"`` (the four cards of that rank start the
    #: foundations).
    base: str = attrs.field(default="random", converter=_base_in, validator=_check_base)
    #: How columns build down, in ``"alternate"`` colours (R12), in the same ``"suit"``, or
    #: in ``"any"`` suit.
    build: str = attrs.field(default="alternate", validator=_choice(BUILDS))
    #: How many actions can be undone; ``None``: no limit (R27 says 100).
    undo: int | None = attrs.field(default=100, validator=_whole(0, 100_000, none_ok=True))
    #: Whether an undo counts as an action (it adds one to ``actions`` instead of taking
    #: one back).
    undo_counts: bool = attrs.field(default=False, validator=_flag)
    #: Whether the game plays every card to the foundations by itself once the stock, the
    #: waste and the reserve are empty (R26 says no).
    autocomplete: bool = attrs.field(default=False, validator=_flag)
    #: Cards dealt to the reserve (R2).
    reserve: int = attrs.field(default=13, validator=_whole(0, 26))
    #: Number of tableau columns (R2).
    columns: int = attrs.field(default=4, validator=_whole(1, 8))
    #: Whether the whole reserve is face up (R6 shows only its top card).
    reserve_open: bool = attrs.field(default=False, validator=_flag)
    #: ``"standard"`` points (R30-R32) or ``"casino"``: the score starts at -52 (the price of
    #: the pack) and each card on a foundation is worth 5, the base card included.
    scoring: str = attrs.field(default="standard", validator=_choice(SCORINGS))

    #: True when every option but ``draw`` has its default, that is for the rules R1-R32
    #: in either draw mode (R18).  Computed once, as the rules ask it on every move.
    is_standard: bool = attrs.field(init=False, eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        standard = all(
            getattr(self, a.name) == a.default for a in _OPTION_FIELDS if a.name != "draw"
        )
        object.__setattr__(self, "is_standard", standard)

    @property
    def is_default(self) -> bool:
        """True for ``Rules()`` exactly: R1-R32 with draw 3."""
        return self.is_standard and self.draw == 3

    @property
    def base_rank(self) -> Rank | None:
        """The fixed base rank, or ``None`` when the base is dealt or chosen."""
        if len(self.base) == 1:
            return Rank(_RANK_LETTERS.index(self.base) + 1)
        return None

    def options(self) -> dict[str, str]:
        """Every option in its text form, in a fixed order.

        >>> Rules().options()["redeals"], Rules(redeals=2).options()["redeals"]
        ('unlimited', '2')
        """
        return {_NAMES[a.name]: _text(getattr(self, a.name)) for a in _OPTION_FIELDS}

    def differences(self, other: Rules) -> dict[str, str]:
        """The options (text form) on which ``self`` differs from ``other``."""
        if not isinstance(other, Rules):
            raise OptionTypeError(
                f"Rules.differences() needs a Rules value as other, not {shown(other)}"
            )
        mine, theirs = self.options(), other.options()
        return {k: v for k, v in mine.items() if theirs[k] != v}

    def evolve(self, **changes: Any) -> Rules:
        """A copy with some options changed (keyword arguments as for ``Rules``)."""
        unknown = [name for name in changes if name not in _NAMES]
        if unknown:
            raise OptionTypeError(
                f"Rules.evolve() has no option {unknown[0]!r}; the options are: "
                + ", ".join(_NAMES)
            )
        return attrs.evolve(self, **changes)

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Read rules from their text form: an optional preset name, then ``option=value``.

        Options are separated by blanks or commas; names and values ignore case; missing
        options keep the preset's value (the default rules without a preset).  Option
        names are those of :meth:`options`.

        >>> Rules.parse("classic draw=1").runs
        'whole'
        >>> Rules.parse("redeals=2, build=suit") == Rules(redeals=2, build="suit")
        True
        """
        return _parse(text)

    def __str__(self) -> str:
        variant = closest_variant(self, match_draw=True)
        diffs = self.differences(variant.rules)
        words = [] if variant is STANDARD and diffs else [variant.name]
        words += [f"{k}={v}" for k, v in diffs.items()]
        return " ".join(words)

    def __repr__(self) -> str:
        return f"Rules.parse({str(self)!r})"


_OPTION_FIELDS = tuple(a for a in attrs.fields(Rules) if a.init)
_NAMES = {a.name: a.name.replace("_", "-") for a in _OPTION_FIELDS}
_FIELD_BY_NAME = {v: k for k, v in _NAMES.items()}


def _text(value: object) -> str:
    if value is None:
        return "unlimited"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _value(name: str, text: str, source: str, at: int) -> object:
    """An option's value from its text form."""
    field = attrs.fields_dict(Rules)[name]
    default = field.default
    low = text.lower()
    if isinstance(default, bool):
        if low in ("yes", "true", "on", "1"):
            return True
        if low in ("no", "false", "off", "0"):
            return False
        raise RulesParseError(source, at, f"{_NAMES[name]} is yes or no, not {text!r}")
    if name in ("redeals", "undo") and low in ("unlimited", "none"):
        return None
    if isinstance(default, int) or name in ("redeals", "undo"):
        if not re.fullmatch(r"[0-9]{1,6}", text):
            raise RulesParseError(source, at, f"{_NAMES[name]} needs a whole number, not {text!r}")
        return int(text)
    if name == "base" and len(text) == 1:
        return text.upper()
    if name == "base" and text == "10":
        return "T"
    return low


_TOKEN = re.compile(r"[^\s,]+")


def _parse(text: str) -> Rules:
    if not isinstance(text, str):
        raise RulesParseError(repr(text), 0, "rules must be given as a string")
    tokens = list(_TOKEN.finditer(text))
    rules = STANDARD.rules
    changes: dict[str, Any] = {}
    for k, match in enumerate(tokens):
        word = match.group()
        if "=" not in word:
            if k:
                raise RulesParseError(text, match.start(), f"expected option=value, not {word!r}")
            try:
                rules = find_variant(word).rules
            except OptionError:
                raise RulesParseError(text, match.start(), f"unknown variant {word!r}") from None
            continue
        key, _, value = word.partition("=")
        name = _FIELD_BY_NAME.get(key.lower().replace("_", "-"))
        if name is None:
            raise RulesParseError(text, match.start(), f"unknown option {key!r}")
        if name in changes:
            raise RulesParseError(text, match.start(), f"option {key!r} given twice")
        changes[name] = _value(name, value, text, match.start() + len(key) + 1)
    try:
        return attrs.evolve(rules, **changes) if changes else rules
    except OptionError as error:
        raise RulesParseError(text, 0, str(error)) from None


@attrs.frozen(kw_only=True, repr=False)
class Variant:
    """A named set of rules with its source: one member of the Canfield family.

    Find one with :func:`find_variant`; :data:`VARIANTS` lists them all.
    """

    #: The name, lower case with hyphens, such as ``"rainbow"``.
    name: str
    #: The name as a title, such as ``"Rainbow"``.
    title: str
    #: Other names that :func:`find_variant` accepts.
    aliases: tuple[str, ...] = ()
    #: The prefix of its game codes, such as ``"CF1"`` (see ``docs/codes.rst``).
    prefix: str
    #: Its rules; the draw mode is the usual one, and a game code may change it.
    rules: Rules
    #: Where the rules come from.
    source: str
    #: The rules in a few words, how they differ from the standard ones.
    summary: str

    def __attrs_post_init__(self) -> None:
        for name in ("name", "title", "prefix", "source", "summary"):
            value = getattr(self, name)
            if not isinstance(value, str):
                raise OptionTypeError(f"Variant() needs a string as {name}, not {shown(value)}")
        aliases = self.aliases
        if type(aliases) is not tuple or not all(isinstance(a, str) for a in aliases):
            raise OptionTypeError(
                f"Variant() needs a tuple of strings as aliases, not {shown(aliases)}"
            )
        if not isinstance(self.rules, Rules):
            raise OptionTypeError(
                f"Variant() needs a Rules value as rules, not {shown(self.rules)}"
            )

    def __repr__(self) -> str:
        return f"find_variant({self.name!r})"


_PYSOL = (
    "PySolFC, rules page html-src/rules/{page}.html and the game's definition in "
    "pysollib/games/canfield.py (github.com/shlomif/PySolFC)"
)

STANDARD = Variant(
    name="standard",
    title="Canfield",
    aliases=("default", "cf1", "app"),
    prefix="CF1",
    rules=Rules(),
    source="pycanfield's rules R1-R33 (docs/rules.rst), written from the app's own rule text",
    summary="Draw 3 (or 1), unlimited redeals, any run moves, take-backs allowed, the reserve "
    "fills an emptied column, undo 100 actions.",
)
"""The rules R1-R32 of ``docs/rules.rst``, the default (``Rules()``).

Source: pycanfield's own rules page, written from the app's rule text.  Any tail of a
run moves (R14), foundation cards may come back (R22), the reserve fills an emptied
column at once (R16) and any card fills one once the reserve is empty (R17), redeals are
unlimited (R19), the last 100 actions can be undone (R27)."""

RUSSIAN = Variant(
    name="russian",
    title="Canfield (Russian site)",
    aliases=("ru", "russian-site"),
    prefix="CRU",
    rules=Rules(undo=None),
    source="the rules page of a Russian solitaire site (the project's rule sources, seed 003): "
    "'Кенфилд', sections 'Правила игры' and 'Игровое поле'",
    summary="As standard, with undo unlimited.",
)
"""Canfield as a Russian solitaire site describes it.

Source: that site's rules page (seed 003 of the project's rule sources).  It states:
draw 3 with three waste cards shown and only the top one playable; any number of cards
move between columns; the reserve's top card fills an emptied column by itself and any
card fills it once the reserve is empty; cards may go to the columns from the reserve,
the waste or the foundations (take-backs); unlimited redeals.  Those are R1-R32.  The
page speaks of cancelling moves and gives no limit, so undo is unlimited here."""

FRENCH = Variant(
    name="french",
    title="Canfield (French site)",
    aliases=("fr", "french-site"),
    prefix="CFR",
    rules=Rules(undo=None, undo_counts=True, autocomplete=True),
    source="the rules page of a French solitaire site (the project's rule sources, seed 004): "
    "'Canfield Solitaire Règles', sections 'Mouvements autorisés' and 'Mouvements requis'",
    summary="As standard, with unlimited undo that counts as a move, and the game finishing "
    "itself once the stock, the waste and the reserve are empty.",
)
"""Canfield as a French solitaire site plays it.

Source: that site's rules page (seed 004 of the project's rule sources).  Draw 1 or 3
(an option; 3 here, ``D1`` in a code for 1); foundation cards may go back to the
tableau; partial runs move (since January 2021; ``Rules.parse("french runs=whole")``
gives the earlier rule); the reserve's top card goes into an empty column by itself,
without counting as a move, and once the reserve is empty any card may go there; when
the stock and the reserve are used up the game plays the remaining cards to the
foundations by itself; undo is unlimited and each undo counts as a move.  The page does
not limit redeals, so they are unlimited."""

CLASSIC = Variant(
    name="classic",
    title="Classic (casino) Canfield",
    aliases=("casino", "casino-canfield", "demon"),
    prefix="CCL",
    rules=Rules(runs="whole", takebacks=False, fill="auto-waste", scoring="casino"),
    source="the project's rules page, 'Other rule sets in the sources' (classic casino "
    "Canfield), and the Hoyle-style rules quoted at playsolitaire-online.com/canfield.html",
    summary="Only the top card or the whole column moves; no take-backs; the reserve fills "
    "spaces, then the player fills them from the waste; casino scoring.",
)
"""Classic casino Canfield.

Sources: the project's rules page ("Other rule sets in the sources": only the top card
or the whole column moves; cards may not come back off the foundations; $52 for the
pack, $5 per card on a foundation) and the Hoyle-style text at
playsolitaire-online.com/canfield.html (an entire pile moves as a unit, some players
allow the top card alone; spaces are filled at once from the reserve; once it is
exhausted, spaces may be filled from the waste pile, and may be kept open until
wanted; redeals by threes without limit).  Score: -52 for the pack and 5 per card on a
foundation, the base card included, so a won game ends at 208."""

PYSOL = Variant(
    name="pysol",
    title="Canfield (PySolFC)",
    aliases=("pysolfc",),
    prefix="CPY",
    rules=Rules(runs="whole", takebacks=False),
    source=_PYSOL.format(page="canfield"),
    summary="Only the top card or the whole column moves; no take-backs.",
)
"""Canfield as PySolFC plays it, the base of most presets of the family below.

Source: PySolFC (html-src/rules/canfield.html: alternate colours, the king on the ace,
no part of a sequence moves except the top card, empty columns filled by themselves
from the reserve and with any card once it is exhausted, three cards a draw, unlimited
redeals; pysollib/games/canfield.py, class Canfield, whose foundations give no card
back)."""

SUPERIOR = Variant(
    name="superior",
    title="Superior Canfield",
    aliases=("superior-canfield",),
    prefix="CSU",
    rules=Rules(runs="whole", takebacks=False, fill="player", reserve_open=True),
    source=_PYSOL.format(page="superiorcanfield"),
    summary="The reserve is face up and an emptied column is not filled by itself; "
    "top card or whole column; no take-backs.",
)
"""Superior Canfield.

Source: PySolFC (html-src/rules/superiorcanfield.html: like Canfield, but the reserve
is dealt face up and empty columns are not filled automatically; pysollib/games/
canfield.py, class SuperiorCanfield).  The rest is PySolFC's Canfield: draw 3, unlimited
redeals, columns build down in alternate colours, a column's top card or the whole
column moves, foundation cards stay.  An empty column takes any card or column the
player puts there."""

RAINBOW = Variant(
    name="rainbow",
    title="Rainbow",
    aliases=("rainbow-canfield",),
    prefix="CRB",
    rules=Rules(draw=1, redeals=0, build="any", runs="whole", takebacks=False),
    source=_PYSOL.format(page="rainbow"),
    summary="Columns build down regardless of suit; draw 1; no redeal; top card or whole "
    "column; no take-backs.",
)
"""Rainbow.

Source: PySolFC (html-src/rules/rainbow.html: like Canfield, but columns build down by
rank alone, cards are dealt one at a time and there is no redeal; pysollib/games/
canfield.py, class Rainbow).  Otherwise PySolFC's Canfield: a column's top card or the
whole column moves, foundation cards stay, the reserve fills an emptied column and any
card fills one once the reserve is empty."""

STOREHOUSE = Variant(
    name="storehouse",
    title="Storehouse",
    aliases=("straight-up", "thirteen-up", "the-reserve"),
    prefix="CST",
    rules=Rules(draw=1, redeals=2, build="suit", base="2", runs="whole", takebacks=False),
    source=_PYSOL.format(page="storehouse"),
    summary="The four twos start the foundations; columns build down in suit; draw 1; two "
    "redeals; top card or whole column; no take-backs.",
)
"""Storehouse (Straight Up).

Source: PySolFC (html-src/rules/storehouse.html: like Canfield, but columns build down
in suit, cards are dealt one at a time, two redeals; pysollib/games/canfield.py, class
Storehouse, which puts the four twos on the foundations before the deal).  The twos are
taken out and start the foundations (base rank 2, aces last); the other cards are dealt
as usual in deck order: 13 to the reserve, 4 to the columns, the rest to the stock.
semicolon.com's Storehouse page agrees on the twos, suit building, draw 1 and three
passes, but lets the player fill empty columns from the reserve or the waste at will;
pycanfield follows PySolFC (``fill=player-reserve-waste`` gives the other rule)."""

RAINFALL = Variant(
    name="rainfall",
    title="Rainfall",
    aliases=(),
    prefix="CRF",
    rules=Rules(draw=1, redeals=2, runs="whole", takebacks=False),
    source=_PYSOL.format(page="rainfall"),
    summary="Draw 1; two redeals; top card or whole column; no take-backs.",
)
"""Rainfall.

Source: PySolFC (html-src/rules/rainfall.html: like Canfield, but cards are dealt one
at a time and there are two redeals; pysollib/games/canfield.py, class Rainfall).
Otherwise PySolFC's Canfield: alternate colours, a column's top card or the whole column
moves, foundation cards stay, the reserve fills an emptied column."""

CHAMELEON = Variant(
    name="chameleon",
    title="Chameleon",
    aliases=("kansas",),
    prefix="CCH",
    rules=Rules(
        draw=1, redeals=0, build="any", reserve=12, columns=3, runs="whole", takebacks=False
    ),
    source=_PYSOL.format(page="chameleon"),
    summary="A reserve of 12 and three columns building down regardless of suit; draw 1; "
    "no redeal; top card or whole column; no take-backs.",
)
"""Chameleon (Kansas).

Source: PySolFC (html-src/rules/chameleon.html: like Canfield, but the three columns
build down by rank, cards are dealt one at a time, no redeal; pysollib/games/
canfield.py, class Chameleon: a reserve of 12 cards).  Otherwise PySolFC's Canfield: a
column's top card or the whole column moves, foundation cards stay, the reserve fills an
emptied column and any card fills one once the reserve is empty.  semicolon.com's
Chameleon page lets partial builds move and fills a space from the waste only once the
reserve is empty; ``Rules.parse("chameleon runs=any fill=auto-waste")`` plays that."""

SELECTIVE = Variant(
    name="selective",
    title="Selective Canfield",
    aliases=("selective-canfield",),
    prefix="CSE",
    rules=Rules(base="choose", runs="whole", takebacks=False),
    source="Wikipedia, 'Canfield (solitaire)', named variants (Selective Canfield); play as "
    + _PYSOL.format(page="canfield"),
    summary="Five cards are dealt face up and the player chooses the base card among them; "
    "top card or whole column; no take-backs.",
)
"""Selective Canfield.

Source: Wikipedia's "Canfield (solitaire)" article, which lists it among the named
variants: five cards are dealt to the tableau instead of four, and the player chooses
one of them as the base card, the other four staying in the columns.  The rest of the
play is PySolFC's Canfield (html-src/rules/canfield.html): draw 3, unlimited redeals,
alternate colours, a column's top card or the whole column moves, foundation cards
stay, the reserve fills an emptied column.  The choice is the first move of the game
(``base 1`` to ``base 5``, see :class:`~pycanfield.Move`)."""

VARIANTS: tuple[Variant, ...] = (
    STANDARD,
    RUSSIAN,
    FRENCH,
    CLASSIC,
    PYSOL,
    SUPERIOR,
    RAINBOW,
    STOREHOUSE,
    RAINFALL,
    CHAMELEON,
    SELECTIVE,
)
"""Every preset, the standard rules first."""


def _key(name: str) -> str:
    return re.sub(r"[\s_]+", "-", name.strip().lower())


_BY_NAME: dict[str, Variant] = {}
for _v in VARIANTS:
    for _n in (_v.name, *_v.aliases, _v.title):
        _BY_NAME[_key(_n)] = _v
_BY_PREFIX: dict[str, Variant] = {v.prefix: v for v in VARIANTS}


def find_variant(name: str) -> Variant:
    """The preset of a name or alias (any case; blanks, ``_`` and ``-`` alike).

    >>> find_variant("Straight Up").name
    'storehouse'
    >>> find_variant("kansas").rules.columns
    3
    """
    if not isinstance(name, str):
        raise OptionTypeError(
            f"find_variant() needs a variant name (str) as name, not {shown(name)}"
        )
    variant = _BY_NAME.get(_key(name))
    if variant is None:
        names = ", ".join(v.name for v in VARIANTS)
        raise OptionError(f"unknown variant {name!r}; the variants are: {names}")
    return variant


def variant_of_prefix(prefix: str) -> Variant | None:
    """The preset whose game codes start with ``prefix``, or ``None``."""
    return _BY_PREFIX.get(prefix)


def closest_variant(rules: Rules, *, match_draw: bool = False) -> Variant:
    """The preset nearest to ``rules``: the one they equal, else the one that differs in
    the fewest options if that saves two options over the standard rules, else the
    standard rules.

    With ``match_draw`` false the draw mode is left out of the count, as a game code
    states it apart.
    """
    # A preset other than the standard one must match exactly or save two options or
    # more, so that a small change of the standard rules still reads as such.
    counts = []
    for variant in VARIANTS:
        base = variant.rules if match_draw else with_draw(variant.rules, rules.draw)
        counts.append(len(rules.differences(base)))
    best = min(range(len(VARIANTS)), key=lambda k: (counts[k], k))
    if counts[best] == 0 or counts[best] <= counts[0] - 2:
        return VARIANTS[best]
    return STANDARD


_DRAW_CACHE: dict[tuple[Rules, int], Rules] = {}


def with_draw(rules: Rules, draw: int) -> Rules:
    """``rules`` with the draw mode ``draw`` (cached: game states ask for it often)."""
    if rules.draw == draw:
        return rules
    key = (rules, draw)
    found = _DRAW_CACHE.get(key)
    if found is None:
        found = _DRAW_CACHE[key] = rules.evolve(draw=draw)
    return found


DEFAULT_RULES = STANDARD.rules
"""``Rules()``: one shared object, so that the rules can test it by identity."""


def as_rules(value: Rules | Variant | str | None) -> Rules:
    """Rules from a :class:`Rules`, a :class:`Variant`, a text for :meth:`Rules.parse` or
    ``None`` (the default)."""
    if value is None:
        return DEFAULT_RULES
    if isinstance(value, Rules):
        return value
    if isinstance(value, Variant):
        return value.rules
    if isinstance(value, str):
        return Rules.parse(value)
    raise OptionTypeError(f"rules must be Rules, a Variant, a string or None, not {shown(value)}")

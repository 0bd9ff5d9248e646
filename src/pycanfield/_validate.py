"""Validation: does a position or a game obey every invariant the rules guarantee?

Positions and game states are plain values, so a caller may build one by hand (or load
one from a file) that no game could reach.  :func:`validate` checks such a value and
raises :class:`~pycanfield.ValidationError` naming the first field that is wrong, as a
path such as ``"position.columns[2][0]"``.  The loader of saved games uses the same
checks, with paths into the saved document.

What a reachable game always satisfies, and so what is checked:

* the 52 cards, each exactly once (R1);
* foundations in R8 order, all with one base rank, each holding its suit from the base
  rank up (R8-R10);
* at most 13 cards in the reserve (R5) and at most the 34 dealt to the stock in the stock
  and the waste together (R2, R18, R19);
* every column one run, alternating colours and going down one rank (R12-R14, R16, R17);
* no empty column while the reserve has cards (R16);
* the fan no larger than the draw mode or the waste (R21);
* a score that is a multiple of 5, never below 0, at least 5 points for each foundation
  card beyond the base card and at most 5 points per action (R30-R32);
* an undo history of at most 100 steps (R27) that replays: each step's move, played on
  its position, gives the next step's position and score, and the last gives the game's;
* a history that goes back to the start of the game begins at a dealt position (R2);
* for a game with a code (R28): the code is canonical and has the game's draw mode, the
  base card is the code's, the reserve is the bottom of the dealt reserve, and the stock
  and the waste keep the dealt order of the stock.

Under other rules (:class:`~pycanfield.Rules`) the same checks follow the options: the
sizes of the layout, the build of the columns, the refill, the count of redeals, the
cards waiting for the base card to be chosen, the undo limit and the scoring.  Each check
is one the rules guarantee for every game they can produce.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import overload

from ._cards import PACK, Card, Rank, Suit
from ._checks import wrong_type
from ._codes import Deal, decode
from ._errors import (
    CanfieldError,
    IllegalMoveError,
    OptionError,
    ValidationError,
    WrongTypeError,
)
from ._moves import Move
from ._position import Foundation, Position, VariantPosition, foundation_suits
from ._rules import play
from ._rules_variant import _ONTO, CASINO_PRICE, initial_score
from ._state import GameState, Step
from ._variants import DEFAULT_RULES, Rules, Variant, as_rules

__all__ = ["MAX_COUNT", "validate"]

MAX_COUNT = 2**53 - 1
"""The largest action count or score accepted: the largest integer every JSON reader
holds exactly."""

_PILES = ("stock", "waste", "reserve")
_POINTS = 5


_GivenRules = Rules | Variant | str | None


@overload
def validate(game: GameState) -> GameState: ...
@overload
def validate(game: Position, *, rules: _GivenRules = None) -> Position: ...
def validate(game: GameState | Position, *, rules: _GivenRules = None) -> GameState | Position:
    """Check that ``game`` (a :class:`~pycanfield.GameState` or a bare
    :class:`~pycanfield.Position`) could occur in a real game, and return it.

    A problem raises :class:`~pycanfield.ValidationError`; its ``field`` names the
    offending value as a path such as ``"position.columns[2][0]"`` or
    ``"history[3].before"``.  A bare position is checked on its own, under ``rules``
    (a :class:`~pycanfield.Rules`, a preset or a rules text; by default R1-R32 with a
    fan of up to 3 cards); a game state is checked under its own rules, with its draw
    mode, score, counters, code and the whole undo history, and takes no ``rules``.
    Anything other than a state or a position raises :class:`~pycanfield.WrongTypeError`.

    >>> from pycanfield import Move, apply, deal
    >>> state = apply(deal("CF1-D3-AAAAACL"), Move.parse("R>2"))
    >>> validate(state) is state
    True
    >>> import attrs
    >>> validate(attrs.evolve(state, score=7))
    Traceback (most recent call last):
      ...
    pycanfield.ValidationError: score: 7 is not a multiple of 5 (R30)
    >>> rainbow = deal("CRB-D1-AAAAACL").position
    >>> validate(rainbow, rules="rainbow") is rainbow
    True
    """
    if isinstance(game, GameState):
        if rules is not None:
            raise OptionError("a game state carries its own rules; rules= is for a bare position")
        check_state(game)
    elif isinstance(game, Position):
        if rules is not None and not isinstance(rules, (Rules, Variant, str)):
            raise wrong_type("validate", "rules", "Rules, a Variant or a rules text", rules)
        chosen = as_rules(rules)
        check_position(game, draw=chosen.draw, where="", rules=chosen)
    else:
        raise WrongTypeError(
            f"validate() needs a GameState or a Position, not {type(game).__name__}"
        )
    return game


# -- names ------------------------------------------------------------------------------


def join(where: str, name: str) -> str:
    """The path of ``name`` inside ``where``: ``join("position", "fan")`` is
    ``"position.fan"``, ``join("position.stock", "[3]")`` is ``"position.stock[3]"``."""
    if not where:
        return name
    if name.startswith("["):
        return where + name
    return f"{where}.{name}"


def _fail(where: str, name: str, reason: str) -> ValidationError:
    return ValidationError(join(where, name), reason)


def shown(value: object) -> str:
    """``repr(value)`` cut short for messages; a huge integer is described, not printed
    (``str`` of an integer over 4300 digits raises an error of its own)."""
    if isinstance(value, int) and value.bit_length() > 64:
        return f"an integer of {value.bit_length()} bits"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _describe(value: object) -> str:
    """A short description of a value of the wrong type, for messages."""
    return f"{type(value).__name__} {shown(value)}"


def is_count(value: object) -> bool:
    """True for a true ``int`` (not a ``bool``)."""
    return isinstance(value, int) and not isinstance(value, bool)


# -- positions --------------------------------------------------------------------------


def dealt_stock(rules: Rules) -> int:
    """How many cards a deal under ``rules`` gives the stock (34 under R2)."""
    return 52 - rules.reserve - rules.columns - (4 if rules.base_rank is not None else 1)


_WHY_BUILD = {
    "suit": "a column builds down in suit, one rank at a time, with the king on the ace",
    "any": "a column goes down one rank at a time, with the king on the ace",
}


def check_position(
    pos: Position,
    *,
    draw: int,
    where: str,
    deck: Sequence[Card] = (),
    rules: Rules = DEFAULT_RULES,
) -> None:
    """Raise :class:`ValidationError` for the first thing wrong in ``pos``.

    ``where`` is the path of the position (``""``, ``"position"``, ...); ``deck`` is the
    dealt deck of a game with a code, to check the position against it; ``rules`` the
    rules of the game (R1-R32 by default).
    """
    _check_shapes(pos, where, rules)
    foundations: tuple[Foundation, ...] = pos.foundations
    base_suit = foundations[0].suit
    base = foundations[0].base
    for i, (f, suit) in enumerate(zip(foundations, foundation_suits(base_suit), strict=True)):
        if f.suit is not suit:
            raise _fail(
                where,
                f"foundations[{i}]",
                f"holds {f.suit.name.lower()}, but with {base_suit.name.lower()} as the base "
                f"suit foundation {i + 1} is {suit.name.lower()} (R8)",
            )
        if f.base is not base:
            raise _fail(
                where,
                f"foundations[{i}]",
                f"starts at rank {f.base.label}, but the base rank is {base.label} (R7)",
            )
    fixed = rules.base_rank
    if fixed is not None and (base is not fixed or base_suit is not Suit.SPADES):
        raise _fail(
            where,
            "foundations[0]",
            f"starts at {Card(base, base_suit)}, but under base={rules.base} the four "
            f"{fixed.label}s start the foundations, spades first",
        )
    _check_cards(pos, where)
    if pos.pending:
        _check_pending(pos, where, rules)
    if len(pos.reserve) > rules.reserve:
        raise _fail(
            where,
            "reserve",
            f"holds {len(pos.reserve)} cards; the deal gives it {rules.reserve} (R5)",
        )
    talon = len(pos.stock) + len(pos.waste)
    stock = dealt_stock(rules)
    if talon > stock:
        raise _fail(
            where,
            "stock",
            f"the stock and the waste hold {talon} cards; only the {stock} cards dealt to the "
            "stock ever go there (R2, R19)",
        )
    # Only a fill that refills at once keeps columns occupied while the reserve lasts.
    refills = rules.fill in ("auto", "auto-waste")
    onto = _ONTO[rules.build]
    for i, column in enumerate(pos.columns):
        if refills and not column and pos.reserve:
            raise _fail(
                where,
                f"columns[{i}]",
                f"is empty while the reserve holds {len(pos.reserve)} cards (R16)",
            )
        # Whatever lands on a column fits its top under the build, and only runs move,
        # so every column is one run under every rule set.
        for j in range(1, len(column)):
            card, below = column[j], column[j - 1]
            if below not in onto[card]:
                if rules.build != "alternate":
                    why = _WHY_BUILD[rules.build]
                elif card.is_red == below.is_red:
                    why = "a column alternates red and black"
                else:
                    why = "a column goes down one rank at a time, with the king on the ace"
                raise _fail(
                    where,
                    f"columns[{i}][{j}]",
                    f"{card} cannot lie on {below}: {why} (R12, R13)",
                )
    fan = pos.fan
    limit = min(draw, len(pos.waste))
    if not 0 <= fan <= limit:
        raise _fail(
            where,
            "fan",
            f"is {shown(fan)}, but at most {limit} cards of the last draw can still be on a "
            f"waste of {len(pos.waste)} cards in draw {draw} (R18, R21)",
        )
    passes = pos.passes
    if rules.redeals is None and passes:
        raise _fail(
            where,
            "passes",
            f"is {shown(passes)}, but redeals are counted only when the rules limit them (R19)",
        )
    if rules.redeals is not None and not 0 <= passes <= rules.redeals:
        raise _fail(
            where,
            "passes",
            f"is {shown(passes)}, but these rules allow {rules.redeals} redeal(s) (R19)",
        )
    if deck:
        _check_against_deck(pos, deck, where, rules)


def _check_shapes(pos: Position, where: str, rules: Rules) -> None:
    """Every field of ``pos`` has the type the rules code relies on."""
    variant = isinstance(pos, VariantPosition)
    if variant == rules.is_standard:
        kind = "a plain Position" if rules.is_standard else "a VariantPosition"
        raise ValidationError(
            where,
            f"must be {kind} under the rules {str(rules)!r}, not a {type(pos).__name__}",
        )
    for name in _PILES:
        _check_pile(getattr(pos, name), join(where, name))
    if variant:
        _check_pile(pos.pending, join(where, "pending"))
        if not is_count(pos.passes):
            raise _fail(where, "passes", f"must be an int, not {_describe(pos.passes)}")
        if pos.pending and rules.base != "choose":
            raise _fail(
                where,
                "pending",
                f"holds cards to choose the base card from, but under base={rules.base} the "
                "base card is not chosen",
            )
    columns = pos.columns
    expected = 0 if pos.pending else rules.columns
    if not isinstance(columns, tuple) or len(columns) != expected:
        what = (
            "must be empty while the base card is to be chosen"
            if pos.pending
            else f"must be a tuple of {expected} columns"
        )
        raise _fail(where, "columns", f"{what}, not {_describe(columns)}")
    for i, column in enumerate(columns):
        _check_pile(column, join(where, f"columns[{i}]"))
    foundations = pos.foundations
    if not isinstance(foundations, tuple) or len(foundations) != 4:
        raise _fail(
            where, "foundations", f"must be a tuple of 4 foundations, not {_describe(foundations)}"
        )
    for i, f in enumerate(foundations):
        if not isinstance(f, Foundation):
            raise _fail(where, f"foundations[{i}]", f"must be a Foundation, not {_describe(f)}")
    if not is_count(pos.fan):
        raise _fail(where, "fan", f"must be an int, not {_describe(pos.fan)}")


def _check_pile(pile: object, where: str) -> None:
    if not isinstance(pile, tuple):
        raise ValidationError(where, f"must be a tuple of cards, not {_describe(pile)}")
    for i, card in enumerate(pile):
        if not isinstance(card, Card):
            raise ValidationError(f"{where}[{i}]", f"must be a Card, not {_describe(card)}")


def _check_cards(pos: Position, where: str) -> None:
    """Each of the 52 cards exactly once (R1)."""
    seen: dict[Card, str] = {}
    piles: list[tuple[str, Sequence[Card]]] = [("pending", pos.pending)]
    piles += [(name, getattr(pos, name)) for name in _PILES]
    piles += [(f"foundations[{i}]", f.cards) for i, f in enumerate(pos.foundations)]
    piles += [(f"columns[{i}]", column) for i, column in enumerate(pos.columns)]
    for name, pile in piles:
        for j, card in enumerate(pile):
            here = join(where, f"{name}[{j}]")
            if card in seen:
                raise ValidationError(
                    here, f"{card} is also at {seen[card]}; each card is dealt once (R1)"
                )
            seen[card] = here
    if len(seen) != 52:
        missing = " ".join(str(c) for c in PACK if c not in seen)
        raise ValidationError(where, f"holds {len(seen)} of the 52 cards (R1); missing: {missing}")


def _check_pending(pos: Position, where: str, rules: Rules) -> None:
    """Cards wait for the base card to be chosen only in the dealt position of a game
    whose player chooses it: choosing is the first move, and nothing else is legal."""
    problem = is_deal_position(pos, rules)
    if problem is not None:
        raise _fail(
            where,
            "pending",
            "holds cards to choose the base card from, which only the dealt position does, "
            f"but {problem}",
        )


def _check_against_deck(pos: Position, deck: Sequence[Card], where: str, rules: Rules) -> None:
    """What a position of a coded game keeps from its deal (R2, R5, R19)."""
    size, ncols = rules.reserve, rules.columns
    fixed = rules.base_rank
    if fixed is not None:
        # The four cards of the base rank go up first; the rest is dealt in order.
        dealt = tuple(card for card in deck if card.rank is not fixed)
        stock_from = size + ncols
    else:
        dealt = tuple(deck)
        stock_from = size + ncols + 1
        got = Card(pos.base_rank, pos.foundations[0].suit)
        if rules.base == "choose":
            choices = dealt[size:stock_from]
            if pos.pending and pos.pending != choices:
                j = next(k for k, card in enumerate(pos.pending) if card is not choices[k])
                raise _fail(
                    where,
                    f"pending[{j}]",
                    f"is {pos.pending[j]}, but the game's code deals {choices[j]} there (R2)",
                )
            if not pos.pending and got not in choices:
                names = " ".join(str(card) for card in choices)
                raise _fail(
                    where,
                    "foundations[0]",
                    f"the base card is {got}, but the game's code deals {names} to choose it "
                    "from (R2, R7)",
                )
        elif got is not dealt[size]:
            raise _fail(
                where,
                "foundations[0]",
                f"the base card is {got}, but the game's code deals {dealt[size]} (R2, R7)",
            )
    reserve = pos.reserve
    if reserve != dealt[: len(reserve)]:
        j = next(k for k, card in enumerate(reserve) if card is not dealt[k])
        raise _fail(
            where,
            f"reserve[{j}]",
            f"is {reserve[j]}, but the game's code deals {dealt[j]} there; cards only leave "
            "the reserve from the top (R4, R5)",
        )
    # Drawing and recycling keep the order of waste-then-stock-from-the-top; playing a
    # card only removes one.  So that sequence is a subsequence of the dealt stock.
    talon = pos.waste + pos.stock[::-1]
    dealt_cards = iter(dealt[stock_from:])
    for j, card in enumerate(talon):
        if not any(card is other for other in dealt_cards):
            if j < len(pos.waste):
                name = f"waste[{j}]"
            else:
                name = f"stock[{len(pos.stock) - 1 - (j - len(pos.waste))}]"
            raise _fail(
                where,
                name,
                f"{card} is out of the order the game's code deals the stock in, or was never "
                "in the stock (R3, R18, R19)",
            )


def is_deal_position(pos: Position, rules: Rules = DEFAULT_RULES) -> str | None:
    """``None`` when ``pos`` is laid out as a fresh deal under ``rules`` (R2), else what
    differs."""
    if pos.waste or pos.fan:
        return "the waste is not empty"
    if pos.passes:
        return "the waste was already turned back"
    stock = dealt_stock(rules)
    if len(pos.stock) != stock:
        return f"the stock holds {len(pos.stock)} cards, not {stock}"
    if len(pos.reserve) != rules.reserve:
        return f"the reserve holds {len(pos.reserve)} cards, not {rules.reserve}"
    if rules.base == "choose":
        if len(pos.pending) != rules.columns + 1:
            return (
                f"{len(pos.pending)} cards wait for the choice of the base card, "
                f"not {rules.columns + 1}"
            )
        if pos.columns:
            return "the columns hold cards before the base card is chosen"
        if pos.foundations[0] is not Foundation(Suit.SPADES, Rank.ACE, 0) or any(
            f.size for f in pos.foundations
        ):
            return "the foundations are not empty and waiting (written from the ace of spades)"
        return None
    fixed = rules.base_rank is not None
    if [f.size for f in pos.foundations] != ([1, 1, 1, 1] if fixed else [1, 0, 0, 0]):
        what = "the four base cards" if fixed else "the base card"
        return f"the foundations hold more or less than {what}"
    if len(pos.columns) != rules.columns or any(len(column) != 1 for column in pos.columns):
        return "a column does not hold exactly one card"
    return None


def first_difference(a: Position, b: Position) -> str:
    """The name of the first field in which two positions differ."""
    for name in ("stock", "waste", "reserve", "foundations", "columns", "fan", "passes", "pending"):
        if getattr(a, name) != getattr(b, name):
            return name
    return "nothing"  # pragma: no cover - only called on unequal positions


# -- scores and games -------------------------------------------------------------------


def _free_cards(rules: Rules) -> int:
    """Foundation cards a deal puts up without scoring them (R31): the base card, or the
    four cards of a fixed base rank."""
    return 4 if rules.base_rank is not None else 1


def opening_score(rules: Rules) -> int:
    """The score of a fresh deal under ``rules`` (0 under R31)."""
    if rules.scoring != "casino":
        return 0
    up = 0 if rules.base == "choose" else _free_cards(rules)
    return -CASINO_PRICE + _POINTS * up


def check_score(score: object, pos: Position, where: str, rules: Rules = DEFAULT_RULES) -> int:
    """A score that ``pos`` could have (R30-R32) under ``rules``; returns it."""
    if not is_count(score):
        raise ValidationError(where, f"must be an int, not {_describe(score)}")
    assert isinstance(score, int)
    casino = rules.scoring == "casino"
    low = -CASINO_PRICE if casino else 0
    if not low <= score <= MAX_COUNT:
        raise ValidationError(where, f"{shown(score)} is out of range {low}..{MAX_COUNT} (R31)")
    up = sum(f.size for f in pos.foundations)
    if casino:
        # Dollars: -52 for the pack, 5 for every card put up, the base card included.
        if (score + CASINO_PRICE) % _POINTS:
            raise ValidationError(
                where, f"{score} is not -{CASINO_PRICE} plus a multiple of 5 (casino scoring)"
            )
        least = -CASINO_PRICE + _POINTS * up
        if score < least:
            raise ValidationError(
                where,
                f"{score} is less than -{CASINO_PRICE} plus 5 for each of the {up} foundation "
                f"cards ({least}) (casino scoring)",
            )
    else:
        if score % _POINTS:
            raise ValidationError(where, f"{score} is not a multiple of 5 (R30)")
        free = _free_cards(rules)
        placed = up - free
        least = max(0, _POINTS * placed)
        if score < _POINTS * placed:
            what = "the four base cards" if free == 4 else "the base card"
            raise ValidationError(
                where,
                f"{score} is less than 5 points for each of the {placed} foundation cards beyond "
                f"{what} ({_POINTS * placed}) (R30, R32)",
            )
    # Without take-backs every card put up stays up, so the score is exactly what the
    # foundations show.
    if not rules.takebacks and score != least:
        raise ValidationError(
            where,
            f"is {score}, but with no take-backs the foundations' {up} cards make it "
            f"exactly {least} (R30)",
        )
    return score


def check_code(
    code: object, draw: int, where: str, rules: Rules = DEFAULT_RULES
) -> tuple[Card, ...]:
    """The dealt deck of a game code that matches ``draw`` and ``rules``; ``()`` for no
    code."""
    if code is None:
        return ()
    if not isinstance(code, str):
        raise ValidationError(where, f"must be a game code or None, not {_describe(code)}")
    try:
        deal: Deal = decode(code)
    except CanfieldError as exc:
        raise ValidationError(where, f"is not a game code: {exc}") from None
    if str(deal) != code:
        raise ValidationError(where, f"{code!r} is not written canonically; expected {str(deal)!r}")
    if deal.draw != draw:
        raise ValidationError(
            where, f"{code} is a draw {deal.draw} code, but the game is draw {draw} (R28)"
        )
    if deal.rules != rules:
        if rules.is_standard:
            raise ValidationError(where, f"{code} names variant rules, but the game is standard")
        raise ValidationError(
            where,
            f"{code} names the rules {str(deal.rules)!r}, but the game is played under "
            f"{str(rules)!r} (R28)",
        )
    return deal.deck()


class Names:
    """Paths of the parts of a game: in a :class:`GameState` or in a saved document."""

    def __init__(
        self,
        *,
        history: str,
        start: str,
        start_score: str,
        move: Callable[[int], str],
    ) -> None:
        self.history = history
        self.start = start
        self.start_score = start_score
        self.move = move


STATE_NAMES = Names(
    history="history",
    start="history[0].before",
    start_score="history[0].score",
    move=lambda i: f"history[{i}].move",
)


def check_game(
    *,
    position: Position,
    draw: object,
    score: object,
    actions: object,
    code: object,
    start: tuple[Position, object] | None,
    moves: Sequence[Move],
    names: Names,
    rules: Rules = DEFAULT_RULES,
) -> list[Step]:
    """Check a whole game under ``rules`` and return its undo history, rebuilt by
    replaying ``moves`` from ``start`` (the position and score before the oldest
    retained move)."""
    if draw not in (1, 3) or not is_count(draw):
        raise ValidationError("draw", f"must be 1 or 3, not {_describe(draw)} (R18)")
    assert isinstance(draw, int)
    if draw != rules.draw:
        raise ValidationError(
            "draw", f"is {draw}, but the rules {str(rules)!r} draw {rules.draw} (R18)"
        )
    deck = check_code(code, draw, "code", rules)
    check_position(position, draw=draw, where="position", deck=deck, rules=rules)
    final_score = check_score(score, position, "score", rules)
    if not is_count(actions):
        raise ValidationError("actions", f"must be an int, not {_describe(actions)}")
    assert isinstance(actions, int)
    if not 0 <= actions <= MAX_COUNT:
        raise ValidationError("actions", f"{shown(actions)} is out of range 0..{MAX_COUNT}")
    opening = opening_score(rules)
    # A move puts up one card at most, except when the game finishes itself.
    if not rules.autocomplete and final_score - opening > _POINTS * actions:
        start_text = "" if opening == 0 else f"{opening} plus "
        raise ValidationError(
            "score",
            f"{final_score} is more than {start_text}5 points for each of the {actions} "
            "actions (R30)",
        )
    limit = rules.undo
    if limit is not None and len(moves) > limit:
        raise ValidationError(
            names.history,
            f"holds {len(moves)} actions; only the last {limit} are kept (R27)",
        )
    if len(moves) > actions:
        raise ValidationError(
            names.history, f"holds {len(moves)} actions, but the game counts only {actions}"
        )
    if start is None:
        pos, points = position, final_score
    else:
        pos = start[0]
        check_position(pos, draw=draw, where=names.start, deck=deck, rules=rules)
        points = check_score(start[1], pos, names.start_score, rules)
    if actions == len(moves):
        # Nothing was dropped from the history (nor undone, when an undo counts as an
        # action): it starts at the deal.
        where = names.start if start is not None else "position"
        problem = is_deal_position(pos, rules)
        if problem is None and deck and pos != _dealt(code):
            problem = "it is not the deal of the game's code"
        if problem is not None:
            raise ValidationError(
                where,
                "must be the dealt position, since the history goes back to the start of the "
                f"game (actions equals its length), but {problem} (R2, R27)",
            )
        dealt_score = initial_score(pos, rules)
        if points != dealt_score:
            raise ValidationError(
                names.start_score if start is not None else "score",
                f"must be {dealt_score} at the start of the game, not {points} (R31)",
            )
    steps: list[Step] = []
    for i, move in enumerate(moves):
        if not isinstance(move, Move):
            raise ValidationError(names.move(i), f"must be a Move, not {_describe(move)}")
        try:
            after, earned = play(pos, move, draw, rules=rules)
        except IllegalMoveError as exc:
            raise ValidationError(
                names.move(i), f"{move} cannot be played in the position before it: {exc}"
            ) from None
        steps.append(Step(move, pos, points))
        pos, points = after, points + earned
    if pos != position:
        raise ValidationError(
            "position",
            f"is not the position the history's moves lead to (they differ in "
            f"{first_difference(position, pos)}) (R27)",
        )
    if points != final_score:
        raise ValidationError(
            "score", f"is {final_score}, but the history's moves lead to {points} (R27, R30)"
        )
    return steps


def _dealt(code: object) -> Position:
    from ._state import deal

    assert isinstance(code, str)
    return deal(code).position


def check_state(state: GameState) -> None:
    """:func:`validate` for a game state."""
    rules = state.rules
    if not isinstance(rules, Rules):
        raise ValidationError("rules", f"must be a Rules value, not {_describe(rules)}")
    history = state.history
    if not isinstance(history, tuple):
        raise ValidationError("history", f"must be a tuple of Steps, not {_describe(history)}")
    for i, step in enumerate(history):
        if not isinstance(step, Step):
            raise ValidationError(f"history[{i}]", f"must be a Step, not {_describe(step)}")
        if not isinstance(step.before, Position):
            raise ValidationError(
                f"history[{i}].before", f"must be a Position, not {_describe(step.before)}"
            )
    if not isinstance(state.position, Position):
        raise ValidationError("position", f"must be a Position, not {_describe(state.position)}")
    start = (history[0].before, history[0].score) if history else None
    replayed = check_game(
        position=state.position,
        draw=state.draw,
        score=state.score,
        actions=state.actions,
        code=state.code,
        start=start,
        moves=[step.move for step in history],
        names=STATE_NAMES,
        rules=rules,
    )
    for i, (step, again) in enumerate(zip(history, replayed, strict=True)):
        if step.before != again.before:
            raise ValidationError(
                f"history[{i}].before",
                f"is not the position history[{i - 1}].move leads to (they differ in "
                f"{first_difference(step.before, again.before)}) (R27)",
            )
        if step.score != again.score:
            raise ValidationError(
                f"history[{i}].score",
                f"is {shown(step.score)}, but history[{i - 1}].move leads to {again.score} "
                "(R27, R30)",
            )

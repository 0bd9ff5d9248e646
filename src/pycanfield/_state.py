"""The game state and the ways to start a game.

A :class:`GameState` wraps a :class:`~pycanfield.Position` with what the position alone
does not say: the draw mode, the score, how many actions were taken, the game code and
the undo history.  Every function of the library returns a new state; none changes one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import cast

import attrs

from ._cards import Card, Rank, check_deck
from ._checks import OptionTypeError, wrong_type
from ._codes import Deal, decode
from ._errors import OptionError
from ._moves import Move
from ._position import Foundation, Pile, Position, foundation_suits
from ._variants import DEFAULT_RULES, Rules, Variant, as_rules, with_draw

__all__ = ["HISTORY_LIMIT", "GameState", "Step", "deal", "from_deck", "new_game"]

HISTORY_LIMIT = 100
"""How many actions can be undone (R27)."""


@attrs.frozen(repr=False)
class Step:
    """One entry of the undo history: a move and what the game was before it.

    Its ``repr`` names the move and the score before it; the position is in ``before``.

    >>> state = deal("CF1-D3-AAAAACL")
    >>> Step(Move.parse("R>2"), state.position, 0)
    <Step R>2, score before 0>
    """

    #: The action taken.
    move: Move
    #: The position before the move.
    before: Position
    #: The score before the move.
    score: int

    def __attrs_post_init__(self) -> None:
        # The rules build steps with make_step, which skips this: only steps built by
        # hand are checked.
        if not isinstance(self.move, Move):
            raise wrong_type("Step", "move", "a Move", self.move)
        if not isinstance(self.before, Position):
            raise wrong_type("Step", "before", "a Position", self.before)
        if not isinstance(self.score, int) or isinstance(self.score, bool):
            raise wrong_type("Step", "score", "an integer", self.score)

    def __repr__(self) -> str:
        # A history holds up to a hundred steps: a whole position each would drown it.
        return f"<Step {self.move}, score before {self.score}>"


def _draw_in(value: int | None) -> int:
    # 3.0 == 3, but a float draw mode would break slicing and print as "D3.0" in codes.
    if not isinstance(value, int) or isinstance(value, bool):
        raise OptionTypeError(f"draw must be 1 or 3, not {value!r}")
    if value not in (1, 3):
        raise OptionError(f"draw must be 1 or 3, not {value!r}")
    return value


def _check_fields(state: GameState) -> None:
    """Refuse fields of the wrong type (a Position checks its own piles when built)."""
    pos = state.position
    if not isinstance(pos, Position):
        raise wrong_type("GameState", "position", "a Position", pos)
    for name in ("score", "actions"):
        value = getattr(state, name)
        if type(value) is not int:
            raise wrong_type("GameState", name, "an integer", value)
    if state.code is not None and not isinstance(state.code, str):
        raise wrong_type("GameState", "code", "a game code (str) or None", state.code)
    history = state.history
    if type(history) is not tuple or not all(type(step) is Step for step in history):
        raise wrong_type("GameState", "history", "a tuple of Step values", history)


@attrs.frozen(repr=False)
class GameState:
    """A game in progress.  Immutable; equal states compare equal.

    The undo history holds the last :data:`HISTORY_LIMIT` actions (R27), oldest first.
    Start a game with :func:`deal`, :func:`new_game` or :func:`from_deck`.

    >>> state = deal("CF1-D3-AAAAACL")
    >>> state.code, state.draw, state.score, len(state.stock)
    ('CF1-D3-AAAAACL', 3, 0, 34)
    """

    #: Where every card lies.
    position: Position
    #: The draw mode, 3 or 1 cards a draw (R18); always ``rules.draw``.  When both are
    #: given and differ, ``draw`` wins; when it is left out, it comes from ``rules``.
    draw: int = attrs.field(default=cast(int, None))
    #: Points earned so far (R30-R32).
    score: int = 0
    #: How many actions (moves, draws, recycles) were taken; an undo takes one back.
    actions: int = 0
    #: The CF1 code of the deal, or ``None`` for a deal built from an explicit deck.
    code: str | None = None
    #: The last actions, oldest first, at most :data:`HISTORY_LIMIT` of them (R27), or
    #: as many as ``rules.undo`` says.
    history: tuple[Step, ...] = ()
    #: The rules of the game (see :class:`~pycanfield.Rules`); ``Rules()`` is R1-R32.
    rules: Rules = attrs.field(default=DEFAULT_RULES, kw_only=True)

    def __attrs_post_init__(self) -> None:
        # The rules build states with make_state, which skips this: only states built
        # by hand (or by attrs.evolve) pay for the checks.
        _check_fields(self)
        rules = self.rules
        if type(rules) is not Rules or self.draw is not rules.draw:
            self._settle_draw()

    def _settle_draw(self) -> None:
        rules = self.rules
        if not isinstance(rules, Rules):
            raise wrong_type("GameState", "rules", "a Rules value", rules)
        if self.draw is None:
            object.__setattr__(self, "draw", rules.draw)
        else:
            object.__setattr__(self, "rules", with_draw(rules, _draw_in(self.draw)))

    # Shortcuts to the position's piles, so that ``state.reserve`` reads naturally.
    @property
    def stock(self) -> Pile:
        """The stock, bottom to top; the top card is drawn next."""
        return self.position.stock

    @property
    def waste(self) -> Pile:
        """The waste, bottom to top."""
        return self.position.waste

    @property
    def reserve(self) -> Pile:
        """The reserve, bottom to top; its size is always known (R6)."""
        return self.position.reserve

    @property
    def foundations(self) -> tuple[Foundation, ...]:
        """The four foundations in R8 order."""
        return self.position.foundations

    @property
    def columns(self) -> tuple[Pile, ...]:
        """The tableau columns, left to right."""
        return self.position.columns

    @property
    def base_rank(self) -> Rank:
        """The base rank of the foundations (R7)."""
        return self.position.base_rank

    def __repr__(self) -> str:
        name = self.code if self.code is not None else "custom deal"
        return f"<GameState {name}, {self.actions} actions, score {self.score}>"

    def __str__(self) -> str:
        """The text picture of the table (see :func:`~pycanfield.render_text`)."""
        from ._render_text import render_text  # imported here: the renderer imports this module

        return render_text(self)

    def _repr_svg_(self) -> str:
        """The SVG picture, so that Jupyter draws the table (see :func:`~pycanfield.render_svg`)."""
        from ._render_svg import render_svg

        return render_svg(self)


def _fast_constructors() -> tuple[
    Callable[[Move, Position, int], Step],
    Callable[[Position, int, int, int, str | None, tuple[Step, ...], Rules], GameState],
]:
    """Constructors for steps and states whose parts are already checked (the rules build
    one of each per move).  They fill the slots directly: attrs' ``__init__`` and its
    checks would cost about as much as the move itself."""
    new = object.__new__
    step_slots = Step.__dict__
    s_move, s_before, s_score = (step_slots[n].__set__ for n in ("move", "before", "score"))
    slots = GameState.__dict__
    g_pos, g_draw, g_score, g_actions, g_code, g_history, g_rules = (
        slots[n].__set__
        for n in ("position", "draw", "score", "actions", "code", "history", "rules")
    )

    def step(move: Move, before: Position, score: int) -> Step:
        made: Step = new(Step)
        s_move(made, move)
        s_before(made, before)
        s_score(made, score)
        return made

    def state(
        position: Position,
        draw: int,
        score: int,
        actions: int,
        code: str | None,
        history: tuple[Step, ...],
        rules: Rules,
    ) -> GameState:
        made: GameState = new(GameState)
        g_pos(made, position)
        g_draw(made, draw)
        g_score(made, score)
        g_actions(made, actions)
        g_code(made, code)
        g_history(made, history)
        g_rules(made, rules)
        return made

    return step, state


make_step, make_state = _fast_constructors()


def split_game(function: str, argument: str, game: object) -> tuple[GameState | None, Position]:
    """``game`` as (its state, or ``None`` for a bare position; its position), for the
    functions that show or describe either; anything else is refused."""
    if isinstance(game, GameState):
        return game, game.position
    if isinstance(game, Position):
        return None, game
    raise wrong_type(function, argument, "a GameState or a Position", game)


def _deal_position(deck: tuple[Card, ...], rules: Rules = DEFAULT_RULES) -> Position:
    """Lay out a deck in dealing order as R2 and R3 say (or as ``rules`` say)."""
    if not rules.is_standard:
        from ._rules_variant import deal_position

        return deal_position(deck, rules)
    base = deck[13]
    foundations = tuple(
        Foundation(suit, base.rank, 1 if suit is base.suit else 0)
        for suit in foundation_suits(base.suit)
    )
    return Position(
        stock=tuple(reversed(deck[18:])),
        waste=(),
        reserve=deck[:13],
        foundations=foundations,
        columns=tuple((card,) for card in deck[14:18]),
    )


_GameRules = Rules | Variant | str | None


def _start(position: Position, rules: Rules, code: str | None) -> GameState:
    if rules.is_standard:
        return GameState(position, rules.draw, code=code, rules=rules)
    from ._rules_variant import initial_score

    return GameState(position, rules.draw, initial_score(position, rules), code=code, rules=rules)


def from_deck(
    deck: Iterable[Card | str], *, draw: int | None = None, rules: _GameRules = None
) -> GameState:
    """Start a game from 52 cards in dealing order (R3): ``deck[0]`` is dealt first.

    Cards may be :class:`~pycanfield.Card` values or strings such as ``"QC"``.  The game
    has no code (``code`` is ``None``).  A deck that is not 52 distinct cards raises
    :class:`~pycanfield.DeckError`.  ``rules`` (a :class:`~pycanfield.Rules`, a
    :class:`~pycanfield.Variant` or a text for :meth:`~pycanfield.Rules.parse`) sets the
    rules; ``draw`` overrides their draw mode.  A ``deck`` that is not an iterable of
    cards raises an error that is both a :class:`~pycanfield.WrongTypeError` and a
    :class:`~pycanfield.DeckError`.
    """
    chosen = as_rules(rules)
    if draw is not None:
        chosen = with_draw(chosen, _draw_in(draw))
    return _start(_deal_position(check_deck(deck), chosen), chosen, None)


def deal(code: str | Deal) -> GameState:
    """Start the game of a code (R28), such as ``"CF1-D3-AAAAACL"``.

    A code names its rules too (``docs/codes.rst``): ``"CRB-D1-AAAAACL"`` is the same
    deal played as Rainbow.  A malformed code raises :class:`~pycanfield.GameCodeError`;
    anything but a string or a :class:`~pycanfield.Deal`
    :class:`~pycanfield.WrongTypeError`.
    """
    if isinstance(code, Deal):
        chosen = code
    elif isinstance(code, str):
        chosen = decode(code)
    else:
        raise wrong_type("deal", "code", "a game code (str) or a Deal", code)
    return _start(_deal_position(chosen.deck(), chosen.rules), chosen.rules, str(chosen))


def new_game(
    *,
    draw: int | None = None,
    rng: random.Random | None = None,
    rules: _GameRules = None,
) -> GameState:
    """Start a random game, drawn uniformly from all codes of its rules.

    Pass ``rng`` (a :class:`random.Random`) for a reproducible choice, ``rules`` for
    other rules than R1-R32 (as for :func:`from_deck`); ``draw`` overrides their draw mode
    (3 by default).
    """
    if rng is not None and not isinstance(rng, random.Random):
        raise wrong_type("new_game", "rng", "a random.Random or None", rng)
    return deal(Deal.random(draw=draw, rng=rng, rules=rules))

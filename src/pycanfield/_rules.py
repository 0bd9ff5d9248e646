"""The rules: which moves are legal, what a move does, undo, score and tap.

Every function here is pure.  The position-level helpers (``position_moves``,
``play``) serve search code, which works on positions without history.

Every public function checks its arguments' types once, at the top, and refuses a
wrong one with :class:`~pycanfield.WrongTypeError`; the internal ``_standard_moves``
and ``_play`` skip the checks, so that ``legal_moves`` and ``apply`` test each argument
once and nothing inside the loops.
"""

from __future__ import annotations

from ._cards import ACCEPTS, ONTO, Card
from ._checks import OptionTypeError, wrong_type
from ._errors import IllegalMoveError, OptionError, TapError, UndoError
from ._moves import _CACHE, DRAW, RECYCLE, Move, MoveKind, _intern
from ._position import Pile, Position, make_position
from ._rules_variant import _refuse, _to_foundation, variant_moves, variant_play, variant_tap
from ._state import HISTORY_LIMIT, GameState, make_state, make_step
from ._variants import Rules

__all__ = [
    "apply",
    "has_legal_move",
    "is_legal",
    "is_won",
    "legal_moves",
    "play",
    "position_moves",
    "run_length",
    "score",
    "tap",
    "undo",
]

POINTS = 5
"""Points for each card placed on a foundation (R30)."""

_RF = _intern(MoveKind.RESERVE_TO_FOUNDATION)
_WF = _intern(MoveKind.WASTE_TO_FOUNDATION)
_CF = [_intern(MoveKind.COLUMN_TO_FOUNDATION, i) for i in range(4)]
_RC = [_intern(MoveKind.RESERVE_TO_COLUMN, None, i) for i in range(4)]
_WC = [_intern(MoveKind.WASTE_TO_COLUMN, None, i) for i in range(4)]


def run_length(column: Pile) -> int:
    """How many cards at the top of ``column`` form a movable run (R14).

    A run alternates colour and goes down one rank at a time, with the king below the
    ace (R13); it may be longer than 13 cards.  ``column`` is a tuple of cards, bottom
    to top, as in ``Position.columns``.

    >>> from pycanfield import Card
    >>> run_length(tuple(map(Card.parse, ["5S", "KH", "QC", "JD"])))
    3
    """
    if type(column) is not tuple:
        raise wrong_type("run_length", "column", "a tuple of cards", column)
    i = len(column) - 1
    if i < 0:
        return 0
    try:
        while i > 0 and column[i - 1] in ONTO[column[i]]:
            i -= 1
    except (KeyError, TypeError):  # ONTO has every card and nothing else
        raise wrong_type("run_length", "column", "a tuple of cards", column) from None
    return len(column) - i


def position_moves(pos: Position, rules: Rules | None = None) -> list[Move]:
    """Every legal move in ``pos``, in the order documented for :func:`legal_moves`.

    ``rules`` (default: R1-R32) gives other rules (see :class:`~pycanfield.Rules`).
    Arguments of the wrong type raise :class:`~pycanfield.WrongTypeError`; the cards
    of ``pos`` are not checked (see :func:`~pycanfield.validate`).
    """
    if not isinstance(pos, Position):
        raise wrong_type("position_moves", "pos", "a Position", pos)
    if rules is not None:
        if not isinstance(rules, Rules):
            raise wrong_type("position_moves", "rules", "a Rules value or None", rules)
        if not rules.is_standard:
            return variant_moves(pos, rules)
    return _standard_moves(pos)


def _standard_moves(pos: Position) -> list[Move]:
    """:func:`position_moves` under R1-R32, without checks."""
    moves: list[Move] = []
    append = moves.append
    reserve, waste, columns = pos.reserve, pos.waste, pos.columns
    ncols = len(columns)
    wanted = {f.next for f in pos.foundations}
    wanted.discard(None)  # a full foundation wants nothing; None stands for no card too
    rtop = reserve[-1] if reserve else None
    wtop = waste[-1] if waste else None
    tops = [col[-1] if col else None for col in columns]

    # 1. Cards to the foundations (R9): reserve, waste, then columns left to right.
    if rtop in wanted:
        append(_RF)
    if wtop in wanted:
        append(_WF)
    for i in range(ncols):
        if tops[i] in wanted:
            append(_CF[i] if i < 4 else Move.column_to_foundation(i))

    # Which columns take each card: a card fits on two possible tops (R12, R13).
    fits: dict[Card, tuple[int, ...]] = {}
    empties: tuple[int, ...] = ()
    for i in range(ncols):
        top = tops[i]
        if top is None:
            empties += (i,)
        else:
            for card in ACCEPTS[top]:
                fits[card] = (*fits.get(card, ()), i)
    # An empty column exists only once the reserve is empty (R16) and takes anything (R17).
    if reserve:
        empties = ()

    def targets(card: Card) -> tuple[int, ...]:
        found = fits.get(card, ())
        return tuple(sorted(found + empties)) if empties else found

    # 2-3. The reserve's and the waste's top card to the columns (R4, R12, R20).
    if rtop is not None:
        for i in targets(rtop):
            append(_RC[i] if i < 4 else Move.reserve_to_column(i))
    if wtop is not None:
        for i in targets(wtop):
            append(_WC[i] if i < 4 else Move.waste_to_column(i))

    # 4. Runs between columns (R14): each source, shortest run first, targets left to right.
    cache = _CACHE
    find = targets if empties else fits.get
    for s in range(ncols):
        col = columns[s]
        n = len(col)
        j = n - 1
        while j >= 0:
            card = col[j]
            found = find(card)
            count = n - j
            for t in found or ():
                if t == s or (j == 0 and not columns[t]):
                    # A whole column onto an empty one changes nothing (R14).
                    continue
                move = cache.get((MoveKind.COLUMN_TO_COLUMN, s, t, None, count))
                append(
                    move
                    if move is not None
                    else _intern(MoveKind.COLUMN_TO_COLUMN, s, t, None, count)
                )
            if j == 0 or col[j - 1] not in ONTO[card]:
                break
            j -= 1

    # 5. Take-backs from the foundations (R22), foundations in R8 order.
    for f in pos.foundations:
        top = f.top
        if top is not None:
            for i in targets(top):
                append(_intern(MoveKind.FOUNDATION_TO_COLUMN, None, i, f.suit))

    # 6. The stock: draw while it has cards, else recycle a non-empty waste (R19).
    if pos.stock:
        append(DRAW)
    elif waste:
        append(RECYCLE)
    return moves


def legal_moves(state: GameState) -> list[Move]:
    """Every legal action in ``state``, and nothing else.

    The order is fixed: moves to the foundations (reserve, waste, columns 1-4); the
    reserve's top to columns 1-4; the waste's top to columns 1-4; runs between columns
    (by source column, then shortest run first, then target column); take-backs from
    the foundations in R8 order; and last ``draw`` or ``recycle``.

    >>> from pycanfield import deal
    >>> [str(m) for m in legal_moves(deal("CF1-D3-AAAAACL"))]
    ['R>2', '2>4', 'draw']

    Under other rules (``state.rules``) the order is the same; a game whose player
    chooses the base card starts with the choices ``base 1`` ... only.
    """
    if not isinstance(state, GameState):
        raise wrong_type("legal_moves", "state", "a GameState", state)
    rules = state.rules
    if not rules.is_standard:
        return variant_moves(state.position, rules)
    return _standard_moves(state.position)


def has_legal_move(state: GameState) -> bool:
    """True when at least one action is possible (R24 leaves the rest to the player)."""
    if not isinstance(state, GameState):
        raise wrong_type("has_legal_move", "state", "a GameState", state)
    return bool(legal_moves(state))


def is_legal(state: GameState, move: Move) -> bool:
    """True when :func:`apply` would accept ``move``."""
    if not isinstance(state, GameState):
        raise wrong_type("is_legal", "state", "a GameState", state)
    if not isinstance(move, Move):
        raise wrong_type("is_legal", "move", "a Move", move)
    try:
        _play(state.position, move, state.draw, state.rules)
    except IllegalMoveError:
        return False
    return True


def _column_name(i: int) -> str:
    return f"column {i + 1}"


def _place(card: Card, move: Move, pos: Position, target: int) -> tuple[Pile, ...]:
    """The columns after putting ``card`` (the lowest card of what moves) on ``target``."""
    columns = pos.columns
    if not 0 <= target < len(columns):
        raise _refuse(move, f"there is no {_column_name(target)}", "R2")  # R2 deals 4 columns
    col = columns[target]
    if col:
        top = col[-1]
        if top not in ONTO[card]:
            if top.is_red == card.is_red:
                why = "a column alternates red and black"
            else:
                why = "a column builds down by one rank, with the king on the ace"
            raise _refuse(move, f"{card.unicode} cannot go on {top.unicode}: {why}", "R12")
    elif pos.reserve:
        raise _refuse(
            move, f"{_column_name(target)} is empty but the reserve fills it first", "R16"
        )
    return columns


def _refill(columns: list[Pile], reserve: Pile, emptied: int) -> Pile:
    """Fill an emptied column from the reserve (R16); returns the new reserve."""
    if reserve and not columns[emptied]:
        columns[emptied] = (reserve[-1],)
        return reserve[:-1]
    return reserve


def play(
    pos: Position, move: Move, draw: int = 3, *, rules: Rules | None = None
) -> tuple[Position, int]:
    """Apply ``move`` to a bare position: the new position and the points earned.

    This is :func:`apply` without score, history or counters; it raises the same
    :class:`~pycanfield.IllegalMoveError` for an illegal move.  ``rules`` (default:
    R1-R32 in the draw mode ``draw``) gives other rules, which carry their own draw
    mode: ``draw`` is then not used.  Arguments of the wrong type raise
    :class:`~pycanfield.WrongTypeError` and a draw mode other than 1 or 3
    :class:`~pycanfield.OptionError`; the cards of ``pos`` are not checked (see
    :func:`~pycanfield.validate`).
    """
    if not isinstance(pos, Position):
        raise wrong_type("play", "pos", "a Position", pos)
    if not isinstance(move, Move):
        raise wrong_type("play", "move", "a Move", move)
    if (draw != 3 and draw != 1) or type(draw) is not int:
        _check_draw("play", draw)
    if rules is not None and not isinstance(rules, Rules):
        raise wrong_type("play", "rules", "a Rules value or None", rules)
    return _play(pos, move, draw, rules)


def _check_draw(function: str, draw: object) -> None:
    if isinstance(draw, int) and not isinstance(draw, bool):
        raise OptionError(f"{function}() needs a draw mode of 1 or 3, not {draw!r}")
    raise wrong_type(function, "draw", "1 or 3", draw, OptionTypeError)


def _play(pos: Position, move: Move, draw: int, rules: Rules | None) -> tuple[Position, int]:
    """:func:`play` without checks."""
    if rules is not None:
        if not rules.is_standard:
            return variant_play(pos, move, rules)
        draw = rules.draw
    kind = move.kind
    stock, waste, reserve = pos.stock, pos.waste, pos.reserve
    foundations, columns = pos.foundations, pos.columns

    if kind is MoveKind.DRAW:
        if not stock:
            why = "the stock is empty; recycle the waste" if waste else "the stock is empty"
            raise _refuse(move, why, "R19")
        n = draw if draw < len(stock) else len(stock)
        turned = stock[-n:]
        return make_position(stock[:-n], waste + turned[::-1], reserve, foundations, columns, n), 0

    if kind is MoveKind.RECYCLE:
        if stock:
            raise _refuse(move, "the waste is turned over only when the stock is empty", "R19")
        if not waste:
            raise _refuse(move, "the stock and the waste are both empty", "R19")
        return make_position(waste[::-1], (), reserve, foundations, columns, 0), 0

    if kind is MoveKind.RESERVE_TO_FOUNDATION or kind is MoveKind.RESERVE_TO_COLUMN:
        if not reserve:
            raise _refuse(move, "the reserve is empty", "R4")
        card = reserve[-1]
        if kind is MoveKind.RESERVE_TO_FOUNDATION:
            return make_position(
                stock, waste, reserve[:-1], _to_foundation(card, move, pos), columns, pos.fan
            ), POINTS
        target = move.target
        assert target is not None
        cols = list(_place(card, move, pos, target))
        cols[target] = cols[target] + (card,)
        return make_position(stock, waste, reserve[:-1], foundations, tuple(cols), pos.fan), 0

    if kind is MoveKind.WASTE_TO_FOUNDATION or kind is MoveKind.WASTE_TO_COLUMN:
        if not waste:
            raise _refuse(move, "the waste is empty", "R20")
        card = waste[-1]
        fan = pos.fan - 1 if pos.fan > 0 else 0
        if kind is MoveKind.WASTE_TO_FOUNDATION:
            return make_position(
                stock, waste[:-1], reserve, _to_foundation(card, move, pos), columns, fan
            ), POINTS
        target = move.target
        assert target is not None
        cols = list(_place(card, move, pos, target))
        cols[target] = cols[target] + (card,)
        return make_position(stock, waste[:-1], reserve, foundations, tuple(cols), fan), 0

    if kind is MoveKind.COLUMN_TO_FOUNDATION or kind is MoveKind.COLUMN_TO_COLUMN:
        source = move.source
        assert source is not None
        if not 0 <= source < len(columns):
            raise _refuse(move, f"there is no {_column_name(source)}", "R2")
        col = columns[source]
        if not col:
            raise _refuse(move, f"{_column_name(source)} is empty", "R14")
        if kind is MoveKind.COLUMN_TO_FOUNDATION:
            card = col[-1]
            new_foundations = _to_foundation(card, move, pos)
            cols = list(columns)
            cols[source] = col[:-1]
            new_reserve = _refill(cols, reserve, source)
            return make_position(
                stock, waste, new_reserve, new_foundations, tuple(cols), pos.fan
            ), POINTS
        count = move.count
        target = move.target
        assert target is not None
        if count > len(col) or count > run_length(col):
            raise _refuse(
                move,
                f"the top {count} cards of {_column_name(source)} are not a run "
                "of alternating colours going down one rank at a time",
                "R14",
            )
        card = col[-count]
        if target < len(columns) and not columns[target] and count == len(col):
            raise _refuse(move, "moving a whole column onto an empty column changes nothing", "R14")
        cols = list(_place(card, move, pos, target))
        cols[target] = cols[target] + col[-count:]
        cols[source] = col[:-count]
        new_reserve = _refill(cols, reserve, source)
        return make_position(stock, waste, new_reserve, foundations, tuple(cols), pos.fan), 0

    if kind is MoveKind.CHOOSE_BASE:
        raise _refuse(move, "the base card is dealt (R2), not chosen, under these rules", "R2")

    # FOUNDATION_TO_COLUMN (R22)
    suit = move.suit
    assert suit is not None
    i = next(k for k, f in enumerate(foundations) if f.suit is suit)
    f = foundations[i]
    top = f.top
    if top is None:
        raise _refuse(move, f"the {suit.name.lower()} foundation is empty", "R22")
    target = move.target
    assert target is not None
    cols = list(_place(top, move, pos, target))
    cols[target] = cols[target] + (top,)
    new_foundations = (*foundations[:i], f.pop(), *foundations[i + 1 :])
    return make_position(stock, waste, reserve, new_foundations, tuple(cols), pos.fan), 0


def apply(state: GameState, move: Move) -> GameState:
    """The state after ``move``; ``state`` itself is unchanged.

    The reserve refills an emptied column as part of the move (R16) and a card placed on
    a foundation scores 5 points (R30).  An illegal move raises
    :class:`~pycanfield.IllegalMoveError` naming the rule that refuses it.  Under other
    rules (``state.rules``) the move follows them, the refill (R16) and the finish
    (``autocomplete``) included.

    >>> from pycanfield import Move, deal
    >>> state = apply(deal("CF1-D3-AAAAACL"), Move.parse("R>2"))
    >>> [str(c) for c in state.columns[1]], state.score
    (['KH', 'QC'], 0)
    """
    if not isinstance(state, GameState):
        raise wrong_type("apply", "state", "a GameState", state)
    if not isinstance(move, Move):
        raise wrong_type("apply", "move", "a Move", move)
    rules = state.rules
    if rules.is_standard:
        pos, points = _play(state.position, move, state.draw, None)
    else:
        pos, points = variant_play(state.position, move, rules)
    # The history keeps the last rules.undo steps (HISTORY_LIMIT under R27), or all of
    # them when undo is unlimited, or none when undo is off.
    history = state.history
    limit = rules.undo
    if limit is not None and len(history) >= limit:
        history = history[len(history) - limit + 1 :] if limit else ()
    step = (make_step(move, state.position, state.score),) if limit != 0 else ()
    return make_state(
        pos,
        state.draw,
        state.score + points,
        state.actions + 1,
        state.code,
        (*history, *step),
        rules,
    )


def undo(state: GameState) -> GameState:
    """The state before the last action, its points taken back (R27).

    Raises :class:`~pycanfield.UndoError` at the start of a game, or once the last
    100 actions have been undone.  Other rules set the limit (``rules.undo``) and may
    count an undo as an action (``rules.undo_counts``).
    """
    if not isinstance(state, GameState):
        raise wrong_type("undo", "state", "a GameState", state)
    rules = state.rules
    if not rules.is_standard:
        return _undo_variant(state, rules)
    if not state.history:
        if state.actions:
            raise UndoError(
                f"only the last {HISTORY_LIMIT} actions can be undone, and they have been (R27)"
            )
        raise UndoError("nothing to undo: no action has been taken yet (R27)")
    last = state.history[-1]
    return make_state(
        last.before,
        state.draw,
        last.score,
        state.actions - 1,
        state.code,
        state.history[:-1],
        rules,
    )


def _undo_variant(state: GameState, rules: Rules) -> GameState:
    if not state.history:
        if rules.undo == 0:
            raise UndoError("these rules allow no undo")
        if rules.undo is None:
            raise UndoError("nothing to undo: no action is left to take back")
        raise UndoError(f"nothing to undo: at most the last {rules.undo} actions can be undone")
    last = state.history[-1]
    actions = state.actions + 1 if rules.undo_counts else state.actions - 1
    return make_state(
        last.before, state.draw, last.score, actions, state.code, state.history[:-1], rules
    )


def score(state: GameState) -> int:
    """The score: 5 points per card placed on a foundation, never below 0 (R30, R31).

    Under casino scoring (``Rules(scoring="casino")``) it starts at -52 plus 5 for each
    card already on a foundation.
    """
    if not isinstance(state, GameState):
        raise wrong_type("score", "state", "a GameState", state)
    return state.score


def is_won(state: GameState) -> bool:
    """True when all four foundations hold 13 cards (R23)."""
    if not isinstance(state, GameState):
        raise wrong_type("is_won", "state", "a GameState", state)
    return all(f.size == 13 for f in state.position.foundations)


def _locate(pos: Position, card: Card) -> tuple[str, int, int]:
    """Where ``card`` lies: (pile name, pile index, index in pile)."""
    for name, pile in (("stock", pos.stock), ("waste", pos.waste), ("reserve", pos.reserve)):
        if card in pile:
            return name, 0, pile.index(card)
    for i, col in enumerate(pos.columns):
        if card in col:
            return "column", i, col.index(card)
    for i, f in enumerate(pos.foundations):
        if card in f.cards:
            return "foundation", i, f.cards.index(card)
    raise TapError(f"{card.unicode} is not on the table")  # pragma: no cover


def _best_column(pos: Position, card: Card, count: int, own: int | None) -> int | None:
    """R25's target for a card or run: the longest accepting column, leftmost on ties,
    else the leftmost empty column."""
    best: int | None = None
    onto = ONTO[card]
    for i, col in enumerate(pos.columns):
        if i == own or not col or col[-1] not in onto:
            continue
        if best is None or len(col) > len(pos.columns[best]):
            best = i
    if best is not None:
        return best
    if pos.reserve:
        return None
    whole = own is not None and count == len(pos.columns[own])
    for i, col in enumerate(pos.columns):
        if not col and i != own and not whole:
            return i
    return None


def tap(state: GameState, where: Card | str, *, double_click: bool = True) -> Move | None:
    """The move that a tap on a card, or on the stock, makes (R25); ``None`` if none.

    ``where`` is a :class:`~pycanfield.Card`, a card string such as ``"QC"``, or
    ``"stock"``.  A playable card goes to its foundation if it can; otherwise, with
    ``double_click`` on, to the longest column that takes it (leftmost on ties), else
    to an empty column.  A column card below the top moves the run it starts, to a
    column only.  A tap on the stock draws or recycles.  Foundation cards move only by
    an explicit move, so tapping one gives ``None``.  Tapping a face-down card raises
    :class:`~pycanfield.TapError`.  Under other rules the same choices are made among
    the moves they allow; before the base card is chosen, a tap on a dealt card
    chooses it.

    >>> from pycanfield import deal
    >>> tap(deal("CF1-D3-AAAAACL"), "QC")
    Move.parse('R>2')
    """
    if not isinstance(state, GameState):
        raise wrong_type("tap", "state", "a GameState", state)
    if not isinstance(where, (Card, str)):
        raise wrong_type("tap", "where", "a Card, a card string or 'stock'", where)
    if not isinstance(double_click, bool):
        raise wrong_type("tap", "double_click", "True or False", double_click)
    pos = state.position
    if not state.rules.is_standard:
        return variant_tap(pos, state.rules, where, double_click=double_click)
    if isinstance(where, str) and where.strip().lower() == "stock":
        if pos.stock:
            return DRAW
        return RECYCLE if pos.waste else None
    card = where if isinstance(where, Card) else Card.parse(where)
    pile, index, depth = _locate(pos, card)
    if pile == "stock":
        raise TapError(f"{card.unicode} is face down in the stock; tap the stock to draw")
    if pile == "reserve" and depth != len(pos.reserve) - 1:
        raise TapError(f"{card.unicode} is under the reserve's top card and cannot be seen")
    if pile == "foundation":
        return None
    if pile == "waste" and depth != len(pos.waste) - 1:
        return None
    if pile == "column":
        col = pos.columns[index]
        count = len(col) - depth
        if count > run_length(col):
            return None
        if count == 1 and card in {f.next for f in pos.foundations}:
            return _CF[index] if index < 4 else Move.column_to_foundation(index)
        if not double_click:
            return None
        target = _best_column(pos, card, count, index)
        if target is None:
            return None
        return _intern(MoveKind.COLUMN_TO_COLUMN, index, target, None, count)
    to_foundation = _RF if pile == "reserve" else _WF
    if card in {f.next for f in pos.foundations}:
        return to_foundation
    if not double_click:
        return None
    target = _best_column(pos, card, 1, None)
    if target is None:
        return None
    if pile == "reserve":
        return _RC[target] if target < 4 else Move.reserve_to_column(target)
    return _WC[target] if target < 4 else Move.waste_to_column(target)

"""The rules of the game under any :class:`~pycanfield.Rules`: moves, play, deal and tap.

:mod:`pycanfield._rules` keeps its own fast code for the standard rules (R1-R32) and
hands every other set of rules to this module.  Refusals name the rule as for the
standard game (``"R12"``) where the standard rule applies, and the option otherwise
(``"runs"``, ``"takebacks"``, ``"fill"``, ``"redeals"``, ``"build"``, ``"base"``).
"""

from __future__ import annotations

from ._cards import ACCEPTS, BY_RANK, ONTO, PACK, Card, Rank, Suit
from ._errors import IllegalMoveError, TapError
from ._moves import DRAW, RECYCLE, Move, MoveKind, _intern
from ._position import (
    Foundation,
    Pile,
    Position,
    VariantPosition,
    foundation_suits,
    make_variant_position,
)
from ._variants import Rules

__all__ = ["deal_position", "initial_score", "variant_moves", "variant_play", "variant_tap"]

POINTS = 5
CASINO_PRICE = 52


def _onto_table(build: str) -> dict[Card, frozenset[Card]]:
    if build == "alternate":
        return ONTO
    same_suit = build == "suit"
    return {
        card: frozenset(
            o for o in BY_RANK[card.rank.next_up()] if not same_suit or o.suit is card.suit
        )
        for card in PACK
    }


def _accepts_table(onto: dict[Card, frozenset[Card]]) -> dict[Card, frozenset[Card]]:
    # A card may take the cards one rank below it that may go onto it.
    return {
        card: frozenset(o for o in BY_RANK[card.rank.next_down()] if card in onto[o])
        for card in PACK
    }


_ONTO: dict[str, dict[Card, frozenset[Card]]] = {b: _onto_table(b) for b in ("alternate", "suit")}
_ONTO["any"] = _onto_table("any")
_ACCEPTS: dict[str, dict[Card, frozenset[Card]]] = {"alternate": ACCEPTS}
for _b in ("suit", "any"):
    _ACCEPTS[_b] = _accepts_table(_ONTO[_b])

_WHY_BUILD = {
    "alternate": "a column alternates red and black, down one rank at a time",
    "suit": "a column builds down in suit, one rank at a time",
    "any": "a column builds down one rank at a time",
}
_RULE_BUILD = {"alternate": "R12", "suit": "build", "any": "build"}


def _run_length(column: Pile, onto: dict[Card, frozenset[Card]]) -> int:
    i = len(column) - 1
    if i < 0:
        return 0
    while i > 0 and column[i - 1] in onto[column[i]]:
        i -= 1
    return len(column) - i


def _counts(column: Pile, rules: Rules) -> list[int]:
    """The run sizes that may leave ``column`` under ``rules.runs``, smallest first."""
    if not column:
        return []
    runs = rules.runs
    if runs == "top":
        return [1]
    length = _run_length(column, _ONTO[rules.build])
    if runs == "any":
        return list(range(1, length + 1))
    n = len(column)
    return [1, n] if n > 1 and length == n else [1]


def _open_to(rules: Rules, pos: Position, source: str) -> bool:
    """Whether an empty column accepts a card from ``source`` (reserve, waste, column,
    foundation) under the fill option."""
    fill = rules.fill
    if fill == "auto":
        return not pos.reserve
    if fill == "auto-waste":
        return not pos.reserve and source == "waste"
    if fill == "player":
        return True
    if fill == "player-reserve-waste":
        return source in ("reserve", "waste")
    return False


def variant_moves(pos: Position, rules: Rules) -> list[Move]:
    """Every legal move in ``pos`` under ``rules``, in the order of the standard game."""
    if pos.pending:
        return [_intern(MoveKind.CHOOSE_BASE, i) for i in range(len(pos.pending))]
    moves: list[Move] = []
    append = moves.append
    reserve, waste, columns = pos.reserve, pos.waste, pos.columns
    wanted = {f.next for f in pos.foundations}
    wanted.discard(None)
    rtop = reserve[-1] if reserve else None
    wtop = waste[-1] if waste else None
    if rtop in wanted:
        append(_intern(MoveKind.RESERVE_TO_FOUNDATION))
    if wtop in wanted:
        append(_intern(MoveKind.WASTE_TO_FOUNDATION))
    for i, col in enumerate(columns):
        if col and col[-1] in wanted:
            append(_intern(MoveKind.COLUMN_TO_FOUNDATION, i))

    accepts = _ACCEPTS[rules.build]
    fits: dict[Card, list[int]] = {}
    empties: list[int] = []
    for i, col in enumerate(columns):
        if col:
            for card in accepts[col[-1]]:
                fits.setdefault(card, []).append(i)
        else:
            empties.append(i)

    def targets(card: Card, source: str) -> list[int]:
        found = fits.get(card, [])
        if empties and _open_to(rules, pos, source):
            return sorted(found + empties)
        return found

    if rtop is not None:
        for i in targets(rtop, "reserve"):
            append(_intern(MoveKind.RESERVE_TO_COLUMN, None, i))
    if wtop is not None:
        for i in targets(wtop, "waste"):
            append(_intern(MoveKind.WASTE_TO_COLUMN, None, i))
    for s, col in enumerate(columns):
        n = len(col)
        for count in _counts(col, rules):
            for t in targets(col[n - count], "column"):
                if t == s or (count == n and not columns[t]):
                    continue  # a whole column onto an empty one changes nothing (R14)
                append(_intern(MoveKind.COLUMN_TO_COLUMN, s, t, None, count))
    if rules.takebacks:
        for f in pos.foundations:
            if f.top is not None:
                for i in targets(f.top, "foundation"):
                    append(_intern(MoveKind.FOUNDATION_TO_COLUMN, None, i, f.suit))
    if pos.stock:
        append(DRAW)
    elif waste and (rules.redeals is None or pos.passes < rules.redeals):
        append(RECYCLE)
    return moves


def _refuse(move: Move, message: str, rule: str) -> IllegalMoveError:
    return IllegalMoveError(move, message, rule=rule)


def _place(card: Card, move: Move, pos: Position, target: int, rules: Rules, source: str) -> None:
    """Raise unless ``card`` (the lowest card of what moves) may go on column ``target``."""
    columns = pos.columns
    if not 0 <= target < len(columns):
        raise _refuse(move, f"there is no column {target + 1}", "columns")
    col = columns[target]
    if col:
        top = col[-1]
        if top not in _ONTO[rules.build][card]:
            why = _WHY_BUILD[rules.build]
            raise _refuse(
                move, f"{card.unicode} cannot go on {top.unicode}: {why}", _RULE_BUILD[rules.build]
            )
        return
    if _open_to(rules, pos, source):
        return
    fill = rules.fill
    if fill in ("auto", "auto-waste") and pos.reserve:
        raise _refuse(move, f"column {target + 1} is empty but the reserve fills it first", "R16")
    if fill == "auto-waste":
        why = "once the reserve is empty, only the waste's top card may fill an empty column"
    elif fill == "player-reserve-waste":
        why = "only the reserve's or the waste's top card may fill an empty column"
    else:
        why = "an empty column stays empty under these rules"
    raise _refuse(move, why, "fill")


def _to_foundation(card: Card, move: Move, pos: Position) -> tuple[Foundation, ...]:
    """The foundations after ``card`` goes up (R9); a full foundation takes nothing (R10)."""
    foundations = pos.foundations
    for i, f in enumerate(foundations):
        if f.suit is card.suit:
            if f.next is not card:
                name = f.suit.name.lower()
                if f.next is None:
                    why, rule = f"the {name} foundation is full", "R10"
                else:
                    why, rule = f"the {name} foundation takes {f.next.unicode} next", "R9"
                raise _refuse(move, f"{card.unicode} cannot go up: {why}", rule)
            return (*foundations[:i], f.push(), *foundations[i + 1 :])
    raise AssertionError("every suit has a foundation")  # pragma: no cover


def _settle(
    pos: Position, cols: list[Pile], reserve: Pile, emptied: int | None, rules: Rules
) -> Pile:
    """The reserve after refilling an emptied column when the fill option says so (R16)."""
    if (
        emptied is not None
        and reserve
        and not cols[emptied]
        and rules.fill in ("auto", "auto-waste")
    ):
        cols[emptied] = (reserve[-1],)
        return reserve[:-1]
    return reserve


def _finish(pos: Position, rules: Rules) -> tuple[Position, int]:
    """Play the remaining cards to the foundations when ``autocomplete`` is on and the
    stock, the waste and the reserve are empty."""
    if not rules.autocomplete or pos.stock or pos.waste or pos.reserve or pos.pending:
        return pos, 0
    points = 0
    foundations = list(pos.foundations)
    cols = list(pos.columns)
    moved = True
    while moved:
        moved = False
        for i, col in enumerate(cols):
            if not col:
                continue
            card = col[-1]
            for k, f in enumerate(foundations):
                if f.next is card:
                    foundations[k] = f.push()
                    cols[i] = col[:-1]
                    points += POINTS
                    moved = True
                    break
    if not points:
        return pos, 0
    return make_variant_position(
        pos.stock, pos.waste, pos.reserve, tuple(foundations), tuple(cols), pos.fan, pos.passes
    ), points


def variant_play(pos: Position, move: Move, rules: Rules) -> tuple[Position, int]:
    """Apply ``move`` under ``rules``: the new position and the points earned."""
    after, points = _play(pos, move, rules)
    # A take-back would go straight back up: the finish waits for the next move.
    if move.kind in (MoveKind.DRAW, MoveKind.RECYCLE, MoveKind.FOUNDATION_TO_COLUMN):
        return after, points
    done, more = _finish(after, rules)
    return done, points + more


def _play(pos: Position, move: Move, rules: Rules) -> tuple[Position, int]:
    kind = move.kind
    stock, waste, reserve = pos.stock, pos.waste, pos.reserve
    foundations, columns, passes = pos.foundations, pos.columns, pos.passes

    if pos.pending:
        if kind is not MoveKind.CHOOSE_BASE:
            raise _refuse(move, "choose the base card first (base 1 to base 5)", "base")
        return _choose_base(pos, move, rules)
    if kind is MoveKind.CHOOSE_BASE:
        raise _refuse(move, "the base card is already chosen", "base")

    if kind is MoveKind.DRAW:
        if not stock:
            why = "the stock is empty; recycle the waste" if waste else "the stock is empty"
            raise _refuse(move, why, "R19")
        n = min(rules.draw, len(stock))
        turned = stock[-n:]
        return make_variant_position(
            stock[:-n], waste + turned[::-1], reserve, foundations, columns, n, passes
        ), 0

    if kind is MoveKind.RECYCLE:
        if stock:
            raise _refuse(move, "the waste is turned over only when the stock is empty", "R19")
        if not waste:
            raise _refuse(move, "the stock and the waste are both empty", "R19")
        if rules.redeals is not None:
            if passes >= rules.redeals:
                allowed = "no redeal" if rules.redeals == 0 else f"only {rules.redeals} redeal(s)"
                raise _refuse(move, f"these rules allow {allowed}", "redeals")
            passes += 1
        return make_variant_position(waste[::-1], (), reserve, foundations, columns, 0, passes), 0

    if kind is MoveKind.RESERVE_TO_FOUNDATION or kind is MoveKind.RESERVE_TO_COLUMN:
        if not reserve:
            raise _refuse(move, "the reserve is empty", "R4")
        card = reserve[-1]
        if kind is MoveKind.RESERVE_TO_FOUNDATION:
            return make_variant_position(
                stock,
                waste,
                reserve[:-1],
                _to_foundation(card, move, pos),
                columns,
                pos.fan,
                passes,
            ), POINTS
        target = move.target
        assert target is not None
        _place(card, move, pos, target, rules, "reserve")
        cols = list(columns)
        cols[target] = cols[target] + (card,)
        return make_variant_position(
            stock, waste, reserve[:-1], foundations, tuple(cols), pos.fan, passes
        ), 0

    if kind is MoveKind.WASTE_TO_FOUNDATION or kind is MoveKind.WASTE_TO_COLUMN:
        if not waste:
            raise _refuse(move, "the waste is empty", "R20")
        card = waste[-1]
        fan = pos.fan - 1 if pos.fan > 0 else 0
        if kind is MoveKind.WASTE_TO_FOUNDATION:
            return make_variant_position(
                stock, waste[:-1], reserve, _to_foundation(card, move, pos), columns, fan, passes
            ), POINTS
        target = move.target
        assert target is not None
        _place(card, move, pos, target, rules, "waste")
        cols = list(columns)
        cols[target] = cols[target] + (card,)
        return make_variant_position(
            stock, waste[:-1], reserve, foundations, tuple(cols), fan, passes
        ), 0

    if kind is MoveKind.COLUMN_TO_FOUNDATION or kind is MoveKind.COLUMN_TO_COLUMN:
        source = move.source
        assert source is not None
        if not 0 <= source < len(columns):
            raise _refuse(move, f"there is no column {source + 1}", "columns")
        col = columns[source]
        if not col:
            raise _refuse(move, f"column {source + 1} is empty", "R14")
        if kind is MoveKind.COLUMN_TO_FOUNDATION:
            new_foundations = _to_foundation(col[-1], move, pos)
            cols = list(columns)
            cols[source] = col[:-1]
            new_reserve = _settle(pos, cols, reserve, source, rules)
            return make_variant_position(
                stock, waste, new_reserve, new_foundations, tuple(cols), pos.fan, passes
            ), POINTS
        count = move.count
        target = move.target
        assert target is not None
        if count not in _counts(col, rules):
            if count <= _run_length(col, _ONTO[rules.build]):
                what = (
                    "only the top card moves"
                    if rules.runs == "top"
                    else "only the top card or the whole column moves"
                )
                raise _refuse(move, f"{what} under these rules", "runs")
            raise _refuse(
                move,
                f"the top {count} cards of column {source + 1} are not a run: "
                + _WHY_BUILD[rules.build],
                "R14",
            )
        if target < len(columns) and not columns[target] and count == len(col):
            raise _refuse(move, "moving a whole column onto an empty column changes nothing", "R14")
        _place(col[-count], move, pos, target, rules, "column")
        cols = list(columns)
        cols[target] = cols[target] + col[-count:]
        cols[source] = col[:-count]
        new_reserve = _settle(pos, cols, reserve, source, rules)
        return make_variant_position(
            stock, waste, new_reserve, foundations, tuple(cols), pos.fan, passes
        ), 0

    # FOUNDATION_TO_COLUMN (R22)
    if not rules.takebacks:
        raise _refuse(
            move, "cards never come back off the foundations under these rules", "takebacks"
        )
    suit = move.suit
    assert suit is not None
    i = next(k for k, f in enumerate(foundations) if f.suit is suit)
    f = foundations[i]
    top = f.top
    if top is None:
        raise _refuse(move, f"the {suit.name.lower()} foundation is empty", "R22")
    target = move.target
    assert target is not None
    _place(top, move, pos, target, rules, "foundation")
    cols = list(columns)
    cols[target] = cols[target] + (top,)
    new_foundations = (*foundations[:i], f.pop(), *foundations[i + 1 :])
    return make_variant_position(
        stock, waste, reserve, new_foundations, tuple(cols), pos.fan, passes
    ), 0


def _choose_base(pos: Position, move: Move, rules: Rules) -> tuple[Position, int]:
    index = move.source
    assert index is not None
    if not 0 <= index < len(pos.pending):
        raise _refuse(
            move, f"there are {len(pos.pending)} cards to choose from, not {index + 1}", "base"
        )
    base = pos.pending[index]
    columns = tuple((c,) for k, c in enumerate(pos.pending) if k != index)
    foundations = tuple(
        Foundation(suit, base.rank, 1 if suit is base.suit else 0)
        for suit in foundation_suits(base.suit)
    )
    points = POINTS if rules.scoring == "casino" else 0
    return make_variant_position(
        pos.stock, pos.waste, pos.reserve, foundations, columns, pos.fan, pos.passes
    ), points


def deal_position(deck: tuple[Card, ...], rules: Rules) -> Position:
    """Lay out ``deck`` (dealing order) as ``rules`` say: the reserve, the base card(s),
    the columns, the stock.  With the standard layout this is R2 and R3 exactly."""
    size, ncols = rules.reserve, rules.columns
    fixed = rules.base_rank
    if fixed is not None:
        rest = tuple(c for c in deck if c.rank is not fixed)
        foundations = tuple(Foundation(s, fixed, 1) for s in foundation_suits(Suit.SPADES))
        return VariantPosition(
            stock=tuple(reversed(rest[size + ncols :])),
            waste=(),
            reserve=rest[:size],
            foundations=foundations,
            columns=tuple((c,) for c in rest[size : size + ncols]),
        )
    if rules.base == "choose":
        return VariantPosition(
            stock=tuple(reversed(deck[size + ncols + 1 :])),
            waste=(),
            reserve=deck[:size],
            foundations=tuple(Foundation(s, Rank.ACE, 0) for s in Suit),
            columns=(),
            pending=deck[size : size + ncols + 1],
        )
    base = deck[size]
    return VariantPosition(
        stock=tuple(reversed(deck[size + ncols + 1 :])),
        waste=(),
        reserve=deck[:size],
        foundations=tuple(
            Foundation(s, base.rank, 1 if s is base.suit else 0)
            for s in foundation_suits(base.suit)
        ),
        columns=tuple((c,) for c in deck[size + 1 : size + ncols + 1]),
    )


def initial_score(pos: Position, rules: Rules) -> int:
    """The score at the deal: 0 (R31), or under casino scoring -52 plus 5 for each card
    already on a foundation."""
    if rules.scoring == "casino":
        return -CASINO_PRICE + POINTS * sum(f.size for f in pos.foundations)
    return 0


def _best_column(
    pos: Position, card: Card, count: int, own: int | None, legal: set[int]
) -> int | None:
    best: int | None = None
    for i in sorted(legal):
        col = pos.columns[i]
        if col and (best is None or len(col) > len(pos.columns[best])):
            best = i
    if best is not None:
        return best
    empties = [i for i in sorted(legal) if not pos.columns[i]]
    return empties[0] if empties else None


def variant_tap(
    pos: Position, rules: Rules, where: Card | str, *, double_click: bool
) -> Move | None:
    """R25's tap under ``rules``: the same choices among the moves these rules allow."""
    if pos.pending:
        # Nothing else moves before the base card is chosen: a tap on a dealt card
        # chooses it, any other tap does nothing.
        if isinstance(where, str) and where.strip().lower() == "stock":
            return None
        chosen = where if isinstance(where, Card) else Card.parse(where)
        if chosen in pos.pending:
            return _intern(MoveKind.CHOOSE_BASE, pos.pending.index(chosen))
        return None
    if isinstance(where, str) and where.strip().lower() == "stock":
        if pos.stock:
            return DRAW
        legal = variant_moves(pos, rules)
        return RECYCLE if RECYCLE in legal else None
    card = where if isinstance(where, Card) else Card.parse(where)
    legal = variant_moves(pos, rules)
    if card in pos.stock:
        raise TapError(f"{card.unicode} is face down in the stock; tap the stock to draw")
    if card in pos.reserve:
        if card is not pos.reserve[-1]:
            if rules.reserve_open:
                return None
            raise TapError(f"{card.unicode} is under the reserve's top card and cannot be seen")
        to_f, kind = MoveKind.RESERVE_TO_FOUNDATION, MoveKind.RESERVE_TO_COLUMN
    elif card in pos.waste:
        if card is not pos.waste[-1]:
            return None
        to_f, kind = MoveKind.WASTE_TO_FOUNDATION, MoveKind.WASTE_TO_COLUMN
    else:
        for index, col in enumerate(pos.columns):
            if card in col:
                count = len(col) - col.index(card)
                if count == 1:
                    move = _intern(MoveKind.COLUMN_TO_FOUNDATION, index)
                    if move in legal:
                        return move
                if not double_click:
                    return None
                targets = {
                    m.target
                    for m in legal
                    if m.kind is MoveKind.COLUMN_TO_COLUMN
                    and m.source == index
                    and m.count == count
                    and m.target is not None
                }
                target = _best_column(pos, card, count, index, targets)
                if target is None:
                    return None
                return _intern(MoveKind.COLUMN_TO_COLUMN, index, target, None, count)
        return None  # on a foundation: foundation cards move only by an explicit move
    to_foundation = _intern(to_f)
    if to_foundation in legal:
        return to_foundation
    if not double_click:
        return None
    targets = {m.target for m in legal if m.kind is kind and m.target is not None}
    target = _best_column(pos, card, 1, None, targets)
    return None if target is None else _intern(kind, None, target)

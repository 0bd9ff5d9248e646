/* The native search's dead-end test (included once, by _native.c, after
 * _native_moves.h): the quick test of locked cards of pycanfield._solver_locks, one
 * column at a time (docs/solver.rst, "Locked cards"). */
#ifndef PYCANFIELD_NATIVE_LOCKS_H
#define PYCANFIELD_NATIVE_LOCKS_H

/* 0 when no card of the column ``col`` (``n`` cards, bottom first) is locked by a card
 * of its suit below it; else 2 when the cards up to the first such card cannot move as
 * one run, 1 when they can (Locks.column).  A card is locked so when a card of its
 * suit below it must go up first and every card it could go on is up or below it in
 * the column: it can then leave only for its foundation, after that lower card. */
static int column_locked(const Rules *r, const St *st, const uint8_t *col, int n) {
    int low[4] = {13, 13, 13, 13};
    int run = r->runs == RUNS_WHOLE; /* under "top" no column of two cards moves whole */
    uint64_t below = 0;
    for (int j = 0; j < n; j++) {
        int y = col[j], s = SUIT(y), h = r->height[y];
        if (run && j && !r->fits[col[j - 1]][y]) run = 0;
        if (low[s] < h) {
            int stuck = 1;
            for (const uint8_t *z = r->onto[y]; *z != NONE; z++)
                if (st->fnd[SUIT(*z)] <= r->height[*z] && !(below >> *z & 1)) {
                    stuck = 0;
                    break;
                }
            if (stuck) return run ? 1 : 2;
        }
        if (h < low[s]) low[s] = h;
        below |= (uint64_t)1 << y;
    }
    return 0;
}

/* Whether ``st`` is lost by the quick test (Locks._columns): under LOCK_ALONE (no
 * column card ever enters an empty column) one column with a locked card is enough;
 * under LOCK_ALL every column needs one that its cards above cannot carry away whole,
 * for then no column ever empties and no card enters one. */
static int locked(const Rules *r, const St *st) {
    if (r->lock == LOCK_NONE) return 0;
    int at = 0, all = 1;
    for (int i = 0; i < r->ncols; i++) {
        int got = column_locked(r, st, st->cards + at, st->len[i]);
        at += st->len[i];
        if (got && r->lock == LOCK_ALONE) return 1;
        if (got != 2) all = 0;
    }
    return all;
}

#endif /* PYCANFIELD_NATIVE_LOCKS_H */

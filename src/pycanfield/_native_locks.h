/* The native search's dead-end tests (included once, by _native.c, after
 * _native_moves.h): the tests of locked cards of pycanfield._solver_locks (the quick
 * test of one column at a time, then the largest locked set) and of
 * pycanfield._solver_room (the locked cards behind a full reserve); docs/solver.rst,
 * "Locked cards" and "Locked cards behind a full reserve". */
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

/* 1 when the quick test (Locks._columns) finds ``st`` lost: under LOCK_ALONE (no
 * column card ever enters an empty column) one column with a locked card is enough;
 * under LOCK_ALL every column needs one that its cards above cannot carry away whole,
 * for then no column ever empties and no card enters one. */
static int quick_locked(const Rules *r, const St *st) {
    int at = 0, all = 1;
    for (int i = 0; i < r->ncols; i++) {
        int got = column_locked(r, st, st->cards + at, st->len[i]);
        at += st->len[i];
        if (got && r->lock == LOCK_ALONE) return 1;
        if (got != 2) all = 0;
    }
    return all;
}

#define BIT(c) ((uint64_t)1 << (c))

/* The cards that a locked set must hold (Locks._bottoms): the columns' bottom cards,
 * as bits in ``*watch``; 0 when a quick look shows that one of them may leave. */
static int bottoms(const Rules *r, const St *st, uint64_t *watch) {
    uint64_t tops = 0, wanted = 0;
    int at = 0;
    for (int i = 0; i < r->ncols; i++) {
        at += st->len[i];
        if (st->len[i]) tops |= BIT(st->cards[at - 1]);
    }
    for (int s = 0; s < 4; s++)
        if (st->fnd[s] < 13) wanted |= BIT(r->nxt[s][st->fnd[s]]);
    *watch = 0;
    at = 0;
    for (int i = 0; i < r->ncols; i++) {
        const uint8_t *col = st->cards + at;
        int n = st->len[i];
        at += n;
        if (!n) return 0;
        int b = col[0];
        if (n == 1 && wanted & BIT(b)) return 0;
        int moves = n == 1 || (r->runs == RUNS_WHOLE && r->fits[b][col[1]]);
        if (moves && tops & r->onto_bits[b]) return 0;
        /* The highest card of the set in the column is on top of the set's part: it
         * must wait for a card of its suit and have no column top to go on. */
        int j = 0;
        while (j < n && (wanted & BIT(col[j]) || tops & r->onto_bits[col[j]])) j++;
        if (j == n) return 0;
        *watch |= BIT(b);
    }
    return 1;
}

/* A set of cards being emptied to the largest locked set: ``locked`` (by card), the
 * lowest height of each suit in it (13 if none), ``up`` (the cards that may go up: no
 * card of their suit below them is in the set) and ``room`` (the cards that some card
 * out of the set or on top of a column takes: they have a landing place). */
typedef struct {
    uint8_t locked[52];
    int low[4];
    uint64_t up, room;
} Fix;

static void fix_init(const Rules *r, const St *st, Fix *f) {
    for (int c = 0; c < 52; c++) f->locked[c] = st->fnd[SUIT(c)] <= r->height[c];
    f->up = 0;
    for (int s = 0; s < 4; s++) {
        f->low[s] = st->fnd[s];
        f->up |= r->ups[s][f->low[s]];
    }
    f->room = 0;
}

/* Takes ``c`` out of the set (Locks._free, with ``up`` kept); its landing place is the
 * caller's to add. */
static void fix_free(const Rules *r, Fix *f, int c) {
    int s = SUIT(c);
    f->locked[c] = 0;
    if (f->low[s] == r->height[c]) {
        int z = r->height[c] + 1;
        while (z < 13 && !f->locked[r->nxt[s][z]]) z++;
        f->low[s] = z;
        f->up |= r->ups[s][z];
    }
}

/* Whether ``c`` has a way out: a landing place, or nothing of its suit below it left in
 * the set. */
static int fix_out(const Rules *r, const Fix *f, int c) {
    return (f->room & BIT(c)) || f->low[SUIT(c)] >= r->height[c];
}

/* The piles whose cards leave from the top only, bottom first (the columns, then the
 * others), and the loose cards. */
typedef struct {
    const uint8_t *cards[MAXC + 2];
    int len[MAXC + 2], high[MAXC + 2];
    int n, ncols;
    uint64_t loose;
} Piles;

/* The columns of ``st``; the reserve if ``reserve``; once no recycle is left the waste
 * is a pile too (and the stock loose), else the whole talon is loose. */
static void piles(const Rules *r, const St *st, int reserve, Piles *p) {
    int at = 0, n = 0;
    for (int i = 0; i < r->ncols; i++) {
        p->cards[n] = st->cards + at;
        p->len[n++] = st->len[i];
        at += st->len[i];
    }
    p->ncols = n;
    if (reserve) {
        p->cards[n] = r->reserve;
        p->len[n++] = st->rlen;
    }
    int from = 0;
    if (r->redeals >= 0 && st->passes >= r->redeals) {
        p->cards[n] = st->talon;
        p->len[n++] = st->p;
        from = st->p;
    }
    p->n = n;
    for (int k = 0; k < n; k++) p->high[k] = p->len[k] - 1;
    p->loose = 0;
    for (int i = from; i < st->tlen; i++) p->loose |= BIT(st->talon[i]);
}

/* The largest locked set, as Locks.holds finds it (``behind`` 0), or as
 * pycanfield._solver_room's reserve_holds does (``behind`` 1).  The set starts with
 * every card not up, and a card leaves it once it has a way out that no card of the set
 * blocks, until none has; only the highest card of the set in each pile can have a way
 * out, but for a column's bottom card moving whole.
 *
 * Without ``behind``, the reserve is a pile: returns 1 when the set holds every card of
 * ``watch``, 0 as soon as one leaves it.  With ``behind`` (under the fills that refill
 * an empty column from the reserve; every column must hold a card), no card but a
 * refill enters an empty column, and a card of the reserve leaves it only from its top:
 * returns 1 when the set holds more reserve cards than there are columns whose bottom
 * card is out of it, for then the reserve never empties. */
static int fixpoint(const Rules *r, const St *st, uint64_t watch, int behind) {
    Fix f;
    Piles p;
    fix_init(r, st, &f);
    piles(r, st, !behind, &p);
    for (int k = 0; k < p.ncols; k++)
        if (p.len[k] && f.locked[p.cards[k][p.len[k] - 1]])
            f.room |= r->takes[p.cards[k][p.len[k] - 1]];
    uint64_t pending = p.loose;
    /* ``kept``: the reserve's cards in the set; ``opened``: the columns whose bottom
     * card is out of the set, each of which may take one card of the set from the
     * reserve (counted only with ``behind``). */
    int kept = st->rlen, opened = 0, changed = 1;
    while (changed) {
        changed = 0;
        for (int k = 0; k < p.n; k++) {
            const uint8_t *pile = p.cards[k];
            int h = p.high[k];
            while (h >= 0) {
                int c = pile[h];
                if (!fix_out(r, &f, c)) break;
                if (watch & BIT(c)) return 0;
                fix_free(r, &f, c);
                f.room |= r->takes[c];
                changed = 1;
                if (h == 0 && k < p.ncols) opened++;
                /* Uncover the cards down to the next card of the set, that one too
                 * (a card in a pile is never up). */
                h--;
                while (h >= 0 && !f.locked[pile[h]]) f.room |= r->takes[pile[h--]];
                if (h >= 0 && k < p.ncols) f.room |= r->takes[pile[h]];
            }
            p.high[k] = h;
            /* Under whole runs the bottom card leaves under the rest of its column
             * when the card on it fits; it stays covered, no landing place. */
            if (h > 0 && k < p.ncols && r->runs == RUNS_WHOLE) {
                int b = pile[0];
                if (f.locked[b] && f.room & BIT(b) && r->fits[b][pile[1]]) {
                    if (watch & BIT(b)) return 0;
                    fix_free(r, &f, b);
                    opened++;
                    changed = 1;
                }
            }
        }
        if (behind) {
            if (kept < opened) return 0;
            /* A card of the set in the reserve comes to its top once the cards of the
             * set above it are refilled into columns (``opened`` at most): only then
             * may it leave, and the first ``opened`` of them may be column cards,
             * landing places. */
            int seen = 0;
            for (int i = st->rlen - 1; i >= 0; i--) {
                int c = r->reserve[i];
                if (!f.locked[c]) continue;
                if (seen > opened) break;
                if (fix_out(r, &f, c)) {
                    fix_free(r, &f, c);
                    f.room |= r->takes[c];
                    kept--;
                    changed = 1;
                    continue;
                }
                if (seen < opened && (f.room | r->takes[c]) != f.room) {
                    f.room |= r->takes[c];
                    changed = 1;
                }
                seen++;
            }
            if (kept < opened) return 0;
        }
        uint64_t free_ = pending & (f.room | f.up);
        while (free_) {
            /* The loose cards that may leave, one at a time (each may free more). */
            int c = __builtin_ctzll(free_);
            pending &= ~BIT(c);
            if (watch & BIT(c)) return 0;
            fix_free(r, &f, c);
            f.room |= r->takes[c];
            changed = 1;
            free_ = pending & (f.room | f.up);
        }
    }
    return !behind || kept >= opened;
}

/* Whether ``st`` is lost by locked cards (Locks.dead): the quick test, then, where the
 * rules' ``deep`` bits ask for them, the largest locked set holding the columns'
 * bottom cards, and the locked cards behind a full reserve. */
static int locked(const Rules *r, const St *st) {
    if (r->lock == LOCK_NONE) return 0;
    if (quick_locked(r, st)) return 1;
    if (!(r->deep & LOCK_FIX) || (st->tlen && r->redeals < 0 && !(r->deep & LOCK_ENDLESS)))
        return 0;
    uint64_t watch;
    if (bottoms(r, st, &watch) && fixpoint(r, st, watch, 0)) return 1;
    if (!(r->deep & LOCK_BEHIND) || !st->rlen) return 0;
    for (int i = 0; i < r->ncols; i++)
        if (!st->len[i]) return 0;
    return fixpoint(r, st, 0, 1);
}

#endif /* PYCANFIELD_NATIVE_LOCKS_H */

/* The native search's positions and moves (included once, by _native.c): the rules
 * and a state read from Python and written back, and the successors of a state in the
 * order of pycanfield._solver_rules.RulesEngine.ordered. */
#ifndef PYCANFIELD_NATIVE_MOVES_H
#define PYCANFIELD_NATIVE_MOVES_H

#define MAXC 8
#define NONE 255
/* The most keys one test of frozen foundations may look at (_native_frozen.h). */
#define FROZEN_MOST 64

enum { RF, RC, TF, TC, CF, CC, FC };
enum { RUNS_ANY, RUNS_WHOLE, RUNS_TOP };
/* Which quick test of locked cards ends a branch (see _native_locks.h). */
enum { LOCK_NONE, LOCK_ALL, LOCK_ALONE };
/* Which further tests follow it, as bits: the largest locked set (LOCK_FIX), also while
 * the talon is recycled without end (LOCK_ENDLESS), and the locked cards behind a full
 * reserve (LOCK_BEHIND). */
enum { LOCK_FIX = 1, LOCK_ENDLESS = 2, LOCK_BEHIND = 4 };

typedef struct {
    uint8_t cards[52]; /* the columns, one after another */
    uint8_t len[MAXC];
    uint8_t talon[52];
    uint8_t fnd[4];
    uint8_t tlen, rlen, p, passes;
} St;

typedef struct {
    uint8_t kind, a, b, c; /* see imove() */
    uint8_t q, after, used, pad;
} Mv;

typedef struct {
    int draw, redeals; /* redeals < 0: no limit */
    int runs, takebacks, autofill, safe, ncols;
    int open_column[2], open_reserve, open_waste[2];
    uint8_t accept[52][52];   /* accept[top][i]: the cards that go on top, NONE-ended */
    uint8_t fits[52][52];     /* fits[top][card]: card goes on top */
    uint8_t onto[52][53];     /* onto[card]: the cards it goes on, NONE-ended */
    uint8_t nxt[4][14];       /* the card a suit takes next, by its size; NONE at 13 */
    uint8_t height[52];
    uint8_t reserve[26];
    int nreserve;
    uint8_t rootpos[52];      /* the index of a card in the root's talon, NONE if not */
    int lock;                 /* LOCK_NONE, LOCK_ALL or LOCK_ALONE */
    int deep;                 /* LOCK_FIX, LOCK_ENDLESS and LOCK_BEHIND bits */
    /* For the fixpoints of _native_locks.h, as bits of cards: takes[z], the cards that
     * go on z; onto_bits[c], the cards c goes on; ups[s][z], the cards of suit s at
     * heights up to z. */
    uint64_t takes[52], onto_bits[52], ups[4][14];
    /* For the test of frozen foundations (_native_frozen.h): what each card not next on
     * its foundation is seen as, and the most keys a test looks at (0: no test). */
    uint8_t alike[52];
    int frozen;
} Rules;

#define SUIT(c) ((c) / 13)

/* ------------------------------------------------------------------ reading rules */

static int read_rules(PyObject *t, Rules *r) {
    PyObject *accept, *nxt, *height, *reserve, *talon, *alike;
    memset(r, 0, sizeof *r);
    if (!PyArg_ParseTuple(t, "iiiiiiiiiiiiOSSSSiiSi", &r->draw, &r->redeals, &r->runs,
                          &r->takebacks, &r->autofill, &r->safe, &r->ncols,
                          &r->open_column[0], &r->open_column[1], &r->open_reserve,
                          &r->open_waste[0], &r->open_waste[1], &accept, &nxt, &height,
                          &reserve, &talon, &r->lock, &r->deep, &alike, &r->frozen))
        return -1;
    if (r->ncols < 1 || r->ncols > MAXC || (r->draw != 1 && r->draw != 3) ||
        r->runs < 0 || r->runs > 2 || r->lock < LOCK_NONE || r->lock > LOCK_ALONE || r->deep < 0 ||
        r->deep > (LOCK_FIX | LOCK_ENDLESS | LOCK_BEHIND) || r->frozen < 0 ||
        r->frozen > FROZEN_MOST) {
        PyErr_SetString(PyExc_ValueError, "rules out of range");
        return -1;
    }
    if (!PyTuple_Check(accept) || PyTuple_GET_SIZE(accept) != 52 ||
        PyBytes_GET_SIZE(nxt) != 56 || PyBytes_GET_SIZE(height) != 52 ||
        PyBytes_GET_SIZE(reserve) > 26 || PyBytes_GET_SIZE(talon) > 52 ||
        PyBytes_GET_SIZE(alike) != 52) {
        PyErr_SetString(PyExc_ValueError, "rules tables of the wrong size");
        return -1;
    }
    for (int top = 0; top < 52; top++) {
        PyObject *b = PyTuple_GET_ITEM(accept, top);
        if (!PyBytes_Check(b) || PyBytes_GET_SIZE(b) > 51) {
            PyErr_SetString(PyExc_ValueError, "accept: bytes expected");
            return -1;
        }
        Py_ssize_t n = PyBytes_GET_SIZE(b);
        const uint8_t *s = (const uint8_t *)PyBytes_AS_STRING(b);
        for (Py_ssize_t i = 0; i < n; i++) {
            if (s[i] >= 52) {
                PyErr_SetString(PyExc_ValueError, "accept: not a card");
                return -1;
            }
            r->accept[top][i] = s[i];
            r->fits[top][s[i]] = 1;
        }
        r->accept[top][n] = NONE;
    }
    int most[52] = {0};
    for (int top = 0; top < 52; top++)
        for (const uint8_t *x = r->accept[top]; *x != NONE; x++)
            r->onto[*x][most[*x]++] = (uint8_t)top;
    for (int c = 0; c < 52; c++) r->onto[c][most[c]] = NONE;
    memcpy(r->nxt, PyBytes_AS_STRING(nxt), 56);
    memcpy(r->height, PyBytes_AS_STRING(height), 52);
    memcpy(r->alike, PyBytes_AS_STRING(alike), 52);
    for (int c = 0; c < 52; c++) {
        if (r->height[c] > 12) {
            PyErr_SetString(PyExc_ValueError, "height: out of range");
            return -1;
        }
        for (const uint8_t *x = r->accept[c]; *x != NONE; x++) r->takes[c] |= (uint64_t)1 << *x;
        for (const uint8_t *x = r->onto[c]; *x != NONE; x++) r->onto_bits[c] |= (uint64_t)1 << *x;
        for (int z = r->height[c]; z < 14; z++) r->ups[SUIT(c)][z] |= (uint64_t)1 << c;
    }
    for (int s = 0; s < 4; s++)
        for (int z = 0; z < 13; z++)
            if (r->nxt[s][z] >= 52 || SUIT(r->nxt[s][z]) != s || r->height[r->nxt[s][z]] != z) {
                PyErr_SetString(PyExc_ValueError, "next: not the suit's card of that height");
                return -1;
            }
    r->nreserve = (int)PyBytes_GET_SIZE(reserve);
    memcpy(r->reserve, PyBytes_AS_STRING(reserve), (size_t)r->nreserve);
    memset(r->rootpos, NONE, 52);
    const uint8_t *tal = (const uint8_t *)PyBytes_AS_STRING(talon);
    for (Py_ssize_t i = 0; i < PyBytes_GET_SIZE(talon); i++) {
        if (tal[i] >= 52) {
            PyErr_SetString(PyExc_ValueError, "talon: not a card");
            return -1;
        }
        r->rootpos[tal[i]] = (uint8_t)i;
    }
    return 0;
}

static int read_card_bytes(PyObject *b, uint8_t *out, int most, int *n) {
    if (!PyBytes_Check(b) || PyBytes_GET_SIZE(b) > most) {
        PyErr_SetString(PyExc_ValueError, "state: bytes of cards expected");
        return -1;
    }
    *n = (int)PyBytes_GET_SIZE(b);
    memcpy(out, PyBytes_AS_STRING(b), (size_t)*n);
    for (int i = 0; i < *n; i++)
        if (out[i] >= 52) {
            PyErr_SetString(PyExc_ValueError, "state: not a card");
            return -1;
        }
    return 0;
}

/* (columns, foundations, reserve size, talon, pointer, passes) */
static int read_state(PyObject *t, const Rules *r, St *st) {
    PyObject *cols, *fnd, *talon;
    int rlen, p, passes, n, total = 0;
    memset(st, 0, sizeof *st);
    if (!PyArg_ParseTuple(t, "OOiSii", &cols, &fnd, &rlen, &talon, &p, &passes)) return -1;
    if (!PyTuple_Check(cols) || PyTuple_GET_SIZE(cols) != r->ncols || !PyTuple_Check(fnd) ||
        PyTuple_GET_SIZE(fnd) != 4 || rlen < 0 || rlen > r->nreserve || p < 0 || p > 52 ||
        passes < 0 || passes > 255) {
        PyErr_SetString(PyExc_ValueError, "state out of range");
        return -1;
    }
    for (int i = 0; i < r->ncols; i++) {
        if (read_card_bytes(PyTuple_GET_ITEM(cols, i), st->cards + total, 52 - total, &n))
            return -1;
        st->len[i] = (uint8_t)n;
        total += n;
    }
    for (int s = 0; s < 4; s++) {
        long z = PyLong_AsLong(PyTuple_GET_ITEM(fnd, s));
        if (z == -1 && PyErr_Occurred()) return -1;
        if (z < 0 || z > 13) {
            PyErr_SetString(PyExc_ValueError, "state: foundation size out of range");
            return -1;
        }
        st->fnd[s] = (uint8_t)z;
    }
    if (read_card_bytes(talon, st->talon, 52, &n)) return -1;
    for (int i = 0; i < n; i++)
        if (r->rootpos[st->talon[i]] == NONE) {
            /* A key names the talon by the root's talon cards left in it. */
            PyErr_SetString(PyExc_ValueError, "state: a talon card not in the root's talon");
            return -1;
        }
    st->tlen = (uint8_t)n;
    st->rlen = (uint8_t)rlen;
    st->p = (uint8_t)p;
    st->passes = (uint8_t)passes;
    return 0;
}

static PyObject *state_object(const Rules *r, const St *st) {
    PyObject *cols = PyTuple_New(r->ncols);
    if (!cols) return NULL;
    int at = 0;
    for (int i = 0; i < r->ncols; i++) {
        PyObject *b = PyBytes_FromStringAndSize((const char *)st->cards + at, st->len[i]);
        if (!b) {
            Py_DECREF(cols);
            return NULL;
        }
        PyTuple_SET_ITEM(cols, i, b);
        at += st->len[i];
    }
    return Py_BuildValue("(N(iiii)iy#ii)", cols, st->fnd[0], st->fnd[1], st->fnd[2],
                         st->fnd[3], st->rlen, (const char *)st->talon, (Py_ssize_t)st->tlen,
                         st->p, st->passes);
}

/* The move as the Python search writes it (pycanfield._solver_core's IMove). */
static PyObject *imove(const St *st, const Mv *m) {
    switch (m->kind) {
    case RF: return Py_BuildValue("(i)", RF);
    case RC: return Py_BuildValue("(ii)", RC, m->a);
    case TF: return Py_BuildValue("(ii)", TF, m->a);
    case TC: return Py_BuildValue("(iii)", TC, m->a, m->b);
    case CF: return Py_BuildValue("(ii)", CF, m->a);
    case CC: return Py_BuildValue("(iiii)", CC, m->a, m->b, st->len[m->a] - m->c);
    default: return Py_BuildValue("(iii)", FC, m->a, m->b);
    }
}

/* ------------------------------------------------------------------ moves */

/* The talon's cards as bits of their places in the root's talon: the talon keeps its
 * order, so its set of cards names it. */
static inline uint64_t talon_bits(const Rules *r, const St *st) {
    uint64_t bits = 0;
    for (int i = 0; i < st->tlen; i++) bits |= (uint64_t)1 << r->rootpos[st->talon[i]];
    return bits;
}

static inline int col_start(const St *st, int i) {
    int at = 0;
    for (int j = 0; j < i; j++) at += st->len[j];
    return at;
}

static inline int col_top(const St *st, int i) {
    if (!st->len[i]) return -1;
    return st->cards[col_start(st, i) + st->len[i] - 1];
}

/* Rebuild the columns of ``st`` with column ``s`` cut to ``keep`` cards and
 * ``add`` (``nadd`` cards) put on column ``t`` (-1: none). */
static void reshape(St *st, int ncols, int s, int keep, int t, const uint8_t *add, int nadd) {
    uint8_t out[52];
    int at = 0, from = 0;
    for (int i = 0; i < ncols; i++) {
        int n = st->len[i];
        int k = i == s ? keep : n;
        memcpy(out + at, st->cards + from, (size_t)k);
        at += k;
        if (i == t) {
            memcpy(out + at, add, (size_t)nadd);
            at += nadd;
            k += nadd;
        }
        from += n;
        st->len[i] = (uint8_t)k;
    }
    memcpy(st->cards, out, (size_t)at);
}

static void take_talon(St *st, const Mv *m) {
    int i = m->q - 1;
    memmove(st->talon + i, st->talon + i + 1, (size_t)(st->tlen - i - 1));
    st->tlen--;
    st->p = m->after;
    st->passes = m->used;
}

static void apply_move(const Rules *r, const St *st, const Mv *m, St *out) {
    *out = *st;
    int n = r->ncols;
    uint8_t one;
    switch (m->kind) {
    case RF:
        out->fnd[SUIT(r->reserve[st->rlen - 1])]++;
        out->rlen--;
        break;
    case RC:
        one = r->reserve[st->rlen - 1];
        reshape(out, n, -1, 0, m->a, &one, 1);
        out->rlen--;
        break;
    case TF:
        out->fnd[SUIT(m->a)]++;
        take_talon(out, m);
        break;
    case TC:
        one = m->a;
        reshape(out, n, -1, 0, m->b, &one, 1);
        take_talon(out, m);
        break;
    case CF: {
        int top = col_top(st, m->a);
        out->fnd[SUIT(top)]++;
        if (st->len[m->a] == 1 && r->autofill && st->rlen) {
            one = r->reserve[st->rlen - 1];
            reshape(out, n, m->a, 0, m->a, &one, 1);
            out->rlen--;
        } else {
            reshape(out, n, m->a, st->len[m->a] - 1, -1, NULL, 0);
        }
        break;
    }
    case CC: {
        uint8_t part[52];
        int s = m->a, t = m->b, start = m->c;
        int base = col_start(st, s), k = st->len[s] - start;
        memcpy(part, st->cards + base + start, (size_t)k);
        reshape(out, n, s, start, t, part, k);
        if (!start && r->autofill && st->rlen) {
            one = r->reserve[st->rlen - 1];
            reshape(out, n, -1, 0, s, &one, 1); /* the emptied column takes it */
            out->rlen--;
        }
        break;
    }
    default: { /* FC */
        int s = m->a;
        one = r->nxt[s][st->fnd[s] - 1];
        reshape(out, n, -1, 0, m->b, &one, 1);
        out->fnd[s]--;
        break;
    }
    }
}

/* The talon cards that draws and recycles can bring up: q (the waste's size then),
 * the pointer after taking talon[q - 1], and the passes after (see
 * RulesEngine._talon). */
typedef struct {
    uint8_t q, after, used;
} Reach;

static int talon_reach(const Rules *r, const St *st, Reach *out) {
    int n = st->tlen, p = st->p, d = r->draw, k = 0;
    if (!n) return 0;
    if (r->redeals < 0) {
        /* every q in reachable(n, p, draw), descending */
        uint8_t mark[53] = {0};
        if (d == 1) {
            for (int q = 1; q <= n; q++) mark[q] = 1;
        } else {
            for (int q = d; q < n; q += d) mark[q] = 1;
            mark[n] = 1;
            for (int q = p; q < n; q += d)
                if (q) mark[q] = 1;
        }
        for (int q = n; q >= 1; q--) {
            if (!mark[q]) continue;
            int pq = q - 1, after;
            /* _normal(q - 1, n - 1, draw) */
            if (d == 1 || pq % d == 0 || pq == n - 1) after = 0;
            else after = pq;
            out[k].q = (uint8_t)q;
            out[k].after = (uint8_t)after;
            out[k].used = 0;
            k++;
        }
        return k;
    }
    /* reach_limited(n, p, draw, recycle) */
    int cost[53];
    for (int q = 0; q <= n; q++) cost[q] = -1;
    if (p) cost[p] = 0;
    for (int q = p + d; q < n; q += d) cost[q] = 0;
    cost[n] = 0;
    if (st->passes < r->redeals)
        for (int q = d; q < n; q += d)
            if (cost[q] < 0) cost[q] = 1;
    for (int q = n; q >= 1; q--) {
        if (cost[q] < 0) continue;
        out[k].q = (uint8_t)q;
        out[k].after = (uint8_t)(q - 1);
        out[k].used = (uint8_t)(st->passes + cost[q]);
        k++;
    }
    return k;
}

static int dead(const Rules *r, int card, const uint8_t *fnd) {
    for (const uint8_t *x = r->accept[card]; *x != NONE; x++)
        if (fnd[SUIT(*x)] <= r->height[*x]) return 0;
    return 1;
}

/* RulesEngine._safe_up */
static int safe_up(const Rules *r, int card, const uint8_t *fnd) {
    for (const uint8_t *x = r->accept[card]; *x != NONE; x++) {
        int f = fnd[SUIT(*x)], h = r->height[*x];
        if (f < h) return 0;
    }
    for (const uint8_t *x = r->accept[card]; *x != NONE; x++)
        if (!(fnd[SUIT(*x)] > r->height[*x] || dead(r, *x, fnd))) return 0;
    return 1;
}

typedef struct {
    int extra, dist, idx;
    Mv m;
} Far;

/* The fewest redeals, then the fewest cards skipped, then the order found. */
static int far_cmp(const void *a, const void *b) {
    const Far *x = a, *y = b;
    if (x->extra != y->extra) return x->extra - y->extra;
    if (x->dist != y->dist) return x->dist - y->dist;
    return x->idx - y->idx;
}

#define MOST 512

/* The play of talon card ``a`` (to column ``b`` for TC), brought up as ``g`` says. */
static Mv talon_move(int kind, int a, int b, const Reach *g) {
    Mv m;
    memset(&m, 0, sizeof m);
    m.kind = (uint8_t)kind;
    m.a = (uint8_t)a;
    m.b = (uint8_t)b;
    m.q = g->q;
    m.after = g->after;
    m.used = g->used;
    return m;
}

/* Every successor of ``st`` in the main search's order (RulesEngine.ordered, neither
 * greedy nor lean, with no dead-end tests); a safe move to the foundations alone.
 * Returns their number. */
static int generate(const Rules *r, const St *st, Mv *out) {
    Mv b[7][MOST];
    int nb[7] = {0};
    Far far[MOST];
    int nfar = 0;
    int ncols = r->ncols, limited = r->redeals >= 0;
    int starts[MAXC], tops[MAXC], first_empty = -1;
    int at = 0;
    for (int i = 0; i < ncols; i++) {
        starts[i] = at;
        at += st->len[i];
        tops[i] = st->len[i] ? st->cards[at - 1] : -1;
        if (tops[i] < 0 && first_empty < 0) first_empty = i;
    }
    int rtop = st->rlen ? r->reserve[st->rlen - 1] : -1;
    int busy = st->rlen ? 1 : 0;
    int to_empty_column = r->open_column[busy] ? first_empty : -1;
    int wanted[4], sure[4];
    for (int s = 0; s < 4; s++) {
        wanted[s] = r->nxt[s][st->fnd[s]] == NONE ? -1 : r->nxt[s][st->fnd[s]];
        sure[s] = r->safe && wanted[s] >= 0 && safe_up(r, wanted[s], st->fnd);
    }
    Reach reach[53];
    int nreach = talon_reach(r, st, reach);
    int where[52];
    for (int c = 0; c < 52; c++) where[c] = -1;
    for (int i = 0; i < nreach; i++) where[st->talon[reach[i].q - 1]] = i;
    Mv m;
    memset(&m, 0, sizeof m);
#define PUT(k, mv) (b[k][nb[k]++] = (mv))
/* A talon card in class ``k``, or, with redeals counted, among the far ones (after
 * every other move but take-backs) when drawing to it skips cards. */
#define TALON(k, mv, g) do { \
        if (limited && (g)->q != st->p) { \
            far[nfar].extra = (g)->used - st->passes; \
            far[nfar].dist = (g)->q > st->p ? (g)->q - st->p : st->tlen - st->p + (g)->q; \
            far[nfar++].m = (mv); \
        } else { \
            PUT(k, mv); \
        } } while (0)
#define ONLY(mv) do { out[0] = (mv); return 1; } while (0)

    /* 1. to the foundations */
    if (rtop >= 0 && wanted[SUIT(rtop)] == rtop) {
        m.kind = RF;
        if (sure[SUIT(rtop)]) ONLY(m);
        PUT(0, m);
    }
    for (int i = 0; i < ncols; i++) {
        int top = tops[i];
        if (top >= 0 && wanted[SUIT(top)] == top) {
            memset(&m, 0, sizeof m);
            m.kind = CF;
            m.a = (uint8_t)i;
            if (sure[SUIT(top)]) ONLY(m);
            PUT(0, m);
        }
    }
    for (int s = 0; s < 4; s++) {
        int card = wanted[s];
        if (card < 0 || where[card] < 0) continue;
        const Reach *g = &reach[where[card]];
        m = talon_move(TF, card, 0, g);
        if (sure[s] && r->draw == 1 && (!limited || g->q == st->p)) ONLY(m);
        TALON(0, m, g);
    }

    /* 2. the reserve's top to a column */
    if (rtop >= 0) {
        for (int i = 0; i < ncols; i++) {
            int top = tops[i];
            if ((top >= 0 && r->fits[top][rtop]) || (i == first_empty && r->open_reserve)) {
                memset(&m, 0, sizeof m);
                m.kind = RC;
                m.a = (uint8_t)i;
                PUT(1, m);
            }
        }
    }

    /* 3. runs between columns */
    int movsrc[52], movk[52], order[52], norder = 0;
    for (int c = 0; c < 52; c++) movsrc[c] = -1;
    for (int s = 0; s < ncols; s++) {
        int n = st->len[s];
        if (!n) continue;
        const uint8_t *col = st->cards + starts[s];
        int k = n - 1;
#define MOVABLE(card, kk) do { \
        if (movsrc[card] < 0) order[norder++] = (card); \
        movsrc[card] = s; movk[card] = (kk); } while (0)
        MOVABLE(col[k], k);
        if (r->runs != RUNS_TOP) {
            while (k > 0 && r->fits[col[k - 1]][col[k]]) {
                k--;
                if (r->runs == RUNS_ANY) MOVABLE(col[k], k);
            }
            if (r->runs == RUNS_WHOLE && k == 0) MOVABLE(col[0], 0);
        }
#undef MOVABLE
    }
    int pairs[MOST][3], npairs = 0;
    for (int t = 0; t < ncols; t++) {
        int top = tops[t];
        if (top >= 0) {
            for (const uint8_t *a = r->accept[top]; *a != NONE; a++)
                if (movsrc[*a] >= 0 && movsrc[*a] != t) {
                    pairs[npairs][0] = movsrc[*a];
                    pairs[npairs][1] = t;
                    pairs[npairs++][2] = movk[*a];
                }
        } else if (t == first_empty) {
            for (int j = 0; j < norder; j++) {
                int c = order[j];
                if (movk[c] > 0 && movsrc[c] != t) {
                    pairs[npairs][0] = movsrc[c];
                    pairs[npairs][1] = t;
                    pairs[npairs++][2] = movk[c];
                }
            }
        }
    }
    for (int j = 0; j < npairs; j++) {
        int s = pairs[j][0], t = pairs[j][1], start = pairs[j][2];
        if (t == first_empty && to_empty_column < 0) continue;
        const uint8_t *col = st->cards + starts[s];
        memset(&m, 0, sizeof m);
        m.kind = CC;
        m.a = (uint8_t)s;
        m.b = (uint8_t)t;
        m.c = (uint8_t)start;
        if (start) {
            int under = col[start - 1], k;
            if (wanted[SUIT(under)] == under || (rtop >= 0 && r->fits[under][rtop])) k = 2;
            else if (!r->fits[under][col[start]]) k = 3;
            else k = 5;
            PUT(k, m);
            continue;
        }
        PUT(r->autofill && st->rlen ? 1 : 3, m);
    }

    /* 4. talon cards to columns */
    int waste_open = first_empty >= 0 && r->open_waste[busy];
    if (nreach) {
        for (int i = 0; i < ncols; i++) {
            int top = tops[i];
            uint8_t cards[53];
            int nc = 0;
            if (top >= 0) {
                for (const uint8_t *a = r->accept[top]; *a != NONE; a++)
                    if (where[*a] >= 0) cards[nc++] = *a;
            } else if (i == first_empty && waste_open) {
                for (int j = 0; j < nreach; j++) cards[nc++] = st->talon[reach[j].q - 1];
            }
            for (int j = 0; j < nc; j++) {
                const Reach *g = &reach[where[cards[j]]];
                m = talon_move(TC, cards[j], i, g);
                TALON(4, m, g);
            }
        }
    }

    /* 5. take-backs from the foundations */
    if (r->takebacks) {
        for (int s = 0; s < 4; s++) {
            int z = st->fnd[s];
            if (!z) continue;
            int card = r->nxt[s][z - 1];
            for (int i = 0; i < ncols; i++) {
                int top = tops[i];
                if ((top >= 0 && r->fits[top][card]) || i == to_empty_column) {
                    memset(&m, 0, sizeof m);
                    m.kind = FC;
                    m.a = (uint8_t)s;
                    m.b = (uint8_t)i;
                    PUT(6, m);
                }
            }
        }
    }
    if (nfar) {
        for (int i = 0; i < nfar; i++) far[i].idx = i;
        qsort(far, (size_t)nfar, sizeof *far, far_cmp);
        for (int i = 0; i < nfar; i++) PUT(5, far[i].m);
    }
    int n = 0;
    for (int k = 0; k < 7; k++)
        for (int j = 0; j < nb[k]; j++) out[n++] = b[k][j];
#undef PUT
#undef TALON
#undef ONLY
    return n;
}

#endif /* PYCANFIELD_NATIVE_MOVES_H */

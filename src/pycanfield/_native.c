/* The solver's exhaustive search in C: pycanfield._native.
 *
 * The same positions, moves and shortcuts as the main search of
 * pycanfield._solver_rules.RulesEngine (talon macro-moves, the canonical talon
 * pointer, interchangeable columns, the first empty column only, safe moves to the
 * foundations), with no dead-end tests: it visits every position that those moves
 * reach, each once, so a search that ends without a won position proves the root
 * lost (docs/solver.rst, "The native search").  A position is a few fixed arrays,
 * and the table holds exact keys, so that no two positions can be confused.
 *
 * Built only into the compiled wheel (hatch_build.py); pycanfield._solver_native
 * reads the rules from a RulesEngine and falls back to the Python search without it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXC 8
#define NONE 255

enum { RF, RC, TF, TC, CF, CC, FC };
enum { RUNS_ANY, RUNS_WHOLE, RUNS_TOP };

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
    uint8_t nxt[4][14];       /* the card a suit takes next, by its size; NONE at 13 */
    uint8_t height[52];
    uint8_t reserve[26];
    int nreserve;
    uint8_t rootpos[52];      /* the index of a card in the root's talon, NONE if not */
} Rules;

#define SUIT(c) ((c) / 13)

/* ------------------------------------------------------------------ reading rules */

static int read_rules(PyObject *t, Rules *r) {
    PyObject *accept, *nxt, *height, *reserve, *talon;
    memset(r, 0, sizeof *r);
    if (!PyArg_ParseTuple(t, "iiiiiiiiiiiiOSSSS", &r->draw, &r->redeals, &r->runs,
                          &r->takebacks, &r->autofill, &r->safe, &r->ncols,
                          &r->open_column[0], &r->open_column[1], &r->open_reserve,
                          &r->open_waste[0], &r->open_waste[1], &accept, &nxt, &height,
                          &reserve, &talon))
        return -1;
    if (r->ncols < 1 || r->ncols > MAXC || (r->draw != 1 && r->draw != 3) ||
        r->runs < 0 || r->runs > 2) {
        PyErr_SetString(PyExc_ValueError, "rules out of range");
        return -1;
    }
    if (!PyTuple_Check(accept) || PyTuple_GET_SIZE(accept) != 52 ||
        PyBytes_GET_SIZE(nxt) != 56 || PyBytes_GET_SIZE(height) != 52 ||
        PyBytes_GET_SIZE(reserve) > 26 || PyBytes_GET_SIZE(talon) > 52) {
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
    memcpy(r->nxt, PyBytes_AS_STRING(nxt), 56);
    memcpy(r->height, PyBytes_AS_STRING(height), 52);
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
            St tmp = *out;
            reshape(&tmp, n, -1, 0, s, &one, 1);
            *out = tmp;
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

/* ------------------------------------------------------------------ keys and tables */

static uint64_t hash_bytes(const uint8_t *key, size_t n) {
    uint64_t h = 0x9E3779B97F4A7C15ULL ^ (uint64_t)n;
    for (size_t i = 0; i < n; i++) {
        h ^= key[i];
        h *= 0x100000001B3ULL;
    }
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 32;
    return h;
}

/* Byte strings, each entered once and named by its place in the arena: the columns
 * and the rests of positions (the reserve size, pointer, passes and talon) come back
 * in millions of positions, so a position's key holds their names. */
typedef struct {
    uint64_t *slots; /* 0: empty; else (arena offset + 1) << 16 | 16 bits of hash */
    size_t mask, count;
    uint8_t *arena;
    size_t used, cap;
} Strings;

static int strings_init(Strings *t) {
    t->mask = (1u << 12) - 1;
    t->count = 0;
    t->slots = calloc(t->mask + 1, sizeof *t->slots);
    t->cap = (size_t)1 << 16;
    t->used = 0;
    t->arena = malloc(t->cap);
    return t->slots && t->arena ? 0 : -1;
}

static void strings_free(Strings *t) {
    free(t->slots);
    free(t->arena);
}

/* The bytes in use: the arena grows by realloc, which moves no pages on Linux, so
 * that its unused end is not memory the process holds. */
static size_t strings_bytes(const Strings *t) {
    return (t->mask + 1) * sizeof *t->slots + t->used;
}

static int strings_grow(Strings *t) {
    size_t size = (t->mask + 1) * 2;
    uint64_t *slots = calloc(size, sizeof *slots);
    if (!slots) return -1;
    for (size_t i = 0; i <= t->mask; i++) {
        uint64_t v = t->slots[i];
        if (!v) continue;
        size_t off = (size_t)(v >> 16) - 1;
        uint64_t h = hash_bytes(t->arena + off + 1, t->arena[off]);
        size_t j = (size_t)h & (size - 1);
        while (slots[j]) j = (j + 1) & (size - 1);
        slots[j] = v;
    }
    free(t->slots);
    t->slots = slots;
    t->mask = size - 1;
    return 0;
}

/* The name of ``key`` (``n`` < 256 bytes), entered if new: its arena offset plus one,
 * or 0 out of memory. */
static uint32_t intern(Strings *t, const uint8_t *key, int n) {
    if ((t->count + 1) * 10 > (t->mask + 1) * 7 && strings_grow(t)) return 0;
    uint64_t h = hash_bytes(key, (size_t)n);
    uint64_t tag = h >> 48;
    size_t j = (size_t)h & t->mask;
    for (;;) {
        uint64_t v = t->slots[j];
        if (!v) break;
        if ((v & 0xFFFF) == tag) {
            size_t off = (size_t)(v >> 16) - 1;
            if (t->arena[off] == n && !memcmp(t->arena + off + 1, key, (size_t)n))
                return (uint32_t)(off + 1);
        }
        j = (j + 1) & t->mask;
    }
    if (t->used + (size_t)n + 1 > UINT32_MAX - 1) return 0;
    if (t->used + (size_t)n + 1 > t->cap) {
        size_t cap = t->cap * 2;
        uint8_t *arena = realloc(t->arena, cap);
        if (!arena) return 0;
        t->arena = arena;
        t->cap = cap;
    }
    size_t off = t->used;
    t->arena[off] = (uint8_t)n;
    memcpy(t->arena + off + 1, key, (size_t)n);
    t->used += (size_t)n + 1;
    t->slots[j] = ((uint64_t)(off + 1) << 16) | tag;
    t->count++;
    return (uint32_t)(off + 1);
}

/* The positions seen, by key: ``width`` 32-bit names a key (the rest's, then the
 * columns' sorted), in open addressing; all zero is an empty slot (names start at 1).
 * The slots double at three quarters full when ``limit`` allows the old and the new
 * slots at once, else they fill up to nine tenths. */
typedef struct {
    uint32_t *slots;
    size_t mask, count;
    int width;
} Keys;

static int keys_init(Keys *t, int width) {
    t->width = width;
    t->mask = (1u << 16) - 1;
    t->count = 0;
    t->slots = calloc((t->mask + 1) * (size_t)width, sizeof *t->slots);
    return t->slots ? 0 : -1;
}

static size_t keys_bytes(const Keys *t) {
    return (t->mask + 1) * (size_t)t->width * sizeof *t->slots;
}

static uint64_t hash_key(const uint32_t *key, int width) {
    uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < width; i++) {
        h = (h ^ key[i]) * 0xFF51AFD7ED558CCDULL;
        h ^= h >> 32;
    }
    h *= 0xC4CEB9FE1A85EC53ULL;
    h ^= h >> 29;
    return h;
}

static int keys_grow(Keys *t) {
    size_t size = (t->mask + 1) * 2, w = (size_t)t->width;
    uint32_t *slots = calloc(size * w, sizeof *slots);
    if (!slots) return -1;
    for (size_t i = 0; i <= t->mask; i++) {
        const uint32_t *v = t->slots + i * w;
        if (!v[0]) continue;
        size_t j = (size_t)hash_key(v, t->width) & (size - 1);
        while (slots[j * w]) j = (j + 1) & (size - 1);
        memcpy(slots + j * w, v, w * sizeof *v);
    }
    free(t->slots);
    t->slots = slots;
    t->mask = size - 1;
    return 0;
}

/* Whether the slots are three quarters full: time to double them, if the memory and
 * the time allow. */
static int keys_due(const Keys *t) { return (t->count + 1) * 4 > (t->mask + 1) * 3; }

/* 1 if ``key`` is new (and now entered), 0 if seen, -1 when the slots are nine tenths
 * full (then it is not entered, and can be tried again). */
static int keys_add(Keys *t, const uint32_t *key) {
    size_t w = (size_t)t->width;
    if ((t->count + 1) * 10 > (t->mask + 1) * 9) return -1;
    size_t j = (size_t)hash_key(key, t->width) & t->mask;
    for (;;) {
        uint32_t *v = t->slots + j * w;
        if (!v[0]) {
            memcpy(v, key, w * sizeof *key);
            t->count++;
            return 1;
        }
        if (!memcmp(v, key, w * sizeof *key)) return 0;
        j = (j + 1) & t->mask;
    }
}

typedef struct {
    Strings columns, rests;
    Keys keys;
} Tables;

static int tables_init(Tables *t, int ncols) {
    memset(t, 0, sizeof *t);
    if (strings_init(&t->columns) || strings_init(&t->rests) || keys_init(&t->keys, 1 + ncols))
        return -1;
    return 0;
}

static void tables_free(Tables *t) {
    strings_free(&t->columns);
    strings_free(&t->rests);
    free(t->keys.slots);
}

static size_t tables_bytes(const Tables *t) {
    return strings_bytes(&t->columns) + strings_bytes(&t->rests) + keys_bytes(&t->keys);
}

/* The exact key of ``st``: the name of its rest (the reserve size, the pointer, the
 * passes, and which of the root's talon cards are left, 52 bits) and the names of its
 * columns, sorted (interchangeable columns); the foundations follow.  Returns -1 out
 * of memory. */
static int make_key(const Rules *r, Tables *t, const St *st, uint32_t *key) {
    uint8_t rest[10];
    rest[0] = st->rlen;
    rest[1] = st->p;
    rest[2] = st->passes;
    uint64_t bits = 0;
    for (int i = 0; i < st->tlen; i++) bits |= (uint64_t)1 << r->rootpos[st->talon[i]];
    for (int i = 0; i < 7; i++) rest[3 + i] = (uint8_t)(bits >> (8 * i));
    if (!(key[0] = intern(&t->rests, rest, 10))) return -1;
    int at = 0, n = r->ncols;
    for (int i = 0; i < n; i++) {
        uint32_t name = intern(&t->columns, st->cards + at, st->len[i]);
        if (!name) return -1;
        at += st->len[i];
        int j = i;
        while (j > 0 && key[j] > name) {
            key[j + 1] = key[j];
            j--;
        }
        key[j + 1] = name;
    }
    return 0;
}

/* ------------------------------------------------------------------ the search */

typedef struct {
    St st;
    uint32_t first, next, end; /* this position's moves in the pool */
} Frame;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int won(const St *st) {
    return st->fnd[0] + st->fnd[1] + st->fnd[2] + st->fnd[3] == 52;
}

/* A depth-first search with its table and path, resumed by ``advance``. */
typedef struct {
    PyObject_HEAD
    Rules r;
    St root;
    Tables tables;
    Frame *frames;
    Mv *pool;
    size_t frames_cap, pool_cap, depth, pooln;
    long long nodes;
    int best_score[3], have_best, done; /* done: 1 won, 2 searched through */
    int full; /* the memory bound leaves no room to double the table's slots */
    Mv best_first;
    const char *stop;
} Prober;

static size_t prober_bytes(const Prober *o) {
    return tables_bytes(&o->tables) + o->depth * sizeof *o->frames + o->pooln * sizeof *o->pool;
}

static void prober_dealloc(Prober *o) {
    free(o->frames);
    free(o->pool);
    tables_free(&o->tables);
    Py_TYPE(o)->tp_free((PyObject *)o);
}

static int push(Prober *o, const St *st) {
    Mv kids[MOST * 2];
    if (o->depth == o->frames_cap) {
        Frame *more = realloc(o->frames, 2 * o->frames_cap * sizeof *more);
        if (!more) return -1;
        o->frames = more;
        o->frames_cap *= 2;
    }
    int n = won(st) ? 0 : generate(&o->r, st, kids);
    if (o->pooln + (size_t)n > o->pool_cap) {
        Mv *more = realloc(o->pool, 2 * o->pool_cap * sizeof *more);
        if (!more) return -1;
        o->pool = more;
        o->pool_cap *= 2;
    }
    memcpy(o->pool + o->pooln, kids, (size_t)n * sizeof *kids);
    Frame *f = &o->frames[o->depth++];
    f->st = *st;
    f->first = f->next = (uint32_t)o->pooln;
    f->end = (uint32_t)(o->pooln + (size_t)n);
    o->pooln += (size_t)n;
    return 0;
}

static int prober_init(Prober *o, PyObject *args, PyObject *kwds) {
    PyObject *rules_t, *state_t;
    uint32_t key[1 + MAXC];
    static char *names[] = {"rules", "state", NULL};
    if (o->frames) {
        PyErr_SetString(PyExc_RuntimeError, "a Prober starts once");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO", names, &rules_t, &state_t)) return -1;
    if (read_rules(rules_t, &o->r) || read_state(state_t, &o->r, &o->root)) return -1;
    o->frames_cap = 1 << 12;
    o->pool_cap = 1 << 16;
    o->frames = malloc(o->frames_cap * sizeof *o->frames);
    o->pool = malloc(o->pool_cap * sizeof *o->pool);
    if (!o->frames || !o->pool || tables_init(&o->tables, o->r.ncols) ||
        make_key(&o->r, &o->tables, &o->root, key) ||
        keys_add(&o->tables.keys, key) < 0 || push(o, &o->root)) {
        PyErr_NoMemory();
        return -1;
    }
    o->best_score[0] = -1;
    return 0;
}

/* The line from the root to the top of the path, and the states along it. */
static PyObject *line_of(Prober *o) {
    PyObject *line = PyList_New(0), *states = PyList_New(0);
    if (!line || !states) goto fail;
    for (size_t i = 0; i < o->depth; i++) {
        PyObject *st = state_object(&o->r, &o->frames[i].st);
        if (!st || PyList_Append(states, st)) {
            Py_XDECREF(st);
            goto fail;
        }
        Py_DECREF(st);
        if (i + 1 < o->depth) {
            PyObject *mv = imove(&o->frames[i].st, &o->pool[o->frames[i].next - 1]);
            if (!mv || PyList_Append(line, mv)) {
                Py_XDECREF(mv);
                goto fail;
            }
            Py_DECREF(mv);
        }
    }
    return Py_BuildValue("(ONN)", Py_True, line, states);
fail:
    Py_XDECREF(line);
    Py_XDECREF(states);
    return NULL;
}

PyDoc_STRVAR(advance_doc,
"advance(budget, seconds, memory) -> (found, line, states)\n\n"
"Go on for at most ``budget`` new positions, ``seconds`` (< 0: no limit) and ``memory``\n"
"bytes of table and path in use (< 0: no limit; both looked at every 1,024 positions).\n"
"``found`` is True with the winning ``line`` (moves) and the ``states`` along it (the\n"
"root first), False once every position has been searched, None when the budget or\n"
"a limit stopped it (``stop`` then says which: \"nodes\", \"time\" or \"memory\").");

static PyObject *prober_advance(Prober *o, PyObject *args) {
    long long budget, memory;
    double seconds;
    uint32_t key[1 + MAXC];
    if (!PyArg_ParseTuple(args, "LdL", &budget, &seconds, &memory)) return NULL;
    if (!o->frames) {
        PyErr_SetString(PyExc_RuntimeError, "the Prober was not started");
        return NULL;
    }
    o->stop = NULL;
    o->full = 0;
    if (o->done == 3) {
        PyErr_SetString(PyExc_MemoryError, "the search ran out of memory earlier");
        return NULL;
    }
    if (o->done == 1) return line_of(o);
    if (o->done == 2) return Py_BuildValue("(O[][])", Py_False);
    double deadline = seconds >= 0 ? now() + seconds : -1;
    long long count = 0;
    const char *stop = NULL;
    if (o->depth == 1 && won(&o->root)) {
        o->done = 1;
        return line_of(o);
    }
    while (o->depth) {
        Frame *f = &o->frames[o->depth - 1];
        if (f->next == f->end) {
            o->pooln = f->first;
            o->depth--;
            continue;
        }
        if (count >= budget) {
            stop = "nodes";
            break;
        }
        St child;
        apply_move(&o->r, &f->st, &o->pool[f->next++], &child);
        Keys *keys = &o->tables.keys;
        if (keys_due(keys) && !o->full) {
            /* Doubling holds the old slots and the new at once, and moves every key
             * (about 40 ns each): done only when the memory bound and the deadline
             * leave room for it; else the slots fill up to nine tenths. */
            size_t after = prober_bytes(o) + 2 * keys_bytes(keys);
            int room = memory < 0 || (long long)after <= memory;
            int time_left = deadline < 0 || now() + 4e-8 * (double)keys->count < deadline;
            if (room && time_left) {
                if (keys_grow(keys)) {
                    f->next--;
                    stop = "memory";
                    break;
                }
            } else if (!room) {
                o->full = 1;
            }
        }
        if (make_key(&o->r, &o->tables, &child, key)) {
            f->next--; /* tried again on resuming */
            stop = "memory";
            break;
        }
        int got = keys_add(keys, key);
        if (got < 0) {
            /* Nine tenths full: the memory bound, or the deadline, kept it from doubling. */
            f->next--;
            stop = o->full ? "memory" : "time";
            break;
        }
        if (!got) continue;
        count++;
        int up = child.fnd[0] + child.fnd[1] + child.fnd[2] + child.fnd[3];
        int *b = o->best_score;
        if (up > b[0] || (up == b[0] && (-child.rlen > b[1] ||
                                         (-child.rlen == b[1] && -child.tlen > b[2])))) {
            b[0] = up;
            b[1] = -child.rlen;
            b[2] = -child.tlen;
            o->best_first = o->pool[o->frames[0].next - 1];
            o->have_best = 1;
        }
        if (push(o, &child)) {
            /* The child is in the table but not on the path: no answer is sound now. */
            o->nodes += count;
            o->done = 3;
            return PyErr_NoMemory();
        }
        if (up == 52) {
            o->nodes += count;
            o->done = 1;
            return line_of(o);
        }
        if (!(count & 1023)) {
            if (deadline >= 0 && now() >= deadline) {
                stop = "time";
                break;
            }
            if (memory >= 0 && (long long)prober_bytes(o) > memory) {
                stop = "memory";
                break;
            }
            if (!(count & 65535) && PyErr_CheckSignals()) {
                o->nodes += count;
                return NULL;
            }
        }
    }
    o->nodes += count;
    if (!o->depth) {
        o->done = 2;
        return Py_BuildValue("(O[][])", Py_False);
    }
    o->stop = stop;
    return Py_BuildValue("(O[][])", Py_None);
}

static PyObject *prober_nodes(Prober *o, void *closure) { return PyLong_FromLongLong(o->nodes); }

static PyObject *prober_stop(Prober *o, void *closure) {
    if (!o->stop) Py_RETURN_NONE;
    return PyUnicode_FromString(o->stop);
}

static PyObject *prober_size(Prober *o, void *closure) {
    return PyLong_FromSize_t(prober_bytes(o));
}

static PyObject *prober_need(Prober *o, void *closure) {
    size_t need = prober_bytes(o);
    if (keys_due(&o->tables.keys)) need += 2 * keys_bytes(&o->tables.keys);
    return PyLong_FromSize_t(need);
}

static PyObject *prober_best(Prober *o, void *closure) {
    if (!o->have_best) Py_RETURN_NONE;
    return Py_BuildValue("((iii)N)", o->best_score[0], o->best_score[1], o->best_score[2],
                         imove(&o->root, &o->best_first));
}

static PyObject *prober_path(Prober *o, void *closure) {
    return PyLong_FromSize_t(o->depth);
}

static PyGetSetDef prober_getset[] = {
    {"nodes", (getter)prober_nodes, NULL, "The positions searched so far (the root not counted).", NULL},
    {"stop", (getter)prober_stop, NULL, "What stopped the last advance: \"nodes\", \"time\", \"memory\" or None.", NULL},
    {"bytes", (getter)prober_size, NULL, "The bytes of table and path in use.", NULL},
    {"need", (getter)prober_need, NULL, "The bytes in use, with what doubling the table's slots would add when it is due.", NULL},
    {"best", (getter)prober_best, NULL, "The progress of the most advanced position so far, with the first move of the line to it; None before any.", NULL},
    {"path", (getter)prober_path, NULL, "The positions on the path, the root included.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyDoc_STRVAR(key_doc,
"key(state) -> bytes\n\n"
"The table's key of ``state``: the names of its rest and of its columns, sorted.");

static PyObject *prober_key(Prober *o, PyObject *args) {
    PyObject *state_t;
    St st;
    uint32_t key[1 + MAXC];
    if (!PyArg_ParseTuple(args, "O", &state_t)) return NULL;
    if (!o->frames) {
        PyErr_SetString(PyExc_RuntimeError, "the Prober was not started");
        return NULL;
    }
    if (read_state(state_t, &o->r, &st)) return NULL;
    if (make_key(&o->r, &o->tables, &st, key)) return PyErr_NoMemory();
    return PyBytes_FromStringAndSize((const char *)key, (Py_ssize_t)((1 + o->r.ncols) * sizeof *key));
}

static PyMethodDef prober_methods[] = {
    {"advance", (PyCFunction)prober_advance, METH_VARARGS, advance_doc},
    {"key", (PyCFunction)prober_key, METH_VARARGS, key_doc},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(prober_doc,
"Prober(rules, state)\n\n"
"The native main search from ``state`` under ``rules`` (the tuple of\n"
"pycanfield._solver_native.rules_tuple), resumed by ``advance``.");

static PyTypeObject ProberType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pycanfield._native.Prober",
    .tp_basicsize = sizeof(Prober),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = prober_doc,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)prober_init,
    .tp_dealloc = (destructor)prober_dealloc,
    .tp_methods = prober_methods,
    .tp_getset = prober_getset,
};
PyDoc_STRVAR(children_doc,
"children(rules, state) -> [(move, state), ...]\n\n"
"The successors of ``state`` in the order the search tries them.");

static PyObject *py_children(PyObject *self, PyObject *args) {
    PyObject *rules_t, *state_t;
    Rules r;
    St st;
    Mv kids[MOST * 2];
    if (!PyArg_ParseTuple(args, "OO", &rules_t, &state_t)) return NULL;
    if (read_rules(rules_t, &r) || read_state(state_t, &r, &st)) return NULL;
    int n = generate(&r, &st, kids);
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) {
        St child;
        apply_move(&r, &st, &kids[i], &child);
        PyObject *item = Py_BuildValue("(NN)", imove(&st, &kids[i]), state_object(&r, &child));
        if (!item) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, item);
    }
    return out;
}

static PyMethodDef methods[] = {
    {"children", py_children, METH_VARARGS, children_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "pycanfield._native",
    "The solver's exhaustive search, in C (see pycanfield._solver_native).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__native(void) {
    if (PyType_Ready(&ProberType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&ProberType);
    if (PyModule_AddObject(m, "Prober", (PyObject *)&ProberType) < 0) {
        Py_DECREF(&ProberType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

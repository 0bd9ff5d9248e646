/* The solver's beam search in C (included once, by _native.c, after the search): at
 * each depth only the ``width`` positions that look furthest on are kept, and their
 * successors make the next depth.  It prunes without a guarantee, so it only ever
 * finds wins (docs/solver.rst, "The beam search"; pycanfield._solver_beam).  A beam
 * that runs out of new positions starts again from the root, ``growth`` times as wide,
 * up to ``widest``; with a cap, each depth keeps at most ``cap`` positions of one rest
 * (the position but its columns), so that many arrangements of a few columns do not
 * fill the beam.  Positions are told apart by a 64-bit hash of their exact key (the
 * columns sorted, the rest as in the table's keys): two positions that share a hash are
 * taken for one, which can only leave a win out, never make a wrong one. */
#ifndef PYCANFIELD_NATIVE_BEAM_H
#define PYCANFIELD_NATIVE_BEAM_H

/* A successor waiting to be ranked: its promise, the order it was made in, its parent
 * in the depth above and its index among the parent's successors, and the move. */
typedef struct {
    int32_t score;
    uint32_t order, parent;
    uint16_t pick;
    Mv m;
    uint64_t rest; /* the hash of its rest (beam_rest), with a cap */
} Cand;

typedef struct {
    PyObject_HEAD
    Rules r;
    St root;
    int first, widest, width, growth, buried, tangled, cap;
    /* With a cap, how many kept positions each rest has (open addressing on the
     * rest's hash, 0: empty): a scratch table of beam_descend. */
    uint64_t *rests;
    uint32_t *counts;
    size_t rests_cap;
    /* The hashes met by this beam, open addressing (0: empty). */
    uint64_t *seen;
    size_t seen_size, seen_count;
    /* The depth being expanded, and the next position of it to expand. */
    St *level;
    size_t nlevel, level_cap, at;
    Cand *cand;
    size_t ncand, cand_cap;
    /* Per depth below the root, each kept position's parent and index among its
     * parent's successors, one depth after another (``starts``: where each begins). */
    uint32_t *parents;
    uint16_t *picks;
    size_t nkept, kept_cap, picks_cap;
    size_t *starts;
    size_t ndepth, depth_cap;
    long long nodes;
    int done;
} Beamer;

/* ``bits`` is talon_bits(r, st): a caller that needs both hashes computes it once. */
static uint64_t beam_hash(const Rules *r, const St *st, uint64_t bits) {
    uint64_t cols[MAXC];
    int s = 0;
    for (int i = 0; i < r->ncols; i++) {
        cols[i] = hash_bytes(st->cards + s, st->len[i]) ^ (uint64_t)st->len[i] * 0x9E3779B97F4A7C15ULL;
        s += st->len[i];
    }
    for (int i = 1; i < r->ncols; i++) /* sorted: the columns are interchangeable */
        for (int j = i; j > 0 && cols[j - 1] > cols[j]; j--) {
            uint64_t t = cols[j];
            cols[j] = cols[j - 1];
            cols[j - 1] = t;
        }
    uint64_t h = hash_bytes((const uint8_t *)cols, sizeof(uint64_t) * r->ncols);
    h ^= (bits * 0xC2B2AE3D27D4EB4FULL) + ((uint64_t)st->rlen << 16 | st->p << 8 | st->passes);
    h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 33;
    return h ? h : 1;
}

/* A hash of what stays the same while cards move between columns: the foundations,
 * the reserve, the talon, the pointer and the redeals used. */
static uint64_t beam_rest(const St *st, uint64_t bits) {
    uint64_t x = (uint64_t)st->fnd[0] | (uint64_t)st->fnd[1] << 8 | (uint64_t)st->fnd[2] << 16 |
                 (uint64_t)st->fnd[3] << 24 | (uint64_t)st->rlen << 32 | (uint64_t)st->p << 40 |
                 (uint64_t)st->passes << 48;
    uint64_t h = bits * 0xC2B2AE3D27D4EB4FULL ^ x * 0x9E3779B97F4A7C15ULL;
    h ^= h >> 31;
    h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 33;
    return h ? h : 1;
}

static size_t beamer_bytes(const Beamer *o) {
    return o->seen_size * sizeof *o->seen + o->level_cap * sizeof(St) +
           o->cand_cap * sizeof(Cand) + o->kept_cap * sizeof(uint32_t) + o->picks_cap * sizeof(uint16_t) +
           o->depth_cap * sizeof(size_t) + o->rests_cap * (sizeof(uint64_t) + sizeof(uint32_t));
}

/* Enter ``h``: 1 if new, 0 if met, -1 without memory. */
static int beam_enter(Beamer *o, uint64_t h) {
    if ((o->seen_count + 1) * 2 > o->seen_size) {
        size_t size = o->seen_size * 2;
        uint64_t *slots = calloc(size, sizeof *slots);
        if (!slots) return -1;
        for (size_t i = 0; i < o->seen_size; i++) {
            uint64_t x = o->seen[i];
            if (!x) continue;
            size_t j = x & (size - 1);
            while (slots[j]) j = (j + 1) & (size - 1);
            slots[j] = x;
        }
        free(o->seen);
        o->seen = slots;
        o->seen_size = size;
    }
    size_t j = h & (o->seen_size - 1);
    while (o->seen[j]) {
        if (o->seen[j] == h) return 0;
        j = (j + 1) & (o->seen_size - 1);
    }
    o->seen[j] = h;
    o->seen_count++;
    return 1;
}

/* Make room for ``n`` items of ``size`` bytes in ``*p`` (capacity ``*cap``). */
static int beam_room(void **p, size_t *cap, size_t n, size_t size) {
    if (n <= *cap) return 0;
    size_t c = *cap ? *cap : 1024;
    while (c < n) c *= 2;
    void *q = realloc(*p, c * size);
    if (!q) return -1;
    *p = q;
    *cap = c;
    return 0;
}

/* A new beam of the current width from the root. */
static int beam_restart(Beamer *o) {
    free(o->seen);
    o->seen_size = 1 << 12;
    o->seen_count = 0;
    o->seen = calloc(o->seen_size, sizeof *o->seen);
    if (!o->seen || beam_room((void **)&o->level, &o->level_cap, 1, sizeof(St))) return -1;
    o->level[0] = o->root;
    o->nlevel = 1;
    o->at = o->ncand = o->nkept = o->ndepth = 0;
    return beam_enter(o, beam_hash(&o->r, &o->root, talon_bits(&o->r, &o->root))) < 0 ? -1 : 0;
}

/* The tangle of one pile, bottom card first (pycanfield._solver_beam.tangle). */
static int32_t pile_tangle(const Rules *r, const St *st, const uint8_t *pile, int n) {
    int32_t t = 0;
    uint8_t low[4] = {13, 13, 13, 13};
    for (int j = 0; j < n; j++) {
        int c = pile[j], su = SUIT(c), h = r->height[c];
        if (h > low[su]) t++;
        else low[su] = (uint8_t)h;
        if (h == st->fnd[su]) t += n - 1 - j;
    }
    return t;
}

/* How far on a position looks (pycanfield._solver_beam.promise). */
static int32_t beam_promise(const Beamer *o, const St *st) {
    const Rules *r = &o->r;
    int32_t s = 4 * (st->fnd[0] + st->fnd[1] + st->fnd[2] + st->fnd[3]) - 2 * st->rlen;
    for (int i = 0; i < r->ncols; i++) s += st->len[i] == 0;
    if (o->tangled) {
        const uint8_t *pile = st->cards;
        for (int i = 0; i < r->ncols; i++) {
            s -= pile_tangle(r, st, pile, st->len[i]);
            pile += st->len[i];
        }
        s -= pile_tangle(r, st, st->talon, st->p) + pile_tangle(r, st, r->reserve, st->rlen);
    }
    return o->buried ? s - st->p : s;
}

static int cand_order(const void *a, const void *b) {
    const Cand *x = a, *y = b;
    if (x->score != y->score) return x->score > y->score ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

/* The next depth: the best ``width`` successors, made.  0, or -1 without memory. */
static int beam_descend(Beamer *o) {
    size_t keep = o->ncand < (size_t)o->width ? o->ncand : (size_t)o->width;
    qsort(o->cand, o->ncand, sizeof *o->cand, cand_order);
    if (o->cap && o->ncand) {
        /* At most ``cap`` of one rest, in the order ranked: the candidates kept are
         * moved to the front. */
        size_t size = 1024;
        while (size < 2 * keep) size *= 2;
        if (size > o->rests_cap) {
            free(o->rests);
            free(o->counts);
            o->rests = malloc(size * sizeof *o->rests);
            o->counts = malloc(size * sizeof *o->counts);
            o->rests_cap = o->rests && o->counts ? size : 0;
            if (!o->rests_cap) return -1;
        }
        size = o->rests_cap;
        memset(o->rests, 0, size * sizeof *o->rests);
        size_t n = 0;
        for (size_t i = 0; i < o->ncand && n < keep; i++) {
            uint64_t h = o->cand[i].rest;
            size_t j = h & (size - 1);
            while (o->rests[j] && o->rests[j] != h) j = (j + 1) & (size - 1);
            if (!o->rests[j]) {
                o->rests[j] = h;
                o->counts[j] = 0;
            }
            if (o->counts[j] >= (uint32_t)o->cap) continue;
            o->counts[j]++;
            o->cand[n++] = o->cand[i];
        }
        keep = n;
    }
    if (beam_room((void **)&o->parents, &o->kept_cap, o->nkept + keep, sizeof(uint32_t)))
        return -1;
    if (beam_room((void **)&o->picks, &o->picks_cap, o->nkept + keep, sizeof(uint16_t)))
        return -1;
    if (beam_room((void **)&o->starts, &o->depth_cap, o->ndepth + 1, sizeof(size_t))) return -1;
    St *next = malloc((keep ? keep : 1) * sizeof(St));
    if (!next) return -1;
    o->starts[o->ndepth++] = o->nkept;
    for (size_t i = 0; i < keep; i++) {
        const Cand *c = &o->cand[i];
        apply_move(&o->r, &o->level[c->parent], &c->m, &next[i]);
        o->parents[o->nkept] = c->parent;
        o->picks[o->nkept++] = c->pick;
    }
    free(o->level);
    o->level = next;
    o->level_cap = o->nlevel = keep;
    o->at = o->ncand = 0;
    return 0;
}

/* The successors' indices from the root to the ``pick``-th successor of the position
 * ``at`` of the deepest depth. */
static PyObject *beam_picks(const Beamer *o, size_t at, int pick) {
    PyObject *out = PyList_New((Py_ssize_t)o->ndepth + 1);
    if (!out) return NULL;
    PyList_SET_ITEM(out, (Py_ssize_t)o->ndepth, PyLong_FromLong(pick));
    for (size_t d = o->ndepth; d-- > 0;) {
        size_t i = o->starts[d] + at;
        PyList_SET_ITEM(out, (Py_ssize_t)d, PyLong_FromLong(o->picks[i]));
        at = o->parents[i];
    }
    for (size_t d = 0; d <= o->ndepth; d++)
        if (!PyList_GET_ITEM(out, (Py_ssize_t)d)) {
            Py_DECREF(out);
            return NULL;
        }
    return out;
}

enum { BEAM_BUDGET, BEAM_WON, BEAM_MEMORY, BEAM_TIME, BEAM_DONE, BEAM_NOMEM };

/* Go on until ``budget`` new positions are made (a position's successors are made
 * together, so a few more may be); on BEAM_WON, ``*at`` and ``*pick`` name the won
 * successor. */
static int beam_run(Beamer *o, long long budget, long long *count, double deadline,
                    long long memory, size_t *at, int *pick) {
    Mv kids[MOST * 2];
    long long made = 0, steps = 0;
    int how = BEAM_BUDGET;
    while (made < budget) {
        if (o->done) {
            how = BEAM_DONE;
            break;
        }
        if (o->at == o->nlevel) {
            if (o->ncand) {
                if (beam_descend(o)) {
                    how = BEAM_NOMEM;
                    break;
                }
            } else { /* this beam has run out: a wider one, or none */
                if (o->width >= o->widest) {
                    o->done = 1;
                    free(o->seen);
                    o->seen = NULL;
                    o->seen_size = o->seen_count = 0;
                    continue;
                }
                o->width = o->width > o->widest / o->growth ? o->widest : o->width * o->growth;
                if (beam_restart(o)) {
                    how = BEAM_NOMEM;
                    break;
                }
            }
            continue;
        }
        const St *st = &o->level[o->at];
        int n = generate(&o->r, st, kids);
        for (int i = 0; i < n; i++) {
            St child;
            apply_move(&o->r, st, &kids[i], &child);
            uint64_t bits = talon_bits(&o->r, &child);
            int fresh = beam_enter(o, beam_hash(&o->r, &child, bits));
            if (fresh < 0) {
                how = BEAM_NOMEM;
                goto out;
            }
            if (!fresh) continue;
            made++;
            if (won(&child)) {
                *at = o->at;
                *pick = i;
                how = BEAM_WON;
                goto out;
            }
            if (locked(&o->r, &child)) continue;
            if (beam_room((void **)&o->cand, &o->cand_cap, o->ncand + 1, sizeof(Cand))) {
                how = BEAM_NOMEM;
                goto out;
            }
            Cand *c = &o->cand[o->ncand];
            c->score = beam_promise(o, &child);
            c->order = (uint32_t)o->ncand++;
            c->parent = (uint32_t)o->at;
            c->pick = (uint16_t)i;
            c->m = kids[i];
            c->rest = o->cap ? beam_rest(&child, bits) : 0;
        }
        o->at++;
        if (!(++steps & 63)) {
            if (deadline >= 0 && now() >= deadline) {
                how = BEAM_TIME;
                break;
            }
            if (memory >= 0 && (long long)beamer_bytes(o) > memory) {
                how = BEAM_MEMORY;
                break;
            }
        }
    }
out:
    o->nodes += made;
    *count = made;
    return how;
}

static void beamer_dealloc(Beamer *o) {
    free(o->seen);
    free(o->level);
    free(o->cand);
    free(o->parents);
    free(o->picks);
    free(o->starts);
    free(o->rests);
    free(o->counts);
    Py_TYPE(o)->tp_free((PyObject *)o);
}

static int beamer_init(Beamer *o, PyObject *args, PyObject *kwds) {
    PyObject *rules_t, *state_t;
    static char *names[] = {"rules", "state", "first", "widest", "growth", "buried", "tangled", "cap", NULL};
    int first, widest, growth, buried, tangled, cap = 0;
    if (o->seen || o->done) {
        PyErr_SetString(PyExc_RuntimeError, "a Beamer starts once");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO$iiippi", names, &rules_t, &state_t,
                                     &first, &widest, &growth, &buried, &tangled, &cap))
        return -1;
    if (first < 1 || widest < first || growth < 2) {
        PyErr_SetString(PyExc_ValueError, "a beam's widths must be 1 <= first <= widest, growth >= 2");
        return -1;
    }
    if (cap < 0) {
        PyErr_SetString(PyExc_ValueError, "a beam's cap must be >= 0 (0: none)");
        return -1;
    }
    if (read_rules(rules_t, &o->r) || read_state(state_t, &o->r, &o->root)) return -1;
    o->first = o->width = first;
    o->widest = widest;
    o->growth = growth;
    o->buried = buried;
    o->tangled = tangled;
    o->cap = cap;
    if (beam_restart(o)) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

PyDoc_STRVAR(beamer_advance_doc,
"advance(budget, seconds, memory) -> (made, picks)\n\n"
"Go on for about ``budget`` new positions (a position's successors are made\n"
"together), ``seconds`` (< 0: no limit) and ``memory`` bytes (< 0: no bound): the new\n"
"positions made, and on a win the index of the successor taken at each depth from the\n"
"root (as ``children`` lists them), else None.");

static PyObject *beamer_advance(Beamer *o, PyObject *args) {
    long long budget, memory, count = 0;
    double seconds;
    if (!PyArg_ParseTuple(args, "LdL", &budget, &seconds, &memory)) return NULL;
    double deadline = seconds >= 0 ? now() + seconds : -1;
    size_t at = 0;
    int pick = 0, how;
    Py_BEGIN_ALLOW_THREADS
    how = beam_run(o, budget, &count, deadline, memory, &at, &pick);
    Py_END_ALLOW_THREADS
    if (how == BEAM_NOMEM) return PyErr_NoMemory();
    if (how == BEAM_WON) {
        PyObject *picks = beam_picks(o, at, pick);
        o->done = 1;
        return picks ? Py_BuildValue("(LN)", count, picks) : NULL;
    }
    if (how == BEAM_MEMORY) { /* no wider than the last, and afresh */
        o->width = o->width / o->growth < o->first ? o->first : o->width / o->growth;
        if (beam_restart(o)) return PyErr_NoMemory();
    }
    return Py_BuildValue("(LO)", count, Py_None);
}

static PyObject *beamer_width(Beamer *o, void *closure) { return PyLong_FromLong(o->width); }
static PyObject *beamer_nodes(Beamer *o, void *closure) { return PyLong_FromLongLong(o->nodes); }
static PyObject *beamer_size(Beamer *o, void *closure) {
    return PyLong_FromSize_t(beamer_bytes(o));
}
static PyObject *beamer_done(Beamer *o, void *closure) { return PyBool_FromLong(o->done); }
static PyObject *beamer_seen(Beamer *o, void *closure) { return PyLong_FromSize_t(o->seen_count); }

static PyGetSetDef beamer_getset[] = {
    {"width", (getter)beamer_width, NULL, "The width of the current beam.", NULL},
    {"nodes", (getter)beamer_nodes, NULL, "The new positions made in all.", NULL},
    {"bytes", (getter)beamer_size, NULL, "The memory it holds, in bytes.", NULL},
    {"done", (getter)beamer_done, NULL, "Whether it won, or its widest beam ran out.", NULL},
    {"seen", (getter)beamer_seen, NULL, "The positions the current beam has met.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef beamer_methods[] = {
    {"advance", (PyCFunction)beamer_advance, METH_VARARGS, beamer_advance_doc},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(beamer_doc,
"Beamer(rules, state, *, first, widest, growth, buried, tangled, cap=0)\n\n"
"Beam searches from ``state`` under ``rules`` (as for Prober), the first ``first``\n"
"positions wide, each next one ``growth`` times as wide up to ``widest``, resumed by\n"
"``advance``; ``buried`` counts waste cards against a position's promise, and\n"
"``tangled`` the piles' tangles; with ``cap``, each depth keeps at most ``cap``\n"
"positions of one rest (the position but its columns).");

static PyTypeObject BeamerType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pycanfield._native.Beamer",
    .tp_basicsize = sizeof(Beamer),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = beamer_doc,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)beamer_init,
    .tp_dealloc = (destructor)beamer_dealloc,
    .tp_methods = beamer_methods,
    .tp_getset = beamer_getset,
};

#endif

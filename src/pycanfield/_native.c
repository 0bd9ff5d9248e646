/* The solver's exhaustive search in C: pycanfield._native.
 *
 * The same positions, moves and shortcuts as the main search of
 * pycanfield._solver_rules.RulesEngine (talon macro-moves, the canonical talon
 * pointer, interchangeable columns, the first empty column only, safe moves to the
 * foundations), with the dead-end tests of locked cards (the quick test, the largest
 * locked set, the locked cards behind a full reserve) and of frozen foundations: it
 * visits every position that those moves reach, each once, ending a branch only at a
 * position proved lost, so a search that ends without a won position proves the root
 * lost
 * (docs/solver.rst, "The native search").  A position is a few fixed arrays, and the
 * table holds exact keys, so that no two positions can be confused; with ``forget``, a
 * table that the memory bound keeps from growing forgets positions off the path, which
 * costs searching them again, never a proof (docs/solver.rst, "Forgetting").
 *
 * Built only into the compiled wheel (hatch_build.py); pycanfield._solver_native
 * reads the rules from a RulesEngine and falls back to the Python search without it.
 * The positions and moves are in _native_moves.h, the tests of locked cards in
 * _native_locks.h, the table in _native_table.h, the test of frozen foundations in
 * _native_frozen.h, and the beam search, which only ever finds wins, in _native_beam.h;
 * this file holds the search and the module.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "_native_moves.h"
#include "_native_locks.h"
#include "_native_table.h"
#include "_native_frozen.h"

/* ------------------------------------------------------------------ the search */

typedef struct {
    St st;
    uint32_t names[1 + MAXC];  /* the names of its key's parts (name_parts) */
    uint64_t h;                /* the hash of its key */
    uint32_t first, next, end; /* this position's moves in the pool */
    uint32_t below;            /* the next frame down the path in its shard (NO_FRAME: none) */
} Frame;

#define NO_FRAME UINT32_MAX

/* A move's successor, made with the move, its key's parts named then, and its key's
 * hash.  The entries are a ring of AHEAD, for the moves at the top of the pool: the
 * move at pool index ``i`` has entry ``i % AHEAD`` while ``at == i + 1``.  A path can be
 * hundreds of thousands of positions deep, and the ring keeps what this costs under
 * a megabyte; a move whose entry a deeper position took, or that could not be
 * named for want of memory, is made and named again when its turn comes. */
#define AHEAD (1 << 12)
typedef struct {
    St st;
    uint32_t names[1 + MAXC];
    uint32_t at; /* the pool index of the move, plus one; 0: none */
    uint64_t h;
} Ahead;

#ifdef __GNUC__
#define PREFETCH(p) __builtin_prefetch(p)
#else
#define PREFETCH(p) ((void)(p))
#endif

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Whether the deadline (< 0: none) leaves time to move ``keys`` keys of the table,
 * at about 40 ns each. */
static int time_to_move(double deadline, size_t keys) {
    return deadline < 0 || now() + 4e-8 * (double)keys < deadline;
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
    Frozen frozen;
    Frame *frames;
    Mv *pool;
    Ahead *ahead; /* the ring of the moves' successors, made and named */
    size_t frames_cap, pool_cap, depth, pooln;
    /* The top frame of the path in each shard of the table, the others linked by
     * ``below``: forgetting a shard enters its path's keys again without a walk of the
     * whole path, which can be millions of positions deep. */
    uint32_t path_top[SHARDS];
    long long nodes;
    int best_score[3], have_best, done; /* done: 1 won, 2 searched through */
    int full;    /* the memory bound left a shard of the table no room to grow */
    size_t want; /* then more than the bound: the bytes that doubling it needs */
    int forget;  /* a full shard forgets half its positions rather than stop the search */
    long long forgotten; /* the positions forgotten so */
    Mv best_first;
    const char *stop;
    uint64_t rng; /* nonzero: the moves of each position are shuffled (xorshift64) */
    int busy;     /* advance is running, without the GIL */
    int halt;     /* set by halt, from another thread: advance stops */
} Prober;

/* The link to the top frame of the path in the shard of the table that holds ``h``. */
static uint32_t *path_top_of(Prober *o, uint64_t h) {
    return &o->path_top[keys_shard(&o->tables.keys, h) - o->tables.keys.shard];
}

static size_t prober_bytes(const Prober *o) {
    return tables_bytes(&o->tables) + frozen_bytes(&o->frozen) + o->depth * sizeof *o->frames +
           o->pooln * sizeof *o->pool + AHEAD * sizeof *o->ahead;
}

static void prober_dealloc(Prober *o) {
    free(o->frames);
    free(o->pool);
    free(o->ahead);
    tables_free(&o->tables);
    frozen_free(&o->frozen);
    Py_TYPE(o)->tp_free((PyObject *)o);
}

/* The successor of ``st`` (its key's parts named ``names``) by ``m``, into ``child``,
 * its key's parts named into ``child_names``, its key and the key's hash.  Returns -1
 * out of memory (the names not made). */
static int successor(Prober *o, const St *st, const uint32_t *names, const Mv *m, St *child,
                     uint32_t *child_names, uint32_t *key, uint64_t *h) {
    apply_move(&o->r, st, m, child);
    if (name_parts(&o->r, &o->tables, child, st, names, child_names)) return -1;
    key_of_names(child_names, o->r.ncols, key);
    *h = hash_key(key, o->tables.keys.width);
    return 0;
}

/* ``st`` (its key's parts named ``names``, the key's hash ``h``) onto the path, its
 * moves (at most 2 * MOST) made straight into the pool. */
static int push(Prober *o, const St *st, const uint32_t *names, uint64_t h) {
    if (o->depth == o->frames_cap) {
        if (o->frames_cap >= NO_FRAME / 2) return -1; /* ``below`` holds a frame's index */
        Frame *more = realloc(o->frames, 2 * o->frames_cap * sizeof *more);
        if (!more) return -1;
        o->frames = more;
        o->frames_cap *= 2;
    }
    if (o->pooln + 2 * MOST > o->pool_cap) {
        Mv *more = realloc(o->pool, 2 * o->pool_cap * sizeof *more);
        if (!more) return -1;
        o->pool = more;
        o->pool_cap *= 2;
    }
    int n = 0;
    if (!won(st) && !locked(&o->r, st)) {
        /* Made before the test of frozen foundations, which starts from them. */
        n = generate(&o->r, st, o->pool + o->pooln);
        uint64_t wanted = o->r.frozen ? frozen_wanted(&o->r, st) : 0;
        if (wanted && !moving(&o->r, st, wanted)) {
            int dead = frozen_dead(&o->r, &o->frozen, st, wanted, o->pool + o->pooln, n);
            if (dead < 0) return -1;
            if (dead) n = 0;
        }
        if (o->rng)
            for (int i = n - 1; i > 0; i--) {
                o->rng ^= o->rng << 13;
                o->rng ^= o->rng >> 7;
                o->rng ^= o->rng << 17;
                int j = (int)(o->rng % (uint64_t)(i + 1));
                Mv t = o->pool[o->pooln + i];
                o->pool[o->pooln + i] = o->pool[o->pooln + j];
                o->pool[o->pooln + j] = t;
            }
        /* The successors' keys, and a prefetch of the table's slots where they will
         * be looked for: the slots are far apart in memory, and their loads, made
         * here together, overlap instead of each stalling the search in turn. */
        Keys *keys = &o->tables.keys;
        size_t w = (size_t)keys->width;
        for (int i = 0; i < n; i++) {
            size_t at = o->pooln + (size_t)i;
            Ahead *a = &o->ahead[at % AHEAD];
            uint32_t key[1 + MAXC];
            if (successor(o, st, names, &o->pool[at], &a->st, a->names, key, &a->h)) {
                a->at = 0;
                continue;
            }
            a->at = (uint32_t)at + 1;
            const Shard *s = keys_shard(keys, a->h);
            PREFETCH(s->slots + keys_slot(a->h, s->size) * w);
        }
    }
    Frame *f = &o->frames[o->depth++];
    f->st = *st;
    memcpy(f->names, names, sizeof f->names);
    f->h = h;
    uint32_t *top = path_top_of(o, h);
    f->below = *top;
    *top = (uint32_t)(o->depth - 1);
    f->first = f->next = (uint32_t)o->pooln;
    f->end = (uint32_t)(o->pooln + (size_t)n);
    o->pooln += (size_t)n;
    return 0;
}

/* keys_forget on ``s``, then the keys of the positions on the path in ``s`` entered
 * again: a position on the path must stay in the table, or the search could come back
 * to it from below and go round without end.  Returns -1 out of memory. */
static int forget_shard(Prober *o, Shard *s) {
    Keys *keys = &o->tables.keys;
    uint32_t key[1 + MAXC];
    long long dropped = (long long)keys_forget(keys, s);
    for (uint32_t i = o->path_top[s - keys->shard]; i != NO_FRAME; i = o->frames[i].below) {
        const Frame *f = &o->frames[i];
        key_of_names(f->names, o->r.ncols, key);
        int got = keys_add(keys, s, key, f->h);
        if (got < 0) return -1; /* the path alone fills the shard */
        dropped -= got;
    }
    o->forgotten += dropped;
    return 0;
}

/* Gives room back under a bound of ``memory`` bytes when the names or the path have
 * outgrown what was kept back for them: the shards shrink to their share, forgetting
 * positions first if the prober may (keys_fit).  Returns -1 if they cannot. */
static int prober_fit(Prober *o, long long memory) {
    Keys *keys = &o->tables.keys;
    size_t others = prober_bytes(o) - keys_bytes(keys);
    if (o->forget) {
        size_t share = keys_share(keys, memory, others);
        for (int i = 0; i < SHARDS; i++) {
            Shard *s = &keys->shard[i];
            while ((s->count + 2) * 10 / 9 + 1 > share) {
                size_t before = s->count;
                if (forget_shard(o, s)) return -1;
                if (s->count >= before) break;
            }
        }
    }
    return keys_fit(keys, memory, others);
}

static int prober_init(Prober *o, PyObject *args, PyObject *kwds) {
    PyObject *rules_t, *state_t;
    uint32_t parts[1 + MAXC], key[1 + MAXC];
    static char *names[] = {"rules", "state", "forget", "seed", NULL};
    int forget = 0;
    unsigned long long seed = 0;
    if (o->frames) {
        PyErr_SetString(PyExc_RuntimeError, "a Prober starts once");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO|$pK", names, &rules_t, &state_t, &forget,
                                     &seed))
        return -1;
    o->forget = forget;
    o->rng = seed;
    if (read_rules(rules_t, &o->r) || read_state(state_t, &o->r, &o->root)) return -1;
    for (int i = 0; i < SHARDS; i++) o->path_top[i] = NO_FRAME;
    o->frames_cap = 1 << 12;
    o->pool_cap = 1 << 16;
    o->frames = malloc(o->frames_cap * sizeof *o->frames);
    o->pool = malloc(o->pool_cap * sizeof *o->pool);
    o->ahead = calloc(AHEAD, sizeof *o->ahead);
    if (!o->frames || !o->pool || !o->ahead || tables_init(&o->tables, o->r.ncols) ||
        frozen_init(&o->frozen) || name_parts(&o->r, &o->tables, &o->root, NULL, NULL, parts)) {
        PyErr_NoMemory();
        return -1;
    }
    key_of_names(parts, o->r.ncols, key);
    if (keys_enter(&o->tables.keys, key) < 0 ||
        push(o, &o->root, parts, hash_key(key, o->tables.keys.width))) {
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
"a limit stopped it (``stop`` then says which: \"nodes\", \"time\", \"memory\" or\n"
"\"halt\").  It lets go of the GIL while it searches, so that other threads run\n"
"meanwhile (other Probers, each in its own thread, search at once); the Prober\n"
"itself takes no other call of ``advance``, ``key`` or ``seen``, and does not give\n"
"``best``, until it returns.");

/* How ``run`` ended. */
enum { RUN_STOP, RUN_WON, RUN_THROUGH, RUN_NO_MEMORY, RUN_SIGNALS };

/* Whether ``halt`` has been called: read while another thread may write it. */
static int halted(Prober *o) {
#ifdef __GNUC__
    return __atomic_load_n(&o->halt, __ATOMIC_RELAXED);
#else
    return *(volatile int *)&o->halt;
#endif
}

/* Whether ``advance`` is running in another thread, with the exception set if so: its
 * search changes the tables and ``best`` as it goes, so no other call may use them. */
static int refuse_busy(const Prober *o) {
    if (o->busy) PyErr_SetString(PyExc_RuntimeError, "the Prober is searching in another thread");
    return o->busy;
}

/* The search itself, with no Python object touched, so that it runs without the GIL:
 * on for at most ``budget`` new positions in all (``*count`` of them taken so far),
 * to ``deadline`` (< 0: none) and ``memory`` bytes (< 0: no bound).  RUN_STOP with
 * ``*stop`` set when a limit or ``halt`` stopped it, RUN_WON at a won position (the
 * top of the path), RUN_THROUGH once every position is searched, RUN_NO_MEMORY when
 * the path could not grow, RUN_SIGNALS every 65,536 positions, for the caller to look
 * at the signals with the GIL held and call it again. */
static int run(Prober *o, long long budget, long long *count, double deadline,
               long long memory, const char **stop) {
    uint32_t names[1 + MAXC], key[1 + MAXC];
    while (o->depth) {
        Frame *f = &o->frames[o->depth - 1];
        if (f->next == f->end) {
            o->pooln = f->first;
            *path_top_of(o, f->h) = f->below;
            o->depth--;
            continue;
        }
        if (*count >= budget) {
            *stop = "nodes";
            return RUN_STOP;
        }
        St child;
        const Ahead *a = &o->ahead[f->next % AHEAD];
        Keys *keys = &o->tables.keys;
        uint64_t h;
        if (a->at == ++f->next) { /* the move's index plus one */
            child = a->st;
            memcpy(names, a->names, sizeof names); /* push overwrites the entry */
            key_of_names(names, o->r.ncols, key);
            h = a->h;
        } else if (successor(o, &f->st, f->names, &o->pool[f->next - 1], &child, names, key,
                             &h)) {
            f->next--; /* tried again on resuming */
            *stop = "memory";
            return RUN_STOP;
        }
        Shard *shard = keys_shard(keys, h);
        if (keys_due(shard) && (!o->full || keys_packed(shard))) {
            /* Growing a shard holds its old slots and its new at once, and moves its
             * keys (about 40 ns each): done only when the memory bound and the deadline
             * leave room for it; else it fills up to nine tenths.  Once the bound has
             * refused one shard, the others are looked at again only when packed. */
            size_t used = prober_bytes(o), w = (size_t)keys->width * sizeof *key;
            size_t size = keys_target(keys, shard, memory, used - keys_bytes(keys));
            size_t after = used + size * w;
            int room = size >= shard->size + shard->size / 8 &&
                       (memory < 0 || (long long)after <= memory);
            int time_left = time_to_move(deadline, shard->count);
            if (room && time_left) {
                if (keys_resize(keys, shard, size)) {
                    f->next--;
                    *stop = "memory";
                    return RUN_STOP;
                }
            } else if (!room) {
                o->full = 1;
                o->want = used + 2 * shard->size * w;
                if ((long long)o->want <= memory) o->want = (size_t)memory + 1;
            }
        }
        int got = keys_add(keys, shard, key, h);
        if (got < 0 && o->full && o->forget) {
            /* Packed by the memory bound: forget half of it and go on. */
            if (forget_shard(o, shard)) {
                f->next--;
                *stop = "memory";
                return RUN_STOP;
            }
            got = keys_add(keys, shard, key, h);
        }
        if (got < 0) {
            /* Nine tenths full: the memory bound, or the deadline, kept it from growing. */
            f->next--;
            *stop = o->full ? "memory" : "time";
            return RUN_STOP;
        }
        if (!got) continue;
        ++*count;
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
        if (push(o, &child, names, h)) return RUN_NO_MEMORY;
        if (up == 52) return RUN_WON;
        if (!(*count & 1023)) {
            if (deadline >= 0 && now() >= deadline) {
                *stop = "time";
                return RUN_STOP;
            }
            if (halted(o)) {
                *stop = "halt";
                return RUN_STOP;
            }
            if (memory >= 0 && (long long)prober_bytes(o) > memory) {
                /* The names or the path outgrew what the table's growth kept back for
                 * them: the shards give room back if they can, and the time allows. */
                if (!time_to_move(deadline, o->tables.keys.count) || prober_fit(o, memory) ||
                    (long long)prober_bytes(o) > memory) {
                    *stop = "memory";
                    return RUN_STOP;
                }
            }
            if (!(*count & 65535)) return RUN_SIGNALS;
        }
    }
    return RUN_THROUGH;
}

static PyObject *prober_advance(Prober *o, PyObject *args) {
    long long budget, memory;
    double seconds;
    if (!PyArg_ParseTuple(args, "LdL", &budget, &seconds, &memory)) return NULL;
    if (!o->frames) {
        PyErr_SetString(PyExc_RuntimeError, "the Prober was not started");
        return NULL;
    }
    if (refuse_busy(o)) return NULL;
    o->stop = NULL;
    o->full = 0;
    o->want = 0;
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
    if (halted(o)) {
        o->stop = "halt";
        return Py_BuildValue("(O[][])", Py_None);
    }
    int how;
    o->busy = 1;
    for (;;) {
        Py_BEGIN_ALLOW_THREADS
        how = run(o, budget, &count, deadline, memory, &stop);
        Py_END_ALLOW_THREADS
        if (how != RUN_SIGNALS) break;
        if (PyErr_CheckSignals()) {
            o->busy = 0;
            o->nodes += count;
            return NULL;
        }
    }
    o->busy = 0;
    o->nodes += count;
    switch (how) {
    case RUN_NO_MEMORY:
        /* The child is in the table but not on the path: no answer is sound now. */
        o->done = 3;
        return PyErr_NoMemory();
    case RUN_WON:
        o->done = 1;
        return line_of(o);
    case RUN_THROUGH:
        o->done = 2;
        return Py_BuildValue("(O[][])", Py_False);
    default:
        o->stop = stop;
        return Py_BuildValue("(O[][])", Py_None);
    }
}

PyDoc_STRVAR(halt_doc,
"halt()\n\n"
"Stop the search, from another thread: a running ``advance`` returns within 1,024\n"
"positions with ``stop`` \"halt\", and every later one at once.");

static PyObject *prober_halt(Prober *o, PyObject *unused) {
#ifdef __GNUC__
    __atomic_store_n(&o->halt, 1, __ATOMIC_RELAXED);
#else
    *(volatile int *)&o->halt = 1;
#endif
    Py_RETURN_NONE;
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
    return PyLong_FromSize_t(o->want > need ? o->want : need);
}

static PyObject *prober_best(Prober *o, void *closure) {
    if (refuse_busy(o)) return NULL;
    if (!o->have_best) Py_RETURN_NONE;
    return Py_BuildValue("((iii)N)", o->best_score[0], o->best_score[1], o->best_score[2],
                         imove(&o->root, &o->best_first));
}

static PyObject *prober_busy(Prober *o, void *closure) { return PyBool_FromLong(o->busy); }

static PyObject *prober_forgotten(Prober *o, void *closure) {
    return PyLong_FromLongLong(o->forgotten);
}

static PyObject *prober_path(Prober *o, void *closure) {
    return PyLong_FromSize_t(o->depth);
}

static PyGetSetDef prober_getset[] = {
    {"nodes", (getter)prober_nodes, NULL, "The positions searched so far (the root not counted).", NULL},
    {"stop", (getter)prober_stop, NULL, "What stopped the last advance: \"nodes\", \"time\", \"memory\", \"halt\" or None.", NULL},
    {"bytes", (getter)prober_size, NULL, "The bytes of table and path in use.", NULL},
    {"need", (getter)prober_need, NULL, "The bytes in use; once the memory bound has kept a shard of the table from growing, more than that bound.", NULL},
    {"best", (getter)prober_best, NULL, "The progress of the most advanced position so far, with the first move of the line to it; None before any.", NULL},
    {"path", (getter)prober_path, NULL, "The positions on the path, the root included.", NULL},
    {"busy", (getter)prober_busy, NULL, "Whether ``advance`` is running (in another thread).", NULL},
    {"forgotten", (getter)prober_forgotten, NULL, "The positions dropped from the table so far (with ``forget``).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyDoc_STRVAR(key_doc,
"key(state) -> bytes\n\n"
"The table's key of ``state``: the names of its rest and of its columns, sorted.");

/* The table's key of the state in ``args`` into ``key``; -1 with an exception set. */
static int key_of(Prober *o, PyObject *args, uint32_t *key) {
    PyObject *state_t;
    St st;
    if (!PyArg_ParseTuple(args, "O", &state_t)) return -1;
    if (!o->frames) {
        PyErr_SetString(PyExc_RuntimeError, "the Prober was not started");
        return -1;
    }
    if (refuse_busy(o)) return -1;
    if (read_state(state_t, &o->r, &st)) return -1;
    if (make_key(&o->r, &o->tables, &st, key)) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static PyObject *prober_key(Prober *o, PyObject *args) {
    uint32_t key[1 + MAXC];
    if (key_of(o, args, key)) return NULL;
    return PyBytes_FromStringAndSize((const char *)key, (Py_ssize_t)((1 + o->r.ncols) * sizeof *key));
}

PyDoc_STRVAR(seen_doc,
"seen(state) -> bool\n\n"
"Whether the table holds ``state``'s key: the search has met it, and not forgotten it.");

static PyObject *prober_seen(Prober *o, PyObject *args) {
    uint32_t key[1 + MAXC];
    if (key_of(o, args, key)) return NULL;
    return PyBool_FromLong(keys_has(&o->tables.keys, key));
}

static PyMethodDef prober_methods[] = {
    {"advance", (PyCFunction)prober_advance, METH_VARARGS, advance_doc},
    {"key", (PyCFunction)prober_key, METH_VARARGS, key_doc},
    {"seen", (PyCFunction)prober_seen, METH_VARARGS, seen_doc},
    {"halt", (PyCFunction)prober_halt, METH_NOARGS, halt_doc},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(prober_doc,
"Prober(rules, state, *, forget=False, seed=0)\n\n"
"The native main search from ``state`` under ``rules`` (the tuple of\n"
"pycanfield._solver_native.rules_tuple), resumed by ``advance``.  With ``forget``, a\n"
"table that the memory bound keeps from growing forgets positions off the path rather\n"
"than stop the search.  A nonzero ``seed`` shuffles each position's moves, in an order\n"
"drawn from it (the same each time).");

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
#include "_native_beam.h"

/* The (rules, state) pair of a module function's ``args``; -1 with an exception set. */
static int rules_and_state(PyObject *args, Rules *r, St *st) {
    PyObject *rules_t, *state_t;
    if (!PyArg_ParseTuple(args, "OO", &rules_t, &state_t)) return -1;
    return read_rules(rules_t, r) || read_state(state_t, r, st) ? -1 : 0;
}

PyDoc_STRVAR(children_doc,
"children(rules, state) -> [(move, state), ...]\n\n"
"The successors of ``state`` in the order the search tries them.");

static PyObject *py_children(PyObject *self, PyObject *args) {
    Rules r;
    St st;
    Mv kids[MOST * 2];
    if (rules_and_state(args, &r, &st)) return NULL;
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

PyDoc_STRVAR(locked_doc,
"locked(rules, state) -> bool\n\n"
"Whether the native search ends its branch at ``state`` by locked cards (the rules'\n"
"last two entries say which tests run: the quick test, 0 none, 1 every column, 2 any\n"
"one column; and as bits, 1 the largest locked set, 2 also while the talon is recycled\n"
"without end, 4 the locked cards behind a full reserve).");

static PyObject *py_locked(PyObject *self, PyObject *args) {
    Rules r;
    St st;
    if (rules_and_state(args, &r, &st)) return NULL;
    return PyBool_FromLong(locked(&r, &st));
}

PyDoc_STRVAR(frozen_doc,
"frozen(rules, state) -> bool\n\n"
"Whether the native search ends its branch at ``state`` by frozen foundations, with\n"
"nothing remembered from earlier tests (the rules' last entry is the most keys a test\n"
"looks at; 0: no test).");

static PyObject *py_frozen(PyObject *self, PyObject *args) {
    Rules r;
    St st;
    if (rules_and_state(args, &r, &st)) return NULL;
    uint64_t wanted = r.frozen ? frozen_wanted(&r, &st) : 0;
    if (!wanted || moving(&r, &st, wanted)) Py_RETURN_FALSE;
    Mv moves[2 * MOST];
    int n = generate(&r, &st, moves);
    Frozen *z = calloc(1, sizeof *z);
    int dead = z && !frozen_init(z) ? frozen_dead(&r, z, &st, wanted, moves, n) : -1;
    if (z) frozen_free(z);
    free(z);
    if (dead < 0) return PyErr_NoMemory();
    return PyBool_FromLong(dead);
}

static PyMethodDef methods[] = {
    {"children", py_children, METH_VARARGS, children_doc},
    {"locked", py_locked, METH_VARARGS, locked_doc},
    {"frozen", py_frozen, METH_VARARGS, frozen_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "pycanfield._native",
    "The solver's exhaustive search, in C (see pycanfield._solver_native).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__native(void) {
    if (PyType_Ready(&ProberType) < 0 || PyType_Ready(&BeamerType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&ProberType);
    if (PyModule_AddObject(m, "Prober", (PyObject *)&ProberType) < 0) {
        Py_DECREF(&ProberType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&BeamerType);
    if (PyModule_AddObject(m, "Beamer", (PyObject *)&BeamerType) < 0) {
        Py_DECREF(&BeamerType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

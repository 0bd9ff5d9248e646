/* The native search's test of frozen foundations (included once, by _native.c, after
 * _native_table.h): pycanfield._solver_frozen's Frozen.dead, with the same keys seen
 * through the cards' likeness, the same budget and the same memory of what it proved
 * (docs/solver.rst, "Frozen foundations"). */
#ifndef PYCANFIELD_NATIVE_FROZEN_H
#define PYCANFIELD_NATIVE_FROZEN_H

/* The most keys remembered, each way, before that memory is cleared (Frozen's _MEMO);
 * FROZEN_MOST (_native_moves.h) bounds the budget of one test. */
#define FROZEN_MEMO (1 << 17)
/* A key: the foundations, the columns (each its length, then its cards seen through
 * their likeness) in a fixed order, the reserve size, pointer and passes, and the
 * talon seen the same way. */
#define FROZEN_KEY 128

typedef struct {
    Strings lost, open; /* keys proved lost, and keys the test gave up from */
    uint8_t seen[FROZEN_MOST][FROZEN_KEY]; /* the keys of one test, and their positions */
    St stack[FROZEN_MOST];
} Frozen;

static int frozen_init(Frozen *z) {
    return strings_init(&z->lost) || strings_init(&z->open) ? -1 : 0;
}

static void frozen_free(Frozen *z) {
    strings_free(&z->lost);
    strings_free(&z->open);
}

static size_t frozen_bytes(const Frozen *z) {
    return strings_bytes(&z->lost) + strings_bytes(&z->open);
}

/* Empties ``t`` (a set that reached FROZEN_MEMO keys). */
static int strings_clear(Strings *t) {
    strings_free(t);
    return strings_init(t);
}

/* The cards next on their foundations in ``st``, as bits. */
static uint64_t frozen_wanted(const Rules *r, const St *st) {
    uint64_t wanted = 0;
    for (int s = 0; s < 4; s++)
        if (st->fnd[s] < 13) wanted |= (uint64_t)1 << r->nxt[s][st->fnd[s]];
    return wanted;
}

/* Whether a card of ``wanted`` can be played up from ``st`` at once (Frozen.moving). */
static int moving(const Rules *r, const St *st, uint64_t wanted) {
    if (st->rlen && wanted >> r->reserve[st->rlen - 1] & 1) return 1;
    int at = 0;
    for (int i = 0; i < r->ncols; i++) {
        at += st->len[i];
        if (st->len[i] && wanted >> st->cards[at - 1] & 1) return 1;
    }
    Reach reach[53];
    int n = talon_reach(r, st, reach);
    for (int i = 0; i < n; i++)
        if (wanted >> st->talon[reach[i].q - 1] & 1) return 1;
    return 0;
}

/* The key of ``st`` (Frozen.key, with its foundations): the cards not in ``wanted``
 * seen through ``r->alike``, the columns sorted by their bytes so seen.  Returns its
 * length. */
static int frozen_key(const Rules *r, const St *st, uint64_t wanted, uint8_t *key) {
    uint8_t cols[MAXC][53];
    int lens[MAXC], order[MAXC], at = 0, n = r->ncols;
    for (int i = 0; i < n; i++) {
        lens[i] = st->len[i];
        for (int j = 0; j < lens[i]; j++) {
            int c = st->cards[at + j];
            cols[i][j] = wanted >> c & 1 ? (uint8_t)c : r->alike[c];
        }
        at += lens[i];
        /* Sorted as the bytes are (a shorter column first when it begins the other). */
        int k = i;
        while (k > 0) {
            int o = order[k - 1], m = lens[o] < lens[i] ? lens[o] : lens[i];
            int cmp = memcmp(cols[o], cols[i], (size_t)m);
            if (cmp < 0 || (cmp == 0 && lens[o] <= lens[i])) break;
            order[k] = o;
            k--;
        }
        order[k] = i;
    }
    int w = 0;
    memcpy(key, st->fnd, 4);
    w = 4;
    for (int k = 0; k < n; k++) {
        key[w++] = (uint8_t)lens[order[k]];
        memcpy(key + w, cols[order[k]], (size_t)lens[order[k]]);
        w += lens[order[k]];
    }
    key[w++] = st->rlen;
    key[w++] = st->p;
    key[w++] = st->passes;
    for (int i = 0; i < st->tlen; i++) {
        int c = st->talon[i];
        key[w++] = wanted >> c & 1 ? (uint8_t)c : r->alike[c];
    }
    return w;
}

/* Remembers that the test gave up from ``root`` (Frozen._give_up).  Returns -1 out of
 * memory. */
static int frozen_give_up(Frozen *z, const uint8_t *root, int n) {
    if (z->open.count >= FROZEN_MEMO && strings_clear(&z->open)) return -1;
    return intern(&z->open, root, n) ? 0 : -1;
}

/* Whether ``st``, from which no card of ``wanted`` (its foundations' next cards) can
 * go up at once, is lost by frozen foundations (Frozen.dead, past its first test):
 * every line of moves from it keeps the foundations frozen.  ``first`` holds its ``n``
 * moves, made by the caller, who needs them when the test gives up.  It gives up (0)
 * after ``r->frozen`` keys.  Returns -1 out of memory. */
static int frozen_dead(const Rules *r, Frozen *z, const St *st, uint64_t wanted,
                       const Mv *first, int nfirst) {
    uint8_t (*seen)[FROZEN_KEY] = z->seen;
    St *stack = z->stack;
    int lens[FROZEN_MOST], nseen = 0, depth = 0;
    Mv moves[2 * MOST];
    int n = frozen_key(r, st, wanted, seen[0]);
    if (strings_has(&z->lost, seen[0], n)) return 1;
    if (strings_has(&z->open, seen[0], n)) return 0;
    lens[nseen++] = n;
    stack[depth++] = *st;
    for (int root = 1; depth; root = 0) {
        St here = stack[--depth]; /* ``st`` first: its moves are made */
        const Mv *made = root ? first : moves;
        int m = root ? nfirst : generate(r, &here, moves);
        for (int i = 0; i < m; i++) {
            St child;
            apply_move(r, &here, &made[i], &child);
            uint8_t key[FROZEN_KEY];
            if (memcmp(child.fnd, st->fnd, 4) || moving(r, &child, wanted))
                return frozen_give_up(z, seen[0], lens[0]);
            int k = frozen_key(r, &child, wanted, key), j;
            for (j = 0; j < nseen; j++)
                if (lens[j] == k && !memcmp(seen[j], key, (size_t)k)) break;
            if (j < nseen || strings_has(&z->lost, key, k)) continue;
            if (nseen >= r->frozen) return frozen_give_up(z, seen[0], lens[0]);
            memcpy(seen[nseen], key, (size_t)k);
            lens[nseen++] = k;
            stack[depth++] = child;
        }
    }
    if (z->lost.count + (size_t)nseen > FROZEN_MEMO && strings_clear(&z->lost)) return -1;
    for (int j = 0; j < nseen; j++)
        if (!intern(&z->lost, seen[j], lens[j])) return -1;
    return 1;
}

#endif /* PYCANFIELD_NATIVE_FROZEN_H */

/* The native search's table of positions (included once, by _native.c, after
 * _native_moves.h): exact keys made of the names of a position's columns and rest. */
#ifndef PYCANFIELD_NATIVE_TABLE_H
#define PYCANFIELD_NATIVE_TABLE_H
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

/* The slot of ``key`` (``n`` bytes, hash ``h``): where it is, or the empty slot where
 * it would go; ``*name`` its name, 0 if absent. */
static size_t strings_slot(const Strings *t, const uint8_t *key, int n, uint64_t h,
                           uint32_t *name) {
    uint64_t tag = h >> 48;
    size_t j = (size_t)h & t->mask;
    *name = 0;
    for (;;) {
        uint64_t v = t->slots[j];
        if (!v) return j;
        if ((v & 0xFFFF) == tag) {
            size_t off = (size_t)(v >> 16) - 1;
            if (t->arena[off] == n && !memcmp(t->arena + off + 1, key, (size_t)n)) {
                *name = (uint32_t)(off + 1);
                return j;
            }
        }
        j = (j + 1) & t->mask;
    }
}

/* Whether ``key`` (``n`` bytes) has been entered. */
static int strings_has(const Strings *t, const uint8_t *key, int n) {
    uint32_t name;
    strings_slot(t, key, n, hash_bytes(key, (size_t)n), &name);
    return name != 0;
}

/* The name of ``key`` (``n`` < 256 bytes), entered if new: its arena offset plus one,
 * or 0 out of memory. */
static uint32_t intern(Strings *t, const uint8_t *key, int n) {
    if ((t->count + 1) * 10 > (t->mask + 1) * 7 && strings_grow(t)) return 0;
    uint64_t h = hash_bytes(key, (size_t)n);
    uint64_t tag = h >> 48;
    uint32_t name;
    size_t j = strings_slot(t, key, n, h, &name);
    if (name) return name;
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
 * The slots are split into SHARDS tables by the top bits of the key's hash, each
 * growing on its own at three quarters full: growing holds only one shard twice over,
 * not the whole table.  A shard's size need not be a power of two (the slot is the low
 * hash bits scaled to it), so that under a memory bound the shards can share out the
 * room evenly (see ``keys_target``); a shard that cannot grow fills up to nine tenths. */
#define SHARD_BITS 8
#define SHARDS (1 << SHARD_BITS)

typedef struct {
    uint32_t *slots;
    size_t size, count;
    unsigned rounds; /* how many times keys_forget has emptied it by half */
} Shard;

typedef struct {
    Shard shard[SHARDS];
    size_t count, slots; /* in all shards */
    int width;
} Keys;

static int keys_init(Keys *t, int width) {
    t->width = width;
    t->count = 0;
    t->slots = 0;
    for (int i = 0; i < SHARDS; i++) {
        Shard *s = &t->shard[i];
        s->size = 256;
        s->count = 0;
        s->rounds = 0;
        s->slots = calloc(s->size * (size_t)width, sizeof *s->slots);
        if (!s->slots) return -1;
        t->slots += s->size;
    }
    return 0;
}

static void keys_free(Keys *t) {
    for (int i = 0; i < SHARDS; i++) free(t->shard[i].slots);
}

static size_t keys_bytes(const Keys *t) {
    return t->slots * (size_t)t->width * sizeof(uint32_t);
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

/* The shard of a key with hash ``h`` (its top bits), and the slot it is first looked
 * for in (its low 32 bits, scaled to the shard's size). */
static Shard *keys_shard(Keys *t, uint64_t h) { return &t->shard[h >> (64 - SHARD_BITS)]; }
static size_t keys_slot(uint64_t h, size_t size) {
    return (size_t)(((h & 0xFFFFFFFFu) * (uint64_t)size) >> 32);
}

/* An even share of the slots that a bound of ``memory`` bytes leaves the keys, past
 * what the rest of the search takes (``others`` bytes: the names and the path).  Twice
 * what the others take now is kept back, and a little more, for they grow too. */
static size_t keys_share(const Keys *t, long long memory, size_t others) {
    double room = (double)memory - 2.0 * (double)others;
    if (room <= 0) return 0;
    return (size_t)(room * 0.98 / SHARDS / ((double)t->width * sizeof(uint32_t)));
}

/* The size ``s`` grows to: twice its own, but under a bound of ``memory`` bytes (< 0:
 * none) no more than its share (keys_share). */
static size_t keys_target(const Keys *t, const Shard *s, long long memory, size_t others) {
    size_t twice = 2 * s->size;
    if (memory < 0) return twice;
    size_t share = keys_share(t, memory, others);
    return share < twice ? share : twice;
}

/* Moves the keys of ``s`` into ``size`` slots (more or fewer). */
static int keys_resize(Keys *t, Shard *s, size_t size) {
    size_t w = (size_t)t->width;
    uint32_t *slots = calloc(size * w, sizeof *slots);
    if (!slots) return -1;
    for (size_t i = 0; i < s->size; i++) {
        const uint32_t *v = s->slots + i * w;
        if (!v[0]) continue;
        size_t j = keys_slot(hash_key(v, t->width), size);
        while (slots[j * w]) j = j + 1 == size ? 0 : j + 1;
        memcpy(slots + j * w, v, w * sizeof *v);
    }
    free(s->slots);
    s->slots = slots;
    t->slots += size - s->size;
    s->size = size;
    return 0;
}

/* Drops about half the keys of ``s``: those whose hash has a bit set, a different bit
 * each round, so that a key lasts a round with odds of one half and older keys are
 * fewer.  The search may forget any position but those on its path (which the caller
 * enters again): see docs/solver.rst, "Forgetting".  In place, with no memory taken
 * (a new array each time would leave the heap in pieces): the dropped slots are
 * emptied, then each key left is entered again from its first slot, going round the
 * shard, so that no gap lies between a key and its first slot.  Returns the keys
 * dropped. */
static size_t keys_forget(Keys *t, Shard *s) {
    size_t w = (size_t)t->width, size = s->size, dropped = 0, gap = size;
    uint64_t bit = (uint64_t)1 << (32 + s->rounds++ % 24);
    for (size_t i = 0; i < size; i++) {
        uint32_t *v = s->slots + i * w;
        if (!v[0]) {
            if (gap == size) gap = i;
        } else if (hash_key(v, t->width) & bit) {
            memset(v, 0, w * sizeof *v);
            dropped++;
        }
    }
    /* The walk starts from a slot that was empty before: no key's run of slots from its
     * first crosses it, so each key finds its place among those already walked. */
    if (gap == size) return 0; /* a shard is never full */
    uint32_t key[1 + MAXC];
    for (size_t k = 1; k < size; k++) {
        size_t i = (gap + k) % size;
        uint32_t *v = s->slots + i * w;
        if (!v[0]) continue;
        memcpy(key, v, w * sizeof *v);
        memset(v, 0, w * sizeof *v);
        size_t j = keys_slot(hash_key(key, t->width), size);
        while (s->slots[j * w]) j = j + 1 == size ? 0 : j + 1;
        memcpy(s->slots + j * w, key, w * sizeof *key);
    }
    t->count -= dropped;
    s->count -= dropped;
    return dropped;
}

/* Shrinks the shards larger than their share of ``memory`` (see keys_share), each to
 * its share but no smaller than leaves it room for one more key: for when the rest of
 * the search has outgrown what was kept back for it.  Returns -1 out of memory. */
static int keys_fit(Keys *t, long long memory, size_t others) {
    size_t share = keys_share(t, memory, others);
    for (int i = 0; i < SHARDS; i++) {
        Shard *s = &t->shard[i];
        size_t least = (s->count + 2) * 10 / 9 + 1;
        size_t size = share > least ? share : least;
        if (size < s->size && keys_resize(t, s, size)) return -1;
    }
    return 0;
}

/* Whether a shard is three quarters full: time to grow it, if the memory and the time
 * allow; and whether it is nine tenths full, when no new key may enter it. */
static int keys_due(const Shard *s) { return (s->count + 1) * 4 > s->size * 3; }
static int keys_packed(const Shard *s) { return (s->count + 1) * 10 > s->size * 9; }

/* 1 if ``key`` (with hash ``h``, in shard ``s``) is new and now entered, 0 if seen,
 * -1 if new when the shard is nine tenths full (then it is not entered). */
static int keys_add(Keys *t, Shard *s, const uint32_t *key, uint64_t h) {
    size_t w = (size_t)t->width;
    size_t j = keys_slot(h, s->size);
    for (;;) {
        uint32_t *v = s->slots + j * w;
        if (!v[0]) break;
        if (!memcmp(v, key, w * sizeof *key)) return 0;
        j = j + 1 == s->size ? 0 : j + 1;
    }
    if (keys_packed(s)) return -1;
    memcpy(s->slots + j * w, key, w * sizeof *key);
    s->count++;
    t->count++;
    return 1;
}

/* Whether ``key`` is in the table. */
static int keys_has(Keys *t, const uint32_t *key) {
    size_t w = (size_t)t->width;
    uint64_t h = hash_key(key, t->width);
    const Shard *s = keys_shard(t, h);
    for (size_t j = keys_slot(h, s->size);; j = j + 1 == s->size ? 0 : j + 1) {
        const uint32_t *v = s->slots + j * w;
        if (!v[0]) return 0;
        if (!memcmp(v, key, w * sizeof *key)) return 1;
    }
}

/* keys_add, the hash and shard found here. */
static int keys_enter(Keys *t, const uint32_t *key) {
    uint64_t h = hash_key(key, t->width);
    return keys_add(t, keys_shard(t, h), key, h);
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
    keys_free(&t->keys);
}

static size_t tables_bytes(const Tables *t) {
    return strings_bytes(&t->columns) + strings_bytes(&t->rests) + keys_bytes(&t->keys);
}

/* The names of the parts of ``st``'s key, into ``names``: first its rest's (the
 * reserve size, the pointer, the passes, and which of the root's talon cards are
 * left, 52 bits), then its columns' in order.  A part that is as in ``up`` (names
 * ``up_names``; NULL: none) keeps its name without hashing or looking it up: a move
 * changes one or two columns, and often not the rest, so a child's key mostly reuses
 * its parent's names.  Returns -1 out of memory. */
static int name_parts(const Rules *r, Tables *t, const St *st, const St *up,
                      const uint32_t *up_names, uint32_t *names) {
    if (up && st->rlen == up->rlen && st->p == up->p && st->passes == up->passes &&
        st->tlen == up->tlen && !memcmp(st->talon, up->talon, st->tlen)) {
        names[0] = up_names[0];
    } else {
        uint8_t rest[10];
        rest[0] = st->rlen;
        rest[1] = st->p;
        rest[2] = st->passes;
        uint64_t bits = talon_bits(r, st);
        for (int i = 0; i < 7; i++) rest[3 + i] = (uint8_t)(bits >> (8 * i));
        if (!(names[0] = intern(&t->rests, rest, 10))) return -1;
    }
    int at = 0, up_at = 0;
    for (int i = 0; i < r->ncols; i++) {
        int n = st->len[i];
        if (up && up->len[i] == n && !memcmp(st->cards + at, up->cards + up_at, (size_t)n))
            names[1 + i] = up_names[1 + i];
        else if (!(names[1 + i] = intern(&t->columns, st->cards + at, n)))
            return -1;
        at += n;
        if (up) up_at += up->len[i];
    }
    return 0;
}

/* The exact key of the parts named ``names`` (of name_parts): the rest's name, then
 * the columns' sorted (interchangeable columns); the foundations follow. */
static void key_of_names(const uint32_t *names, int ncols, uint32_t *key) {
    key[0] = names[0];
    for (int i = 0; i < ncols; i++) {
        uint32_t name = names[1 + i];
        int j = i;
        while (j > 0 && key[j] > name) {
            key[j + 1] = key[j];
            j--;
        }
        key[j + 1] = name;
    }
}

/* The exact key of ``st``, its parts named afresh.  Returns -1 out of memory. */
static int make_key(const Rules *r, Tables *t, const St *st, uint32_t *key) {
    uint32_t names[1 + MAXC];
    if (name_parts(r, t, st, NULL, NULL, names)) return -1;
    key_of_names(names, r->ncols, key);
    return 0;
}

#endif /* PYCANFIELD_NATIVE_TABLE_H */

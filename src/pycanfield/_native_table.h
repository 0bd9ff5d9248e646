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

#endif /* PYCANFIELD_NATIVE_TABLE_H */

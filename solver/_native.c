/*
 * solver._native: the exact solver's search loop and propagation in C.
 *
 * This is a faithful port of solver/search.py (Search.run with no rng) and
 * of the constraints of solver/constraints.py as compiled by
 * solver/propagate.py.  It runs the same constraints in the same order, with
 * the same tiered queues and the same dom/wdeg branching, so it visits
 * exactly the same nodes as the Python search -- only about 30-60x faster
 * per node.  solver/native.py encodes a Propagator into the flat int
 * program read here; see that module for the layout.  The Python code stays
 * the reference: tests compare the two node for node.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint16_t mask_t;

enum { K_HOUSE = 0, K_POINTING = 1, K_ALLDIFF = 2, K_CAGE = 3, K_SUM = 4,
       K_DIFF = 5, K_PAIR = 6, K_COMPARE = 7 };

#define TIERS 4
#define NO_TOTAL (-1000000)
#define SUM_EXACT_CELLS 6
#define ALL9 0x3FE

typedef struct {
    int kind, tier, n;
    const int *cells;   /* n cells */
    const int *extra;   /* kind-specific data, right after the cells */
} Con;

typedef struct {
    int ncells, ncons, max_digit, ntables;
    int *blob;                 /* owned copy of the program */
    Con *cons;
    int *cc_start, *cc;        /* cell -> constraints watching it (CSR) */
    const int *tables;         /* ntables * 1024 pair-support entries */
    mask_t mirror[1024];
    const struct Combos *combos;   /* digit combinations for max_digit */
    struct Queue *queue;           /* work space for propagate() calls from Python */
} Prog;

/* Digit combinations for one max_digit: the masks of `size` digits summing to `total`. */
typedef struct Combos {
    int start[10][46], count[10][46];
    mask_t list[512];
} Combos;

static Combos combos_by_max[10];
static int combos_ready[10];

typedef struct Queue {
    Prog *P;
    unsigned char *queued;
    int *qbuf[TIERS];
    int qhead[TIERS], qlen[TIERS];
    int low;
    int failed;                /* constraint that found the last contradiction, or -1 */
} Queue;

static int POP[1024], LOW[1024], HIGH[1024];
static mask_t UPTO[10], FROM[10];

static void init_tables(void)
{
    for (int m = 0; m < 1024; m++) {
        POP[m] = __builtin_popcount(m);
        LOW[m] = m ? __builtin_ctz(m) : 10;
        HIGH[m] = m ? 31 - __builtin_clz(m) : 0;
    }
    for (int d = 0; d < 10; d++) {
        UPTO[d] = (mask_t)(((1 << (d + 1)) - 1) & ~1);
        FROM[d] = (mask_t)(ALL9 & ~((1 << d) - 1));
    }
}

static inline mask_t upto(int d) { return d < 0 ? 0 : d > 9 ? ALL9 : UPTO[d]; }
static inline mask_t from(int d) { return d < 0 ? ALL9 : d > 9 ? 0 : FROM[d]; }
static inline int open_mask(mask_t m) { return (m & (m - 1)) != 0; }

/* --- the queue ------------------------------------------------------------------------- */

/* A cell changed: queue every constraint watching it that is not queued yet. */
static inline void touch(Queue *q, int c)
{
    Prog *P = q->P;
    for (int i = P->cc_start[c]; i < P->cc_start[c + 1]; i++) {
        int j = P->cc[i];
        if (!q->queued[j]) {
            q->queued[j] = 1;
            int t = P->cons[j].tier;
            int pos = q->qhead[t] + q->qlen[t];
            if (pos >= P->ncons) pos -= P->ncons;
            q->qbuf[t][pos] = j;
            q->qlen[t]++;
            if (t < q->low) q->low = t;
        }
    }
}

/* Narrow one cell to `nm` (a subset of its mask); -1 when it empties. */
#define SET(c, nm) do { mask_t _n = (nm); if (!_n) return -1; masks[c] = _n; touch(q, (c)); } while (0)

/* --- exact supports --------------------------------------------------------------------- */

/* Port of supports._match: per cell, the digits in some perfect matching. */
static int match(mask_t *sup, int n)
{
    mask_t fixed = 0;
    for (;;) {
        mask_t nw = 0;
        for (int i = 0; i < n; i++) {
            mask_t m = sup[i];
            if (open_mask(m)) {
                if (m & fixed) {
                    m &= (mask_t)~fixed;
                    if (!m) return -1;
                    sup[i] = m;
                    if (!open_mask(m)) {
                        if (nw & m) return -1;
                        nw |= m;
                    }
                }
            } else if (!(m & fixed)) {
                if ((nw & m) || !m) return -1;
                nw |= m;
            }
        }
        if (!nw) break;
        fixed |= nw;
    }
    int open[16], nopen = 0;
    mask_t om[16];
    for (int i = 0; i < n; i++)
        if (open_mask(sup[i])) { om[nopen] = sup[i]; open[nopen++] = i; }
    if (!nopen) return 0;
    int count = 1 << nopen;
    mask_t seen[512];
    int tight[512], nt = 0;
    seen[0] = 0;
    for (int s = 1; s < count; s++) {
        mask_t u = seen[s & (s - 1)] | om[__builtin_ctz(s)];
        seen[s] = u;
        int k = POP[u] - POP[s];
        if (k <= 0) {
            if (k < 0) return -1;
            tight[nt++] = s;
        }
    }
    int everyone = count - 1;
    if (nt && tight[nt - 1] == everyone) nt--;
    for (int t = 0; t < nt; t++) {
        int s = tight[t];
        mask_t used = seen[s];
        int rest = everyone ^ s;
        while (rest) {
            int j = __builtin_ctz(rest);
            rest &= rest - 1;
            sup[open[j]] &= (mask_t)~used;
        }
    }
    return 0;
}

/* A cache of match() for up to six cells: the cut-down masks packed in 60
 * bits plus the cell count, and the result (or "no matching").  The same
 * cut-down masks recur far more often than whole cage states. */
#define MCACHE_BITS 16
#define MCACHE_SIZE (1 << MCACHE_BITS)
typedef struct { uint64_t key; mask_t out[6]; uint8_t ok; } MEntry;
static MEntry *mcache;

static int match_cached(mask_t *sup, int n)
{
    if (n > 6 || !mcache) return match(sup, n);
    uint64_t key = (uint64_t)n;
    for (int i = 0; i < n; i++) key |= (uint64_t)(sup[i] >> 1) << (4 + 9 * i);
    uint64_t h = key * 0x9E3779B97F4A7C15ull;
    MEntry *e = &mcache[h >> (64 - MCACHE_BITS)];
    if (e->key == key) {
        if (!e->ok) return -1;
        memcpy(sup, e->out, sizeof(mask_t) * (size_t)n);
        return 0;
    }
    int r = match(sup, n);
    e->key = key;
    e->ok = r == 0;
    if (r == 0) memcpy(e->out, sup, sizeof(mask_t) * (size_t)n);
    return r;
}

/* Port of supports.cage_support: distinct digits summing to total. */
static int cage_support(const Prog *P, int total, const mask_t *now, int n, mask_t forced,
                        mask_t *sup, mask_t *required)
{
    if (n > 9 || total < 0 || total > 45) return -1;
    mask_t uni = 0;
    for (int i = 0; i < n; i++) uni |= now[i];
    int found = 0;
    mask_t req = 0xFFFF, cut[9];
    for (int i = 0; i < n; i++) sup[i] = 0;
    int start = P->combos->start[n][total], count = P->combos->count[n][total];
    for (int k = 0; k < count; k++) {
        mask_t combo = P->combos->list[start + k];
        if ((combo & ~uni) || (forced & ~combo)) continue;
        int empty = 0;
        for (int i = 0; i < n; i++) {
            cut[i] = now[i] & combo;
            if (!cut[i]) { empty = 1; break; }
        }
        if (empty || match_cached(cut, n) < 0) continue;
        for (int i = 0; i < n; i++) sup[i] |= cut[i];
        req &= combo;
        found = 1;
    }
    if (!found) return -1;
    *required = req;
    return 0;
}

/* Port of supports.sum_support: digits may repeat; at most six cells. */
static int sum_support(int total, const mask_t *now, int n, mask_t *out)
{
    if (total < 0 || total > 63) return -1;
    uint64_t reach[SUM_EXACT_CELLS + 1], left[SUM_EXACT_CELLS + 1];
    reach[0] = 1;
    for (int k = 0; k < n; k++) {
        uint64_t acc = 0;
        for (unsigned m = now[k]; m; m &= m - 1) acc |= reach[k] << __builtin_ctz(m);
        reach[k + 1] = acc;
    }
    if (!(reach[n] >> total & 1)) return -1;
    left[n] = (uint64_t)1 << total;
    for (int k = n - 1; k >= 0; k--) {
        uint64_t acc = 0;
        for (unsigned m = now[k]; m; m &= m - 1) acc |= left[k + 1] >> __builtin_ctz(m);
        left[k] = acc;
    }
    for (int k = 0; k < n; k++) {
        mask_t s = 0;
        for (unsigned m = now[k]; m; m &= m - 1) {
            int d = __builtin_ctz(m);
            if (reach[k] & (left[k + 1] >> d)) s |= (mask_t)(1 << d);
        }
        out[k] = s;
    }
    return 0;
}

/* --- the constraints (ports of solver/constraints.py) ---------------------------------- */

static int run_house(Queue *q, const Con *k, mask_t *masks)
{
    const int *cells = k->cells;
    int n = k->n;
    mask_t full = (mask_t)k->extra[0];
    mask_t fixed = 0, once = 0, twice = 0;
    for (int i = 0; i < n; i++) {
        mask_t m = masks[cells[i]];
        if (open_mask(m)) { twice |= once & m; once |= m; }
        else { if (fixed & m) return -1; fixed |= m; }
    }
    if (once & fixed) {
        for (;;) {
            mask_t nw = 0;
            once = twice = 0;
            for (int i = 0; i < n; i++) {
                int c = cells[i];
                mask_t m = masks[c];
                if (open_mask(m)) {
                    if (m & fixed) {
                        m &= (mask_t)~fixed;
                        if (!m) return -1;
                        masks[c] = m;
                        touch(q, c);
                        if (!open_mask(m)) {
                            if (nw & m) return -1;
                            nw |= m;
                            continue;
                        }
                    }
                    twice |= once & m;
                    once |= m;
                }
            }
            if (!nw) break;
            fixed |= nw;
        }
    }
    if ((once | fixed) != full) return -1;
    mask_t hidden = once & (mask_t)~twice;
    if (hidden) {
        for (int i = 0; i < n; i++) {
            int c = cells[i];
            mask_t m = masks[c], h = m & hidden;
            if (h && h != m) {
                if (open_mask(h)) return -1;
                masks[c] = h;
                touch(q, c);
            }
        }
    }
    return 0;
}

static int run_pointing(Queue *q, const Con *k, mask_t *masks)
{
    const int *cells = k->cells;
    int n = k->n;
    mask_t now[81];
    mask_t fixed = 0;
    for (int i = 0; i < n; i++) {
        now[i] = masks[cells[i]];
        if (!open_mask(now[i])) fixed |= now[i];
    }
    const int *p = k->extra;
    int nfam = *p++;
    for (int f = 0; f < nfam; f++) {
        const int *part_of = p;
        p += n;
        int nparts = *p++;
        mask_t unions[82];
        for (int j = 0; j < nparts; j++) unions[j] = 0;
        for (int i = 0; i < n; i++) unions[part_of[i]] |= now[i];
        mask_t once = 0, twice = 0;
        for (int j = 0; j < nparts; j++) { twice |= once & unions[j]; once |= unions[j]; }
        mask_t single = once & (mask_t)~twice & (mask_t)~fixed;
        for (int j = 0; j < nparts; j++) {
            int nout = *p++;
            const int *outs = p;
            p += nout;
            if (!single) continue;
            mask_t confined = unions[j] & single;
            if (confined && nout) {
                for (int o = 0; o < nout; o++) {
                    int c = outs[o];
                    mask_t m = masks[c];
                    if (m & confined) SET(c, m & (mask_t)~confined);
                }
            }
        }
    }
    return 0;
}

static int run_alldiff(Queue *q, const Con *k, mask_t *masks)
{
    const int *cells = k->cells;
    int n = k->n;
    mask_t fixed = 0, uni;
    for (int i = 0; i < n; i++) {
        mask_t m = masks[cells[i]];
        if (!open_mask(m)) { if (fixed & m) return -1; fixed |= m; }
    }
    for (;;) {
        mask_t nw = 0;
        uni = 0;
        for (int i = 0; i < n; i++) {
            int c = cells[i];
            mask_t m = masks[c];
            if (open_mask(m) && (m & fixed)) {
                m &= (mask_t)~fixed;
                if (!m) return -1;
                masks[c] = m;
                touch(q, c);
                if (!open_mask(m)) {
                    if (nw & m) return -1;
                    nw |= m;
                }
            }
            uni |= m;
        }
        if (!nw) break;
        fixed |= nw;
    }
    if (POP[uni] < n) return -1;
    return 0;
}

/* A link: nrest, rest..., nout, outs...; returns a pointer past it. */
static const int *push_out(Queue *q, const int *p, mask_t *masks, mask_t needed, int *fail)
{
    int nrest = *p++;
    const int *rest = p;
    p += nrest;
    int nout = *p++;
    const int *outs = p;
    p += nout;
    if (*fail) return p;
    mask_t ru = 0;
    for (int i = 0; i < nrest; i++) ru |= masks[rest[i]];
    mask_t confined = needed & (mask_t)~ru;
    if (confined) {
        for (int i = 0; i < nout; i++) {
            int c = outs[i];
            mask_t m = masks[c];
            if (m & confined) {
                m &= (mask_t)~confined;
                if (!m) { *fail = 1; return p; }
                masks[c] = m;
                touch(q, c);
            }
        }
    }
    return p;
}

static int run_cage(Queue *q, const Con *k, mask_t *masks)
{
    const int *cells = k->cells;
    int n = k->n;
    const int *p = k->extra;
    int total = p[0];
    mask_t full = (mask_t)p[1];
    int nlinks = p[2];
    const int *links = p + 3;
    /* Skip the links to find the house links. */
    const int *h = links;
    for (int i = 0; i < nlinks; i++) { h += 1 + h[0]; h += 1 + h[0]; }
    int nhouses = *h++;
    mask_t forced = 0;
    for (int i = 0; i < nhouses; i++) {
        int nrest = *h++;
        const int *rest = h;
        h += nrest;
        int nout = *h++;
        const int *outs = h;
        h += nout;
        mask_t ou = 0;
        for (int j = 0; j < nout; j++) ou |= masks[outs[j]];
        mask_t claimed = full & (mask_t)~ou;
        if (claimed) {
            forced |= claimed;
            for (int j = 0; j < nrest; j++) {
                int c = rest[j];
                mask_t m = masks[c];
                if (m & claimed) SET(c, m & (mask_t)~claimed);
            }
        }
    }
    mask_t now[9], sup[9], needed;
    for (int i = 0; i < n; i++) now[i] = masks[cells[i]];
    if (cage_support(q->P, total, now, n, forced, sup, &needed) < 0) return -1;
    mask_t fixed = 0;
    for (int i = 0; i < n; i++) {
        if (now[i] != sup[i]) { masks[cells[i]] = sup[i]; touch(q, cells[i]); }
        if (!open_mask(sup[i])) fixed |= sup[i];
    }
    needed &= (mask_t)~fixed;
    if (needed) {
        int fail = 0;
        const int *l = links;
        for (int i = 0; i < nlinks; i++) {
            l = push_out(q, l, masks, needed, &fail);
            if (fail) return -1;
        }
    }
    return 0;
}

static int run_sum(Queue *q, const Con *k, mask_t *masks)
{
    const int *cells = k->cells;
    int n = k->n, total = k->extra[0];
    if (n <= SUM_EXACT_CELLS) {
        mask_t now[SUM_EXACT_CELLS], sup[SUM_EXACT_CELLS];
        for (int i = 0; i < n; i++) now[i] = masks[cells[i]];
        if (sum_support(total, now, n, sup) < 0) return -1;
        for (int i = 0; i < n; i++)
            if (now[i] != sup[i]) { masks[cells[i]] = sup[i]; touch(q, cells[i]); }
        return 0;
    }
    int lo = 0, hi = 0;
    for (int i = 0; i < n; i++) { mask_t m = masks[cells[i]]; lo += LOW[m]; hi += HIGH[m]; }
    if (lo > total || hi < total) return -1;
    for (int i = 0; i < n; i++) {
        int c = cells[i];
        mask_t m = masks[c];
        mask_t nm = m & upto(total - (lo - LOW[m])) & from(total - (hi - HIGH[m]));
        if (nm != m) SET(c, nm);
    }
    return 0;
}

static int run_diff(Queue *q, const Con *k, mask_t *masks)
{
    const Prog *P = q->P;
    const int *cells = k->cells;
    int n = k->n, total = k->extra[0];
    const int *flip = k->extra + 1;
    mask_t now[SUM_EXACT_CELLS], sup[SUM_EXACT_CELLS];
    for (int i = 0; i < n; i++) {
        mask_t m = masks[cells[i]];
        now[i] = flip[i] ? P->mirror[m] : m;
    }
    if (sum_support(total, now, n, sup) < 0) return -1;
    for (int i = 0; i < n; i++)
        if (now[i] != sup[i]) {
            masks[cells[i]] = flip[i] ? P->mirror[sup[i]] : sup[i];
            touch(q, cells[i]);
        }
    return 0;
}

static int run_pair(Queue *q, const Con *k, mask_t *masks)
{
    int a = k->extra[0], b = k->extra[1];
    const int *table = q->P->tables + 1024 * k->extra[2];
    mask_t ma = masks[a], mb = masks[b];
    mask_t na = ma & (mask_t)table[mb];
    if (!na) return -1;
    mask_t nb = mb & (mask_t)table[na];
    if (!nb) return -1;
    if (na != ma) { masks[a] = na; touch(q, a); }
    if (nb != mb) { masks[b] = nb; touch(q, b); }
    return 0;
}

static int run_compare(Queue *q, const Con *k, mask_t *masks)
{
    const int *p = k->extra;
    int nleft = p[0], gap = p[1], lt = p[2], rt = p[3];
    const int *left = k->cells, *right = k->cells + nleft;
    int nright = k->n - nleft;
    int llo = 0, rhi = 0;   /* the least the left side can add up to, the most the right can */
    for (int i = 0; i < nleft; i++) llo += LOW[masks[left[i]]];
    for (int i = 0; i < nright; i++) rhi += HIGH[masks[right[i]]];
    if (lt != NO_TOTAL) llo = lt;
    if (rt != NO_TOTAL) rhi = rt;
    if (llo + gap > rhi) return -1;
    if (lt == NO_TOTAL) {
        for (int i = 0; i < nleft; i++) {
            int c = left[i];
            mask_t m = masks[c];
            mask_t nm = m & upto(rhi - gap - (llo - LOW[m]));
            if (nm != m) SET(c, nm);
        }
    }
    if (rt == NO_TOTAL) {
        for (int i = 0; i < nright; i++) {
            int c = right[i];
            mask_t m = masks[c];
            mask_t nm = m & from(llo + gap - (rhi - HIGH[m]));
            if (nm != m) SET(c, nm);
        }
    }
    return 0;
}

static int run_con(Queue *q, const Con *k, mask_t *masks)
{
    switch (k->kind) {
    case K_HOUSE: return run_house(q, k, masks);
    case K_POINTING: return run_pointing(q, k, masks);
    case K_ALLDIFF: return run_alldiff(q, k, masks);
    case K_CAGE: return run_cage(q, k, masks);
    case K_SUM: return run_sum(q, k, masks);
    case K_DIFF: return run_diff(q, k, masks);
    case K_PAIR: return run_pair(q, k, masks);
    case K_COMPARE: return run_compare(q, k, masks);
    }
    return -1;
}

/* Port of Propagator.propagate: `all` (< 0) starts every constraint, else the
 * constraints on the `nstart` cells of `start`.  1 at a fixed point, 0 on a contradiction. */
static int propagate(Queue *q, mask_t *masks, int all, const int *start, int nstart)
{
    Prog *P = q->P;
    q->failed = -1;
    for (int c = 0; c < P->ncells; c++)
        if (!masks[c]) return 0;
    memset(q->queued, 0, (size_t)P->ncons);
    for (int t = 0; t < TIERS; t++) q->qhead[t] = q->qlen[t] = 0;
    q->low = 0;
    if (all < 0) {
        for (int j = 0; j < P->ncons; j++) {
            q->queued[j] = 1;
            int t = P->cons[j].tier;
            q->qbuf[t][q->qlen[t]++] = j;
        }
    } else {
        for (int i = 0; i < nstart; i++) touch(q, start[i]);
    }
    q->low = 0;
    for (;;) {
        int t = q->low;
        if (!q->qlen[t]) {
            q->low = t + 1;
            if (q->low == TIERS) return 1;
            continue;
        }
        int j = q->qbuf[t][q->qhead[t]];
        if (++q->qhead[t] == P->ncons) q->qhead[t] = 0;
        q->qlen[t]--;
        if (run_con(q, &P->cons[j], masks) < 0) {
            q->failed = j;
            return 0;
        }
        q->queued[j] = 0;
    }
}

/* --- reading the program -------------------------------------------------------------- */

static void prog_free(Prog *P)
{
    if (!P) return;
    free(P->blob);
    free(P->cons);
    free(P->cc_start);
    free(P->cc);
    free(P);
}

/* Walk one constraint's extra data to its end (and check it is in bounds). */
static const int *skip_extra(const Con *k, const int *p, const int *end, int ncells)
{
#define NEED(x) do { if (p + (x) > end) return NULL; } while (0)
#define CELLS(cnt) do { NEED(cnt); for (int _i = 0; _i < (cnt); _i++) if (p[_i] < 0 || p[_i] >= ncells) return NULL; p += (cnt); } while (0)
    int cnt;
    switch (k->kind) {
    case K_HOUSE: NEED(1); p += 1; return p;
    case K_ALLDIFF: return p;
    case K_SUM: NEED(1); p += 1; return k->n <= 0 ? NULL : p;
    case K_DIFF: NEED(1 + k->n); return k->n > SUM_EXACT_CELLS ? NULL : p + 1 + k->n;
    case K_PAIR:
        NEED(3);
        if (p[0] < 0 || p[0] >= ncells || p[1] < 0 || p[1] >= ncells) return NULL;
        return p + 3;
    case K_COMPARE: NEED(4); return (p[0] < 0 || p[0] > k->n) ? NULL : p + 4;
    case K_POINTING: {
        if (k->n > 81) return NULL;
        NEED(1);
        int nfam = *p++;
        for (int f = 0; f < nfam; f++) {
            NEED(k->n + 1);
            int nparts = p[k->n];
            if (nparts < 1 || nparts > 82) return NULL;
            for (int i = 0; i < k->n; i++) if (p[i] < 0 || p[i] >= nparts) return NULL;
            p += k->n + 1;
            for (int j = 0; j < nparts; j++) { NEED(1); cnt = *p++; CELLS(cnt); }
        }
        return p;
    }
    case K_CAGE: {
        if (k->n > 9) return NULL;
        NEED(3);
        int nlinks = p[2];
        p += 3;
        for (int i = 0; i < nlinks; i++) {
            NEED(1); cnt = *p++; CELLS(cnt);
            NEED(1); cnt = *p++; CELLS(cnt);
        }
        NEED(1);
        int nh = *p++;
        for (int i = 0; i < nh; i++) {
            NEED(1); cnt = *p++; CELLS(cnt);
            NEED(1); cnt = *p++; CELLS(cnt);
        }
        return p;
    }
    }
    return NULL;
#undef NEED
#undef CELLS
}

static Prog *prog_read(const int *src, Py_ssize_t len)
{
    Prog *P = calloc(1, sizeof(Prog));
    if (!P) return NULL;
    P->blob = malloc(sizeof(int) * (size_t)(len ? len : 1));
    if (!P->blob) goto bad;
    memcpy(P->blob, src, sizeof(int) * (size_t)len);
    const int *p = P->blob, *end = P->blob + len;
    if (len < 4) goto bad;
    P->ncells = p[0]; P->ncons = p[1]; P->max_digit = p[2]; P->ntables = p[3];
    p += 4;
    if (P->ncells < 1 || P->ncons < 0 || P->max_digit < 1 || P->max_digit > 9 || P->ntables < 0) goto bad;
    if (p + 1024 * (Py_ssize_t)P->ntables > end) goto bad;
    P->tables = p;
    p += 1024 * P->ntables;
    P->cons = calloc((size_t)P->ncons + 1, sizeof(Con));
    if (!P->cons) goto bad;
    for (int j = 0; j < P->ncons; j++) {
        Con *k = &P->cons[j];
        if (p + 3 > end) goto bad;
        k->kind = p[0]; k->tier = p[1]; k->n = p[2];
        p += 3;
        if (k->tier < 0 || k->tier >= TIERS || k->n < 0 || p + k->n > end) goto bad;
        for (int i = 0; i < k->n; i++) if (p[i] < 0 || p[i] >= P->ncells) goto bad;
        k->cells = p;
        p += k->n;
        k->extra = p;
        p = skip_extra(k, p, end, P->ncells);
        if (!p) goto bad;
        if (k->kind == K_PAIR && (k->extra[2] < 0 || k->extra[2] >= P->ntables)) goto bad;
    }
    if (p != end) goto bad;
    /* cell -> constraints, in constraint order, each listed once per run of the same cell
       (as Propagator builds cell_constraints). */
    P->cc_start = calloc((size_t)P->ncells + 1, sizeof(int));
    if (!P->cc_start) goto bad;
    int *last = malloc(sizeof(int) * (size_t)P->ncells);
    if (!last) goto bad;
    for (int c = 0; c < P->ncells; c++) last[c] = -1;
    int total = 0;
    for (int j = 0; j < P->ncons; j++)
        for (int i = 0; i < P->cons[j].n; i++) {
            int c = P->cons[j].cells[i];
            if (last[c] != j) { last[c] = j; P->cc_start[c + 1]++; total++; }
        }
    for (int c = 0; c < P->ncells; c++) P->cc_start[c + 1] += P->cc_start[c];
    P->cc = malloc(sizeof(int) * (size_t)(total ? total : 1));
    int *fill = malloc(sizeof(int) * (size_t)P->ncells);
    if (!P->cc || !fill) { free(last); free(fill); goto bad; }
    for (int c = 0; c < P->ncells; c++) { last[c] = -1; fill[c] = P->cc_start[c]; }
    for (int j = 0; j < P->ncons; j++)
        for (int i = 0; i < P->cons[j].n; i++) {
            int c = P->cons[j].cells[i];
            if (last[c] != j) { last[c] = j; P->cc[fill[c]++] = j; }
        }
    free(last);
    free(fill);
    /* Mirror table and digit combinations for max_digit. */
    int md = P->max_digit;
    for (int m = 0; m < 1024; m++) {
        mask_t r = 0;
        for (int d = 1; d <= md; d++) if (m >> d & 1) r |= (mask_t)(1 << (md + 1 - d));
        P->mirror[m] = r;
    }
    Combos *cb = &combos_by_max[md];
    if (!combos_ready[md]) {
        int nlist = 0;
        for (int size = 0; size <= 9; size++)
            for (int t = 0; t <= 45; t++) {
                cb->start[size][t] = nlist;
                for (int m = 0; m < (1 << (md + 1)); m += 2)
                    if (POP[m] == size) {
                        int s = 0;
                        for (int d = 1; d <= md; d++) if (m >> d & 1) s += d;
                        if (s == t) cb->list[nlist++] = (mask_t)m;
                    }
                cb->count[size][t] = nlist - cb->start[size][t];
            }
        combos_ready[md] = 1;
    }
    P->combos = cb;
    return P;
bad:
    prog_free(P);
    return NULL;
}

/* --- queues, programs as Python objects ---------------------------------------------- */

static void queue_free(Queue *q)
{
    if (!q) return;
    free(q->queued);
    for (int t = 0; t < TIERS; t++) free(q->qbuf[t]);
    free(q);
}

static Queue *queue_new(Prog *P)
{
    Queue *q = calloc(1, sizeof(Queue));
    if (!q) return NULL;
    q->P = P;
    q->queued = malloc((size_t)P->ncons + 1);
    int ok = q->queued != NULL;
    for (int t = 0; t < TIERS; t++) {
        q->qbuf[t] = malloc(sizeof(int) * ((size_t)P->ncons + 1));
        ok = ok && q->qbuf[t];
    }
    if (!ok) { queue_free(q); return NULL; }
    return q;
}

#define CAPSULE "solver._native.Program"

static void capsule_free(PyObject *capsule)
{
    Prog *P = PyCapsule_GetPointer(capsule, CAPSULE);
    if (P) { queue_free(P->queue); prog_free(P); }
}

/* compile(program: array of C ints) -> an opaque compiled program */
static PyObject *native_compile(PyObject *self, PyObject *arg)
{
    (void)self;
    Py_buffer buf;
    if (PyObject_GetBuffer(arg, &buf, PyBUF_SIMPLE) < 0) return NULL;
    if (buf.len % (Py_ssize_t)sizeof(int) != 0) {
        PyBuffer_Release(&buf);
        PyErr_SetString(PyExc_ValueError, "program must be an array of C ints");
        return NULL;
    }
    Prog *P = prog_read((const int *)buf.buf, buf.len / (Py_ssize_t)sizeof(int));
    PyBuffer_Release(&buf);
    if (!P) {
        PyErr_SetString(PyExc_ValueError, "malformed native search program");
        return NULL;
    }
    P->queue = queue_new(P);
    if (!P->queue) { prog_free(P); return PyErr_NoMemory(); }
    PyObject *capsule = PyCapsule_New(P, CAPSULE, capsule_free);
    if (!capsule) { queue_free(P->queue); prog_free(P); }
    return capsule;
}

/* Read a list of ncells masks into out; -1 with an exception set on error. */
static int read_masks(PyObject *list, mask_t *out, int n)
{
    if (!PyList_Check(list) || PyList_GET_SIZE(list) != n) {
        PyErr_SetString(PyExc_ValueError, "masks must be a list with one mask per cell");
        return -1;
    }
    for (int c = 0; c < n; c++) {
        long v = PyLong_AsLong(PyList_GET_ITEM(list, c));
        if (v < 0 || v > 1023) {  /* digits 0..9: the tables have 1024 entries */
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a mask is out of range");
            return -1;
        }
        out[c] = (mask_t)v;
    }
    return 0;
}

/* propagate(program, masks: list, cells: sequence or None) -> int
 * Narrows the list in place; returns -1 at a fixed point, -2 when a mask was
 * already empty, else the index of the constraint that found a contradiction. */
static PyObject *native_propagate(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *capsule, *list, *cells;
    if (!PyArg_ParseTuple(args, "OOO", &capsule, &list, &cells)) return NULL;
    Prog *P = PyCapsule_GetPointer(capsule, CAPSULE);
    if (!P) return NULL;
    int n = P->ncells;
    mask_t stack_masks[1024];
    mask_t *masks = n <= 1024 ? stack_masks : malloc(sizeof(mask_t) * (size_t)n);
    mask_t *before = malloc(sizeof(mask_t) * (size_t)n);
    if (!masks || !before) { if (masks != stack_masks) free(masks); free(before); return PyErr_NoMemory(); }
    PyObject *result = NULL;
    if (read_masks(list, masks, n) < 0) goto out;
    memcpy(before, masks, sizeof(mask_t) * (size_t)n);
    Queue *q = P->queue;
    int ok;
    if (cells == Py_None) {
        ok = propagate(q, masks, -1, NULL, 0);
    } else {
        PyObject *seq = PySequence_Fast(cells, "cells must be a sequence of cell indexes");
        if (!seq) goto out;
        Py_ssize_t k = PySequence_Fast_GET_SIZE(seq);
        int *start = malloc(sizeof(int) * (size_t)(k ? k : 1));
        if (!start) { Py_DECREF(seq); PyErr_NoMemory(); goto out; }
        for (Py_ssize_t i = 0; i < k; i++) {
            long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
            if (c < 0 || c >= n) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a cell index is out of range");
                free(start);
                Py_DECREF(seq);
                goto out;
            }
            start[i] = (int)c;
        }
        Py_DECREF(seq);
        ok = propagate(q, masks, 0, start, (int)k);
        free(start);
    }
    for (int c = 0; c < n; c++)
        if (masks[c] != before[c]) {
            PyObject *v = PyLong_FromLong(masks[c]);
            if (!v || PyList_SetItem(list, c, v) < 0) goto out;
        }
    result = PyLong_FromLong(ok ? -1 : q->failed >= 0 ? q->failed : -2);
out:
    if (masks != stack_masks) free(masks);
    free(before);
    return result;
}

/* --- the search (port of Search.run without rng) -------------------------------------- */

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

#define MAX_COMBOS 12   /* the most digit sets of one size with one total (4 digits summing to 20) */
/* One level of the search: a cell and its digits still to try, or (cell < 0)
 * a cage and its fitting digit sets still to try. */
typedef struct {
    int cell;         /* the cell branched on, or -1 for a cage */
    mask_t options;   /* digits still to try, lowest first (0: the level is done) */
    int con;          /* the cage branched on (cell < 0) */
    int ncombo, next; /* its fitting digit sets combos[next..ncombo) are still to try */
    mask_t combos[MAX_COMBOS];
} Frame;

/* Port of the fitting sets of supports.cage_support with nothing forced: the digit
 * sets of cage `k` (lowest mask first) whose digits every cell can take in some
 * matching.  Returns how many (at most MAX_COMBOS are stored in `out`). */
static int cage_fitting(const Prog *P, const Con *k, const mask_t *masks, mask_t *out)
{
    int n = k->n, total = k->extra[0];
    if (n > 9 || total < 0 || total > 45) return 0;
    mask_t uni = 0, cut[9];
    for (int i = 0; i < n; i++) uni |= masks[k->cells[i]];
    int start = P->combos->start[n][total], count = P->combos->count[n][total], found = 0;
    for (int j = 0; j < count; j++) {
        mask_t combo = P->combos->list[start + j];
        if (combo & ~uni) continue;
        int empty = 0;
        for (int i = 0; i < n; i++) {
            cut[i] = masks[k->cells[i]] & combo;
            if (!cut[i]) { empty = 1; break; }
        }
        if (empty || match_cached(cut, n) < 0) continue;
        if (found < MAX_COMBOS) out[found] = combo;
        found++;
    }
    return found;
}

/* Port of Search._choose: fills `f` with what to branch on; 0 when every cell is fixed.
 * The open cell with the fewest candidates per unit of weight, unless a cage with two or
 * more fitting digit sets has fewer sets per unit of its open cells' weight. */
static int choose(const Prog *P, const mask_t *masks, const double *weight, int cages, Frame *f)
{
    int n = P->ncells, best = -1;
    double best_score = 1e18;
    for (int i = 0; i < n; i++) {
        mask_t m = masks[i];
        if (open_mask(m)) {
            double score = POP[m] / weight[i];
            if (score < best_score) { best = i; best_score = score; }
        }
    }
    if (best < 0) return 0;
    f->cell = best;
    f->options = masks[best];
    mask_t combos[MAX_COMBOS];
    for (int j = 0; cages && j < P->ncons; j++) {
        const Con *k = &P->cons[j];
        if (k->kind != K_CAGE) continue;
        int nc = cage_fitting(P, k, masks, combos);
        if (nc < 2 || nc > MAX_COMBOS) continue;   /* (never more than MAX_COMBOS) */
        double w = 0.0;
        for (int i = 0; i < k->n; i++)
            if (open_mask(masks[k->cells[i]])) w += weight[k->cells[i]];
        double score = nc / w;
        if (score < best_score) {
            best_score = score;
            f->cell = -1;
            f->options = 1;
            f->con = j;
            f->ncombo = nc;
            f->next = 0;
            memcpy(f->combos, combos, sizeof(mask_t) * (size_t)nc);
        }
    }
    return 1;
}

/* search(program, masks, limit, node_limit, seconds[, cages]) ->
 *     (solutions, nodes, out_of_budget)
 * node_limit < 0 and seconds < 0 mean no limit; cages (default false): cages
 * compete with cells for branching (Search.cages is not empty). */
static PyObject *native_search(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *capsule, *mask_list;
    int limit;
    long long node_limit;
    double seconds;
    int cages = 0;
    if (!PyArg_ParseTuple(args, "OOiLd|p", &capsule, &mask_list, &limit, &node_limit, &seconds, &cages))
        return NULL;
    Prog *P = PyCapsule_GetPointer(capsule, CAPSULE);
    if (!P) return NULL;
    int n = P->ncells;
    /* Levels of masks and frames, grown on demand: a cage branch does not fix a cell, so
     * the depth is bounded by the number of candidates (each branch removes one or more). */
    int depth_max = n + 1;
    mask_t *buf = malloc(sizeof(mask_t) * (size_t)n * (size_t)(depth_max + 1));
    Frame *frames = malloc(sizeof(Frame) * (size_t)depth_max);
    double *weight = malloc(sizeof(double) * (size_t)n);
    Queue *q = queue_new(P);
    PyObject *solutions = PyList_New(0);
    if (!buf || !frames || !weight || !q || !solutions) {
        PyErr_NoMemory();
        goto fail;
    }
    if (read_masks(mask_list, buf, n) < 0) goto fail;
    for (int c = 0; c < n; c++) weight[c] = 1.0 + (P->cc_start[c + 1] - P->cc_start[c]);

    long long nodes = 0;
    int out_of_budget = 0;
    double deadline = seconds < 0 ? -1.0 : now_seconds() + seconds;
    int sp = 0;                     /* frames on the stack; the current node's masks are buf[sp] */
    mask_t *masks = buf;
    if (!propagate(q, masks, -1, NULL, 0)) goto done;
    for (;;) {
        if (sp == depth_max) {
            int grown = depth_max * 2;
            mask_t *nb = realloc(buf, sizeof(mask_t) * (size_t)n * (size_t)(grown + 1));
            if (!nb) { PyErr_NoMemory(); goto fail; }
            buf = nb;
            masks = buf + (size_t)n * (size_t)sp;
            Frame *nf = realloc(frames, sizeof(Frame) * (size_t)grown);
            if (!nf) { PyErr_NoMemory(); goto fail; }
            frames = nf;
            depth_max = grown;
        }
        if (!choose(P, masks, weight, cages, &frames[sp])) {
            PyObject *sol = PyTuple_New(n);
            if (!sol) goto fail;
            for (int i = 0; i < n; i++)
                PyTuple_SET_ITEM(sol, i, PyLong_FromLong(31 - __builtin_clz((unsigned)masks[i] | 1u)));
            int r = PyList_Append(solutions, sol);
            Py_DECREF(sol);
            if (r < 0) goto fail;
            if (PyList_GET_SIZE(solutions) >= limit) goto done;
        } else {
            sp++;
        }
        /* the next branch whose propagation succeeds */
        for (;;) {
            if (!sp) goto done;
            Frame *f = &frames[sp - 1];
            if (!f->options) { sp--; continue; }
            nodes++;
            if (node_limit >= 0 && nodes > node_limit) { out_of_budget = 1; goto done; }
            if (deadline >= 0 && now_seconds() > deadline) { out_of_budget = 1; goto done; }
            if ((nodes & 4095) == 0 && PyErr_CheckSignals() < 0) goto fail;
            mask_t *parent = buf + (size_t)n * (size_t)(sp - 1);
            mask_t *child = buf + (size_t)n * (size_t)sp;
            memcpy(child, parent, sizeof(mask_t) * (size_t)n);
            if (f->cell >= 0) {
                mask_t option = f->options & (mask_t)-f->options;
                f->options &= (mask_t)~option;
                child[f->cell] &= option;
                if (propagate(q, child, 0, &f->cell, 1)) { masks = child; break; }
                weight[f->cell] += 1.0;
            } else {
                const Con *k = &P->cons[f->con];
                mask_t combo = f->combos[f->next++];
                if (f->next == f->ncombo) f->options = 0;
                for (int i = 0; i < k->n; i++) child[k->cells[i]] &= combo;
                if (propagate(q, child, 0, k->cells, k->n)) { masks = child; break; }
                for (int i = 0; i < k->n; i++) weight[k->cells[i]] += 1.0;
            }
            if (q->failed >= 0) {
                const Con *k = &P->cons[q->failed];
                for (int i = 0; i < k->n; i++) weight[k->cells[i]] += 1.0;
            }
        }
    }
done:;
    PyObject *result = Py_BuildValue("(OLO)", solutions, nodes, out_of_budget ? Py_True : Py_False);
    Py_DECREF(solutions);
    free(buf); free(frames); free(weight); queue_free(q);
    return result;
fail:
    Py_XDECREF(solutions);
    free(buf); free(frames); free(weight); queue_free(q);
    return NULL;
}

/* ---- distinct_fit: the support of a distinct sum (for the techniques) ------------- */
/* Mirrors techniques.combinations.distinct_fit: cells taking different digits from
 * their masks (digits 0..9, bit d = digit d) with a total whose bit is set in sums.
 * Returns (support per cell, every digit set that has a placement, ascending).
 * Layer k holds the digit sets the first k cells can take; a set is kept only when
 * the cells after it can still bring the total into range (as the Python does). */
static PyObject *native_distinct_fit(PyObject *self, PyObject *args)
{
    PyObject *seq;
    unsigned long long sums;
    if (!PyArg_ParseTuple(args, "O!K", &PyTuple_Type, &seq, &sums)) return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(seq);
    if (n > 10) { PyErr_SetString(PyExc_ValueError, "distinct_fit: more than 10 cells"); return NULL; }
    int ms[10], lo_rest[11], hi_rest[11];
    for (Py_ssize_t i = 0; i < n; i++) {
        long m = PyLong_AsLong(PyTuple_GET_ITEM(seq, i));
        if (m == -1 && PyErr_Occurred()) return NULL;
        if (m < 0 || m >= 1024) { PyErr_SetString(PyExc_ValueError, "distinct_fit: a mask beyond digit 9"); return NULL; }
        ms[i] = (int)m;
    }
    PyObject *support = PyTuple_New(n), *combos = NULL;
    if (!support) return NULL;
    int empty = n == 0 || !sums;
    for (Py_ssize_t i = 0; i < n; i++) empty |= ms[i] == 0;
    static unsigned char reach[11][1024], alive[1024], before[1024];
    int got[10] = {0};
    if (!empty) {
        int lo_ok = __builtin_ctzll(sums), hi_ok = 63 - __builtin_clzll(sums);
        lo_rest[n] = hi_rest[n] = 0;
        for (Py_ssize_t k = n - 1; k >= 0; k--) {
            lo_rest[k] = lo_rest[k + 1] + __builtin_ctz((unsigned)ms[k]);
            hi_rest[k] = hi_rest[k + 1] + 31 - __builtin_clz((unsigned)ms[k]);
        }
        memset(reach, 0, sizeof reach);
        reach[0][0] = 1;
        for (Py_ssize_t k = 0; k < n; k++) {
            int lo = lo_rest[k + 1], hi = hi_rest[k + 1];
            for (int used = 0; used < 1024; used++) {
                if (!reach[k][used]) continue;
                for (int free = ms[k] & ~used; free; free &= free - 1) {
                    int next = used | (free & -free), s = 0;
                    for (int t = next; t; t &= t - 1) s += __builtin_ctz((unsigned)t);
                    if (s + lo <= hi_ok && s + hi >= lo_ok) reach[k + 1][next] = 1;
                }
            }
        }
        int count = 0;
        for (int t = 0; t < 1024; t++) {
            int s = 0;
            for (int u = t; u; u &= u - 1) s += __builtin_ctz((unsigned)u);
            alive[t] = reach[n][t] && s < 64 && (sums >> s & 1);
            count += alive[t];
        }
        combos = PyTuple_New(count);
        if (!combos) { Py_DECREF(support); return NULL; }
        for (int t = 0, j = 0; t < 1024; t++)
            if (alive[t]) PyTuple_SET_ITEM(combos, j++, PyLong_FromLong(t));
        for (Py_ssize_t k = n - 1; k >= 0; k--) {
            memset(before, 0, sizeof before);
            for (int used = 0; used < 1024; used++) {
                if (!reach[k][used]) continue;
                for (int free = ms[k] & ~used; free; free &= free - 1) {
                    int bit = free & -free;
                    if (alive[used | bit]) { got[k] |= bit; before[used] = 1; }
                }
            }
            memcpy(alive, before, sizeof alive);
        }
    } else {
        combos = PyTuple_New(0);
        if (!combos) { Py_DECREF(support); return NULL; }
    }
    for (Py_ssize_t i = 0; i < n; i++) PyTuple_SET_ITEM(support, i, PyLong_FromLong(got[i]));
    return Py_BuildValue("(NN)", support, combos);
}

static PyMethodDef methods[] = {
    {"compile", native_compile, METH_O,
     "compile(program) -> a compiled program (program: array('i') from solver.native.encode)"},
    {"propagate", native_propagate, METH_VARARGS,
     "propagate(compiled, masks, cells) -> int\n\n"
     "Narrow the list masks in place to a fixed point, starting from the constraints on cells\n"
     "(None: all).  -1: fixed point; -2: a mask was empty; k >= 0: constraint k failed."},
    {"search", native_search, METH_VARARGS,
     "search(compiled, masks, limit, node_limit, seconds, cages=False) -> (solutions, nodes, out_of_budget)\n\n"
     "Run the exact search; node_limit < 0 and seconds < 0 mean no limit; cages: branch on cage digit sets too."},
    {"distinct_fit", native_distinct_fit, METH_VARARGS,
     "distinct_fit(masks, sums) -> (support, combos)\n\n"
     "techniques.combinations.distinct_fit for up to 10 cells and digits up to 9."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "solver._native",
    "The exact solver's search and propagation in C (see solver.native).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__native(void)
{
    init_tables();
    mcache = calloc(MCACHE_SIZE, sizeof(MEntry));  /* key 0 never occurs: n >= 1 */
    if (!mcache) return PyErr_NoMemory();
    return PyModule_Create(&module);
}

/* An exact solver for determinized (every hand known) play of a 29 deal.
 *
 * The state mirrors game/engine's play phase: four hands as 32-bit masks (card
 * index = suit * 8 + rank, rank 0 = J the highest), the current trick, the
 * bidder, trump, whether trump is shown, a set-aside 7th card (not playable until
 * trump is shown, RULES.md section 4), the "ask to show trump" move (move 32),
 * the asker's obligation, the trick-winner rule from the trick in which trump is
 * shown onward (section 7), the last-trick point and Single Hand play (no trump,
 * the caller's partner out, ending at the first lost trick).
 *
 * A position's value, from the bidder's (or Single Hand caller's) team, is
 *     U = 64 * delta + points
 * where delta is the score the round gives that team (+-stake, +-2 with the
 * all-tricks bonus, 0 when eight tricks pass with trump never shown) and points
 * its card points (tricks won, for a Single Hand) at the end. The bidder's team
 * maximises U, the other team minimises it: alpha-beta with a transposition
 * table at trick starts, move ordering and merging of equivalent cards.
 * A marriage is applied when trump is shown (exact for "on_show"; "after_trick"
 * is approximated the same way: the holder is assumed to declare).
 * Early end never changes delta, so the solver plays every trick.
 *
 * Solving releases the GIL; each Solver object owns its table and a lock.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>

#define SHOW 32
#define NONE (-1)
#define INF 30000

static const int RANK_POINTS[8] = {3, 2, 1, 1, 0, 0, 0, 0};
static int POINTS[32];

typedef struct {
    uint32_t hand[4];
    int8_t aside;      /* the set-aside 7th card, or -1 */
    int8_t bidder;     /* the bidder, or the Single Hand caller */
    int8_t trump;      /* trump suit (ignored in a Single Hand) */
    int8_t shown;      /* trump shown */
    int8_t single;     /* 1 in a Single Hand */
    int8_t leader;
    int8_t to_play;
    int8_t ntrick;
    int8_t tseat[4];
    int8_t tcard[4];
    int8_t asker;
    int8_t forced;
    int8_t pts[2];
    int8_t tricks[2];
    int8_t played;     /* tricks played */
    int8_t target;
} State;

typedef struct {
    int stake;
    int min_bid;
    int must_ask;
    int marriage;      /* 0 off, 1 applied when trump is shown */
    int last_point;
} Config;

typedef struct {
    uint32_t hand[4];
    uint32_t misc;
    uint32_t gen;
    int16_t lo, hi;
    int8_t best;
    int8_t used;
} Entry;

typedef struct {
    Entry *table;
    uint64_t mask;
    uint32_t gen;
    uint64_t nodes;
    uint64_t limit;    /* give up after this many nodes (0: never) */
    int aborted;
    Config cfg;
} Search;

static inline uint32_t suit_mask(int s) { return 0xFFu << (8 * s); }

static inline int lowbit(uint32_t m) { return __builtin_ctz(m); }

static int points_of(uint32_t m) {
    int t = 0;
    while (m) {
        t += POINTS[lowbit(m)];
        m &= m - 1;
    }
    return t;
}

static inline int bteam(const State *s) { return s->bidder & 1; }

/* The legal moves of the seat to play, as in game.engine.play.play_options. */
static int legal(const State *s, const Config *c, int *out) {
    int n = 0;
    int seat = s->to_play;
    uint32_t hand = s->hand[seat];
    if (s->forced >= 0) {
        out[0] = s->forced;
        return 1;
    }
    int led = s->ntrick ? (s->tcard[0] >> 3) : -1;
    int aside = (s->aside >= 0 && seat == s->bidder) ? s->aside : -1;
    if (aside >= 0 && (hand == 0 || (led == (aside >> 3) && !(hand & suit_mask(led))))) {
        out[0] = SHOW;
        return 1;
    }
    uint32_t m;
    int show = 0;
    if (led < 0) {
        m = hand;
    } else if (hand & suit_mask(led)) {
        m = hand & suit_mask(led);
    } else if (s->asker == seat && s->shown) {
        m = (hand & suit_mask(s->trump)) ? (hand & suit_mask(s->trump)) : hand;
    } else if (!s->single && !s->shown) {
        m = c->must_ask ? 0 : hand;
        show = 1;
    } else {
        m = hand;
    }
    while (m) {
        out[n++] = lowbit(m);
        m &= m - 1;
    }
    if (show) out[n++] = SHOW;
    return n;
}

static int trick_winner(const State *s) {
    int trump = (s->shown && !s->single) ? s->trump : -1;
    int led = s->tcard[0] >> 3;
    int best_seat = s->tseat[0], best = s->tcard[0];
    int best_trump = trump >= 0 && led == trump;
    for (int i = 1; i < s->ntrick; i++) {
        int card = s->tcard[i], suit = card >> 3;
        if (trump >= 0 && suit == trump) {
            if (!best_trump || card < best) {
                best_seat = s->tseat[i];
                best = card;
                best_trump = 1;
            }
        } else if (!best_trump && suit == led && card < best) {
            best_seat = s->tseat[i];
            best = card;
        }
    }
    return best_seat;
}

static void show_trump(State *s, const Config *c) {
    int seat = s->to_play;
    int led = s->ntrick ? (s->tcard[0] >> 3) : -1;
    uint32_t hand = s->hand[seat];
    int seventh_only = s->aside >= 0 && seat == s->bidder &&
                       (hand == 0 || (led == (s->aside >> 3) && !(hand & suit_mask(led))));
    s->shown = 1;
    s->asker = seat;
    if (s->aside >= 0) {
        s->hand[s->bidder] |= 1u << s->aside;
        if (seventh_only) s->forced = s->aside;
        s->aside = NONE;
    }
    if (c->marriage) {
        uint32_t pair = (1u << (s->trump * 8 + 4)) | (1u << (s->trump * 8 + 5));
        for (int p = 0; p < 4; p++) {
            if ((s->hand[p] & pair) == pair) {
                if ((p & 1) == bteam(s)) {
                    int t = s->target - 4;
                    s->target = t < c->min_bid ? c->min_bid : t;
                } else {
                    int t = s->target + 4;
                    s->target = t > 28 ? 28 : t;
                }
                break;
            }
        }
    }
}

/* Play a card; returns 1 when the round is over. */
static int play_card(State *s, const Config *c, int card) {
    int seat = s->to_play;
    s->hand[seat] &= ~(1u << card);
    s->tseat[(int)s->ntrick] = seat;
    s->tcard[(int)s->ntrick] = card;
    s->ntrick++;
    s->forced = NONE;
    int full = s->single ? 3 : 4;
    if (s->ntrick < full) {
        int nxt = (seat + 1) & 3;
        if (s->single && nxt == ((s->bidder + 2) & 3)) nxt = (nxt + 1) & 3;
        s->to_play = nxt;
        return 0;
    }
    int winner = trick_winner(s);
    int p = 0;
    for (int i = 0; i < s->ntrick; i++) p += POINTS[(int)s->tcard[i]];
    s->played++;
    if (s->played == 8 && c->last_point) p++;
    s->pts[winner & 1] += p;
    s->tricks[winner & 1]++;
    s->ntrick = 0;
    s->asker = NONE;
    s->leader = s->to_play = winner;
    if (s->single) return winner != s->bidder || s->played == 8;
    return s->played == 8;
}

/* The value of a finished round. */
static int final_value(const State *s, const Config *c) {
    int t = bteam(s);
    if (s->single) {
        int made = s->tricks[t] == 8;
        return (made ? c->stake : -c->stake) * 64 + s->tricks[t];
    }
    if (!s->shown) return s->pts[t];
    int made = s->pts[t] >= s->target;
    int delta = made ? c->stake : -c->stake;
    if (c->stake == 1) {
        if (made && s->tricks[t] == 8) delta = 2;
        if (!made && s->tricks[1 - t] == 8) delta = -2;
    }
    return delta * 64 + s->pts[t];
}

/* Bounds on the value at a trick start from the points already taken. */
static void value_bounds(const State *s, const Config *c, int *lo, int *hi) {
    int t = bteam(s);
    if (s->single) {
        *lo = -c->stake * 64 + s->tricks[t];
        *hi = c->stake * 64 + 8;
        return;
    }
    uint32_t rest = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    if (s->aside >= 0) rest |= 1u << s->aside;
    int rem = points_of(rest) + (c->last_point ? 1 : 0);
    int pb = s->pts[t];
    int dmin = 100, dmax = -100;
    int target_lo = s->target, target_hi = s->target;
    if (!s->shown && c->marriage) {
        target_lo = s->target - 4 < c->min_bid ? c->min_bid : s->target - 4;
        target_hi = s->target + 4 > 28 ? 28 : s->target + 4;
    }
    int can_make = pb + rem >= target_lo;
    int can_lose = pb < target_hi;
    if (can_make) {
        dmax = c->stake;
        dmin = c->stake;
        if (c->stake == 1 && s->tricks[1 - t] == 0) dmax = 2;
    }
    if (can_lose) {
        int d = -c->stake;
        if (c->stake == 1 && s->tricks[t] == 0) d = -2;
        if (d < dmin) dmin = d;
        if (-c->stake > dmax) dmax = -c->stake;
    }
    if (!s->shown) {
        if (0 < dmin) dmin = 0;
        if (0 > dmax) dmax = 0;
    }
    *lo = dmin * 64 + pb;
    *hi = dmax * 64 + pb + rem;
}

static inline uint64_t mix64(uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

static inline uint32_t misc_key(const State *s) {
    return (uint32_t)(s->aside + 1) | ((uint32_t)s->leader << 6) | ((uint32_t)s->shown << 8) |
           ((uint32_t)s->target << 9) | ((uint32_t)s->pts[bteam(s)] << 14) |
           ((uint32_t)(s->tricks[0] == 0) << 20) | ((uint32_t)(s->tricks[1] == 0) << 21) |
           (1u << 31);
}

/* Drop cards equivalent to another candidate: same suit, same points, and no card
 * held by another seat (or lying in the trick or aside) ranking between them. */
static int merge_equivalent(const State *s, const Config *c, int *mv, int n, int8_t *rep) {
    int seat = s->to_play;
    uint32_t mine = s->hand[seat];
    uint32_t others = 0;
    for (int p = 0; p < 4; p++)
        if (p != seat) others |= s->hand[p];
    for (int i = 0; i < s->ntrick; i++) others |= 1u << s->tcard[i];
    if (s->aside >= 0) others |= 1u << s->aside;
    uint32_t keep_apart = 0;
    if (c->marriage && !s->shown && !s->single)
        keep_apart = (1u << (s->trump * 8 + 4)) | (1u << (s->trump * 8 + 5));
    uint32_t cand = 0;
    for (int i = 0; i < n; i++)
        if (mv[i] != SHOW) cand |= 1u << mv[i];
    uint32_t drop = 0;
    for (int suit = 0; suit < 4; suit++) {
        if (!(cand & suit_mask(suit))) continue;
        int run = -1; /* points of the current run of my candidates, -1 if none */
        int head = -1; /* the card kept for the run */
        for (int r = 0; r < 8; r++) {
            int card = suit * 8 + r;
            uint32_t b = 1u << card;
            if (others & b) {
                run = -1;
            } else if (cand & b) {
                if (run == POINTS[card] && !(keep_apart & b)) {
                    drop |= b;
                    if (rep) rep[card] = (int8_t)head;
                } else {
                    run = (keep_apart & b) ? -1 : POINTS[card];
                    head = card;
                }
            } else if (mine & b) {
                run = -1;
            }
        }
    }
    if (!drop) return n;
    int m = 0;
    for (int i = 0; i < n; i++)
        if (mv[i] == SHOW || !(drop & (1u << mv[i]))) mv[m++] = mv[i];
    return m;
}

/* Order moves: the table's best move, then cheap winners / smears / low discards. */
static void order_moves(const State *s, int *mv, int n, int best) {
    int score[40];
    int seat = s->to_play;
    int my_team = seat & 1;
    uint32_t others = 0;
    for (int p = 0; p < 4; p++)
        if (p != seat) others |= s->hand[p];
    if (s->ntrick == 0) {
        for (int i = 0; i < n; i++) {
            int card = mv[i];
            if (card == SHOW) {
                score[i] = -50;
                continue;
            }
            uint32_t above = (1u << card) - 1;
            above &= suit_mask(card >> 3);
            int top = !(others & above);
            score[i] = top ? 100 + POINTS[card] * 4 : 40 - (card & 7);
        }
    } else {
        int trump = (s->shown && !s->single) ? s->trump : -1;
        int led = s->tcard[0] >> 3;
        int win_seat = trick_winner(s);
        int win_card = 0;
        for (int i = 0; i < s->ntrick; i++)
            if (s->tseat[i] == win_seat) win_card = s->tcard[i];
        int partner_wins = (win_seat & 1) == my_team;
        int win_is_trump = trump >= 0 && (win_card >> 3) == trump;
        for (int i = 0; i < n; i++) {
            int card = mv[i];
            if (card == SHOW) {
                score[i] = partner_wins ? -20 : 60;
                continue;
            }
            int suit = card >> 3;
            int beats;
            if (trump >= 0 && suit == trump)
                beats = !win_is_trump || card < win_card;
            else
                beats = !win_is_trump && suit == led && card < win_card;
            if (partner_wins)
                score[i] = 50 + POINTS[card] * 8 - (beats ? 0 : 0) + (card & 7);
            else if (beats)
                score[i] = 80 + (card & 7) + POINTS[card];
            else
                score[i] = 20 - POINTS[card] * 8 + (card & 7);
        }
    }
    for (int i = 0; i < n; i++)
        if (mv[i] == best) score[i] = 1000;
    for (int i = 1; i < n; i++) {
        int v = mv[i], sc = score[i], j = i - 1;
        while (j >= 0 && score[j] < sc) {
            mv[j + 1] = mv[j];
            score[j + 1] = score[j];
            j--;
        }
        mv[j + 1] = v;
        score[j + 1] = sc;
    }
}

static int search(Search *S, const State *s, int alpha, int beta);
static int child_value(Search *S, const State *s, int mv, int alpha, int beta);

static inline int entry_matches(const Entry *e, const State *s, uint32_t misc, uint32_t gen) {
    return e->used && e->gen == gen && e->misc == misc && e->hand[0] == s->hand[0] &&
           e->hand[1] == s->hand[1] && e->hand[2] == s->hand[2] && e->hand[3] == s->hand[3];
}

static int child_value(Search *S, const State *s, int mv, int alpha, int beta) {
    State t = *s;
    if (mv == SHOW) {
        show_trump(&t, &S->cfg);
        return search(S, &t, alpha, beta);
    }
    if (play_card(&t, &S->cfg, mv)) return final_value(&t, &S->cfg);
    return search(S, &t, alpha, beta);
}

/* The exact value of a move by MTD(f): null-window searches from a guess, the table
 * keeping the bounds found between them. */
static int mtdf(Search *S, const State *s, int mv, int guess) {
    int lo = -INF, hi = INF, g = guess;
    while (lo < hi) {
        int beta = g == lo ? g + 1 : g;
        g = child_value(S, s, mv, beta - 1, beta);
        if (S->aborted) return g;
        if (g < beta)
            hi = g;
        else
            lo = g;
    }
    return g;
}

static int search(Search *S, const State *s, int alpha, int beta) {
    S->nodes++;
    if (S->limit && S->nodes > S->limit) {
        S->aborted = 1;
        return alpha;
    }
    Entry *e = NULL;
    int best_hint = NONE;
    int alpha0 = alpha, beta0 = beta;
    uint32_t misc = 0;
    if (s->ntrick == 0 && s->played == 7 && s->aside < 0 && (s->shown || s->single)) {
        /* The last trick with nothing left to choose: every seat plays its one card. */
        State t = *s;
        int seat = t.to_play;
        for (;;) {
            t.to_play = (int8_t)seat;
            if (play_card(&t, &S->cfg, lowbit(t.hand[seat]))) break;
            seat = t.to_play;
        }
        return final_value(&t, &S->cfg);
    }
    if (s->ntrick == 0 && s->forced < 0) {
        int lo, hi;
        value_bounds(s, &S->cfg, &lo, &hi);
        if (lo >= beta) return lo;
        if (hi <= alpha) return hi;
        if (lo == hi) return lo;
        misc = misc_key(s);
        uint64_t h = mix64(((uint64_t)s->hand[0] << 32 | s->hand[1]) ^
                           mix64(((uint64_t)s->hand[2] << 32 | s->hand[3]) ^ misc));
        e = &S->table[h & S->mask];
        if (entry_matches(e, s, misc, S->gen)) {
            if (e->lo == e->hi) return e->lo;
            if (e->lo >= beta) return e->lo;
            if (e->hi <= alpha) return e->hi;
            if (e->lo > alpha) alpha = e->lo;
            if (e->hi < beta) beta = e->hi;
            best_hint = e->best;
        } else {
            e->used = 0;
        }
        if (lo > alpha) alpha = lo;
        if (hi < beta) beta = hi;
        alpha0 = alpha;
        beta0 = beta;
    }
    int mv[40];
    int n = legal(s, &S->cfg, mv);
    if (n > 1) {
        n = merge_equivalent(s, &S->cfg, mv, n, NULL);
        order_moves(s, mv, n, best_hint);
    }
    int maximise = (s->to_play & 1) == bteam(s);
    int best = maximise ? -INF : INF;
    int best_move = mv[0];
    for (int i = 0; i < n; i++) {
        int v = child_value(S, s, mv[i], alpha, beta);
        if (maximise) {
            if (v > best) {
                best = v;
                best_move = mv[i];
            }
            if (best > alpha) alpha = best;
        } else {
            if (v < best) {
                best = v;
                best_move = mv[i];
            }
            if (best < beta) beta = best;
        }
        if (alpha >= beta || S->aborted) break;
    }
    if (e && !S->aborted) {
        int lo = -INF, hi = INF;
        if (entry_matches(e, s, misc, S->gen)) {
            lo = e->lo;
            hi = e->hi;
        }
        if (best <= alpha0) {
            if (best < hi) hi = best;
        } else if (best >= beta0) {
            if (best > lo) lo = best;
        } else {
            lo = hi = best;
        }
        e->hand[0] = s->hand[0];
        e->hand[1] = s->hand[1];
        e->hand[2] = s->hand[2];
        e->hand[3] = s->hand[3];
        e->misc = misc;
        e->gen = S->gen;
        e->lo = (int16_t)lo;
        e->hi = (int16_t)hi;
        e->best = (int8_t)best_move;
        e->used = 1;
    }
    return best;
}

/* ------------------------------------------------------------------ Python glue */

typedef struct {
    PyObject_HEAD
    Search search;
    PyThread_type_lock lock;
} SolverObject;

/* The cards of a position: hands, the trick in progress, points and tricks per team. */
static int parse_cards(PyObject *hands, PyObject *trick, PyObject *pts, PyObject *tricks,
                       int played, State *s) {
    memset(s, 0, sizeof(*s));
    PyObject *seq = PySequence_Fast(hands, "hands must be a sequence of 4 masks");
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != 4) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "hands must hold 4 masks");
        return -1;
    }
    uint32_t seen = 0;
    for (int i = 0; i < 4; i++) {
        unsigned long v = PyLong_AsUnsignedLong(PySequence_Fast_GET_ITEM(seq, i));
        if (PyErr_Occurred() || v > 0xFFFFFFFFul) {
            Py_DECREF(seq);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a hand is a 32-bit mask");
            return -1;
        }
        if (seen & v) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "two hands hold the same card");
            return -1;
        }
        seen |= (uint32_t)v;
        s->hand[i] = (uint32_t)v;
    }
    Py_DECREF(seq);
    seq = PySequence_Fast(trick, "trick must be a sequence of (seat, card)");
    if (!seq) return -1;
    Py_ssize_t nt = PySequence_Fast_GET_SIZE(seq);
    if (nt > 3) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "a trick in progress holds at most 3 cards");
        return -1;
    }
    for (Py_ssize_t i = 0; i < nt; i++) {
        int seat, card;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, i), "ii;a trick entry is (seat, card)",
                              &seat, &card)) {
            /* lists are accepted too */
            PyErr_Clear();
            PyObject *item = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, i),
                                             "a trick entry is (seat, card)");
            if (!item) {
                Py_DECREF(seq);
                return -1;
            }
            if (PySequence_Fast_GET_SIZE(item) != 2) {
                Py_DECREF(item);
                Py_DECREF(seq);
                PyErr_SetString(PyExc_ValueError, "a trick entry is (seat, card)");
                return -1;
            }
            seat = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(item, 0));
            card = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(item, 1));
            Py_DECREF(item);
            if (PyErr_Occurred()) {
                Py_DECREF(seq);
                return -1;
            }
        }
        if (seat < 0 || seat > 3 || card < 0 || card > 31 || (seen & (1u << card))) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "bad trick entry");
            return -1;
        }
        seen |= 1u << card;
        s->tseat[i] = (int8_t)seat;
        s->tcard[i] = (int8_t)card;
    }
    Py_DECREF(seq);
    s->ntrick = (int8_t)nt;
    int p0, p1, t0, t1;
    if (!PyArg_ParseTuple(pts, "ii;points is a pair", &p0, &p1)) return -1;
    if (!PyArg_ParseTuple(tricks, "ii;tricks is a pair", &t0, &t1)) return -1;
    if (p0 < 0 || p1 < 0 || p0 + p1 > 29 || t0 < 0 || t1 < 0 || t0 + t1 != played) {
        PyErr_SetString(PyExc_ValueError, "points or tricks out of range");
        return -1;
    }
    s->pts[0] = (int8_t)p0;
    s->pts[1] = (int8_t)p1;
    s->tricks[0] = (int8_t)t0;
    s->tricks[1] = (int8_t)t1;
    return 0;
}

/* A position's fields are read by name: from a dict's keys or an object's attributes
 * (game/bots/solver/position.py builds them as a SolverPosition). A missing field is a
 * TypeError naming it. */
static PyObject *get_field(PyObject *pos, const char *name) {
    PyObject *v;
    if (PyDict_Check(pos)) {
        v = PyDict_GetItemString(pos, name);
        Py_XINCREF(v);
    } else {
        v = PyObject_GetAttrString(pos, name);
        if (!v && PyErr_ExceptionMatches(PyExc_AttributeError)) PyErr_Clear();
        else if (!v) return NULL;
    }
    if (!v) PyErr_Format(PyExc_TypeError, "a solver position needs the field '%s'", name);
    return v;
}

static int int_field(PyObject *pos, const char *name, int *out) {
    PyObject *v = get_field(pos, name);
    if (!v) return -1;
    long x = PyLong_Check(v) ? PyLong_AsLong(v) : -1;
    int bad = !PyLong_Check(v) || (x == -1 && PyErr_Occurred()) || x < INT_MIN || x > INT_MAX;
    Py_DECREF(v);
    if (bad) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "the solver position field '%s' must be an int", name);
        return -1;
    }
    *out = (int)x;
    return 0;
}

static int bool_field(PyObject *pos, const char *name, int *out) {
    PyObject *v = get_field(pos, name);
    if (!v) return -1;
    int t = PyObject_IsTrue(v);
    Py_DECREF(v);
    if (t < 0) return -1;
    *out = t;
    return 0;
}

static int parse_state(PyObject *pos, State *s, Config *c) {
    /* pos has the fields hands (4 masks), aside, bidder, trump, shown, single, trick (a
     * sequence of (seat, card)), to_play, asker, forced, points and tricks (pairs),
     * played, target, stake, min_bid, must_ask, marriage and last_point. */
    int aside, bidder, trump, shown, single, to_play, asker, forced, played, target;
    int stake, min_bid, must_ask, marriage, last_point;
    if (int_field(pos, "aside", &aside) < 0 || int_field(pos, "bidder", &bidder) < 0 ||
        int_field(pos, "trump", &trump) < 0 || bool_field(pos, "shown", &shown) < 0 ||
        bool_field(pos, "single", &single) < 0 || int_field(pos, "to_play", &to_play) < 0 ||
        int_field(pos, "asker", &asker) < 0 || int_field(pos, "forced", &forced) < 0 ||
        int_field(pos, "played", &played) < 0 || int_field(pos, "target", &target) < 0 ||
        int_field(pos, "stake", &stake) < 0 || int_field(pos, "min_bid", &min_bid) < 0 ||
        bool_field(pos, "must_ask", &must_ask) < 0 ||
        bool_field(pos, "marriage", &marriage) < 0 ||
        bool_field(pos, "last_point", &last_point) < 0)
        return -1;
    PyObject *hands = get_field(pos, "hands");
    if (!hands) return -1;
    PyObject *trick = get_field(pos, "trick");
    PyObject *pts = trick ? get_field(pos, "points") : NULL;
    PyObject *tricks = pts ? get_field(pos, "tricks") : NULL;
    int ok = tricks && parse_cards(hands, trick, pts, tricks, played, s) == 0;
    Py_DECREF(hands);
    Py_XDECREF(trick);
    Py_XDECREF(pts);
    Py_XDECREF(tricks);
    if (!ok) return -1;
    uint32_t seen = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    for (int i = 0; i < s->ntrick; i++) seen |= 1u << s->tcard[i];
    if (aside < -1 || aside > 31 || (aside >= 0 && (seen & (1u << aside))) || bidder < 0 ||
        bidder > 3 || trump < -1 || trump > 3 || to_play < 0 || to_play > 3 || asker < -1 ||
        asker > 3 || forced < -1 || forced > 31 || played < 0 || played > 7 || target < 0 ||
        target > 29 || stake < 1 || stake > 24 || (!single && trump < 0)) {
        PyErr_SetString(PyExc_ValueError, "a solver position field is out of range");
        return -1;
    }
    s->aside = (int8_t)aside;
    s->bidder = (int8_t)bidder;
    s->trump = (int8_t)(trump < 0 ? 0 : trump);
    s->shown = (int8_t)shown;
    s->single = (int8_t)single;
    s->to_play = (int8_t)to_play;
    s->leader = s->ntrick ? s->tseat[0] : (int8_t)to_play;
    s->asker = (int8_t)asker;
    s->forced = (int8_t)forced;
    s->played = (int8_t)played;
    s->target = (int8_t)target;
    c->stake = stake;
    c->min_bid = min_bid;
    c->must_ask = must_ask;
    c->marriage = marriage;
    c->last_point = last_point;
    return 0;
}

static int Solver_init(SolverObject *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"table_bits", NULL};
    int bits = 18;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|i", names, &bits)) return -1;
    if (bits < 10 || bits > 26) {
        PyErr_SetString(PyExc_ValueError, "table_bits must be 10-26");
        return -1;
    }
    if (self->search.table) PyMem_RawFree(self->search.table);
    size_t n = (size_t)1 << bits;
    self->search.table = PyMem_RawCalloc(n, sizeof(Entry));
    if (!self->search.table) {
        PyErr_NoMemory();
        return -1;
    }
    self->search.mask = n - 1;
    self->search.gen = 0;
    self->search.nodes = 0;
    if (!self->lock) {
        self->lock = PyThread_allocate_lock();
        if (!self->lock) {
            PyErr_SetString(PyExc_RuntimeError, "no lock");
            return -1;
        }
    }
    return 0;
}

static void Solver_dealloc(SolverObject *self) {
    if (self->search.table) PyMem_RawFree(self->search.table);
    if (self->lock) PyThread_free_lock(self->lock);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Solver_values(SolverObject *self, PyObject *args) {
    PyObject *pos;
    int lo = -INF, hi = INF;
    unsigned long long max_nodes = 0;
    if (!PyArg_ParseTuple(args, "O|iiK", &pos, &lo, &hi, &max_nodes)) return NULL;
    int exact = lo == -INF && hi == INF;
    if (lo < -INF || hi > INF || lo >= hi) {
        PyErr_SetString(PyExc_ValueError, "the window must have lo < hi");
        return NULL;
    }
    State s;
    Config c;
    if (parse_state(pos, &s, &c) < 0) return NULL;
    int mv[40];
    int vals[40];
    int n = legal(&s, &c, mv);
    if (n == 0) {
        PyErr_SetString(PyExc_ValueError, "the seat to play has no legal move");
        return NULL;
    }
    uint64_t nodes;
    int aborted;
    Py_BEGIN_ALLOW_THREADS
    PyThread_acquire_lock(self->lock, WAIT_LOCK);
    Search *S = &self->search;
    S->cfg = c;
    S->gen++;
    S->nodes = 0;
    S->limit = max_nodes;
    S->aborted = 0;
    int guess = 0;
    for (int i = 0; i < n; i++) {
        if (exact) {
            vals[i] = guess = mtdf(S, &s, mv[i], guess);
        } else {
            vals[i] = child_value(S, &s, mv[i], lo, hi);
        }
    }
    nodes = S->nodes;
    aborted = S->aborted;
    PyThread_release_lock(self->lock);
    Py_END_ALLOW_THREADS
    if (aborted) return Py_BuildValue("(OK)", Py_None, (unsigned long long)nodes);
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *item = Py_BuildValue("(ii)", mv[i], vals[i]);
        if (!item) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, item);
    }
    PyObject *res = Py_BuildValue("(NK)", out, (unsigned long long)nodes);
    return res;
}

static int parse_thresholds(PyObject *ths, int *th) {
    PyObject *seq = PySequence_Fast(ths, "thresholds must be a sequence of ints");
    if (!seq) return -1;
    Py_ssize_t nth = PySequence_Fast_GET_SIZE(seq);
    if (nth < 1 || nth > 16) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "give 1-16 thresholds");
        return -1;
    }
    for (Py_ssize_t i = 0; i < nth; i++) {
        th[i] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (PyErr_Occurred() || th[i] <= -INF || th[i] >= INF || (i && th[i] <= th[i - 1])) {
            Py_DECREF(seq);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "thresholds must rise strictly");
            return -1;
        }
    }
    Py_DECREF(seq);
    return (int)nth;
}

static PyObject *Solver_level(SolverObject *self, PyObject *args) {
    PyObject *pos, *ths;
    unsigned long long max_nodes = 0;
    if (!PyArg_ParseTuple(args, "OO|K", &pos, &ths, &max_nodes)) return NULL;
    State s;
    Config c;
    if (parse_state(pos, &s, &c) < 0) return NULL;
    int th[16];
    int nth = parse_thresholds(ths, th);
    if (nth < 0) return NULL;
    int mv[40];
    if (legal(&s, &c, mv) == 0) {
        PyErr_SetString(PyExc_ValueError, "the seat to play has no legal move");
        return NULL;
    }
    uint64_t nodes;
    int aborted;
    int lo = 0, hi = nth;
    Py_BEGIN_ALLOW_THREADS
    PyThread_acquire_lock(self->lock, WAIT_LOCK);
    Search *S = &self->search;
    S->cfg = c;
    S->gen++;
    S->nodes = 0;
    S->limit = max_nodes;
    S->aborted = 0;
    /* Binary search for how many thresholds the position's value reaches. */
    while (lo < hi && !S->aborted) {
        int mid = (lo + hi) / 2;
        if (search(S, &s, th[mid] - 1, th[mid]) >= th[mid])
            lo = mid + 1;
        else
            hi = mid;
    }
    nodes = S->nodes;
    aborted = S->aborted;
    PyThread_release_lock(self->lock);
    Py_END_ALLOW_THREADS
    return Py_BuildValue("(iK)", aborted ? -1 : lo, (unsigned long long)nodes);
}

static PyObject *Solver_levels(SolverObject *self, PyObject *args) {
    PyObject *pos, *ths;
    int start;
    unsigned long long max_nodes = 0;
    if (!PyArg_ParseTuple(args, "OOi|K", &pos, &ths, &start, &max_nodes)) return NULL;
    State s;
    Config c;
    if (parse_state(pos, &s, &c) < 0) return NULL;
    int th[16];
    int nth = parse_thresholds(ths, th);
    if (nth < 0) return NULL;
    if (start < 0 || start >= nth) {
        PyErr_SetString(PyExc_ValueError, "start must index a threshold");
        return NULL;
    }
    int mv[40];
    int lev[40];
    int n = legal(&s, &c, mv);
    if (n == 0) {
        PyErr_SetString(PyExc_ValueError, "the seat to play has no legal move");
        return NULL;
    }
    uint64_t nodes;
    int aborted;
    Py_BEGIN_ALLOW_THREADS
    PyThread_acquire_lock(self->lock, WAIT_LOCK);
    Search *S = &self->search;
    S->cfg = c;
    S->gen++;
    S->nodes = 0;
    S->limit = max_nodes;
    S->aborted = 0;
    /* Equivalent cards share their value: solve one of each. */
    int8_t rep[33];
    int kept[40];
    memcpy(kept, mv, sizeof(int) * n);
    int nk = merge_equivalent(&s, &c, kept, n, rep);
    int by_move[33] = {0};
    for (int i = 0; i < nk && !S->aborted; i++) {
        /* level = how many thresholds the move's value reaches (they rise). */
        int k = start;
        if (child_value(S, &s, kept[i], th[k] - 1, th[k]) >= th[k]) {
            k++;
            while (k < nth && child_value(S, &s, kept[i], th[k] - 1, th[k]) >= th[k]) k++;
        } else {
            k--;
            while (k >= 0 && child_value(S, &s, kept[i], th[k] - 1, th[k]) < th[k]) k--;
            k++;
        }
        by_move[kept[i]] = k;
    }
    for (int i = 0; i < n; i++) {
        int m = mv[i];
        for (int j = 0; j < nk; j++) {
            if (kept[j] == m) goto found;
        }
        m = rep[m];
    found:
        lev[i] = by_move[m];
    }
    nodes = S->nodes;
    aborted = S->aborted;
    PyThread_release_lock(self->lock);
    Py_END_ALLOW_THREADS
    if (aborted) return Py_BuildValue("(OK)", Py_None, (unsigned long long)nodes);
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *item = Py_BuildValue("(ii)", mv[i], lev[i]);
        if (!item) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, item);
    }
    return Py_BuildValue("(NK)", out, (unsigned long long)nodes);
}

static PyObject *Solver_moves(SolverObject *self, PyObject *args) {
    PyObject *pos;
    if (!PyArg_ParseTuple(args, "O", &pos)) return NULL;
    State s;
    Config c;
    if (parse_state(pos, &s, &c) < 0) return NULL;
    int mv[40];
    int n = legal(&s, &c, mv);
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) PyList_SET_ITEM(out, i, PyLong_FromLong(mv[i]));
    return out;
}

static PyMethodDef Solver_methods[] = {
    {"values", (PyCFunction)Solver_values, METH_VARARGS,
     "values(position, lo=-30000, hi=30000, max_nodes=0) -> ([(move, value), ...] or None,\n"
     "nodes): every legal move's value (exact with the full window, else fail-soft within\n"
     "it); None if the search gave up after max_nodes nodes."},
    {"levels", (PyCFunction)Solver_levels, METH_VARARGS,
     "levels(position, thresholds, start, max_nodes=0) -> ([(move, level), ...] or None,\n"
     "nodes): for each legal move, how many of the rising thresholds its value reaches\n"
     "(probing from start); None if the search gave up after max_nodes nodes."},
    {"level", (PyCFunction)Solver_level, METH_VARARGS,
     "level(position, thresholds, max_nodes=0) -> (level, nodes): how many of the rising\n"
     "thresholds the position's own value reaches; -1 if it gave up after max_nodes."},
    {"moves", (PyCFunction)Solver_moves, METH_VARARGS,
     "moves(position) -> [move, ...]: the legal moves (32 = show trump)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "game.bots.solver._core.Solver",
    .tp_basicsize = sizeof(SolverObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "An exact solver of determinized 29 play with its own transposition table.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Solver_init,
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_methods = Solver_methods,
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "_core", "Exact solver of determinized 29 card play.", -1, NULL,
};

PyMODINIT_FUNC PyInit__core(void) {
    for (int i = 0; i < 32; i++) POINTS[i] = RANK_POINTS[i & 7];
    if (PyType_Ready(&SolverType) < 0) return NULL;
    PyObject *m = PyModule_Create(&core_module);
    if (!m) return NULL;
    Py_INCREF(&SolverType);
    if (PyModule_AddObject(m, "Solver", (PyObject *)&SolverType) < 0) {
        Py_DECREF(&SolverType);
        Py_DECREF(m);
        return NULL;
    }
    PyModule_AddIntConstant(m, "SHOW", SHOW);
    return m;
}

/* Single-observer Information-Set MCTS for the play of a 29 deal (the ismcts level).
 *
 * It searches the way the public C++ 29 bot (abhigyan7/29, on the ismcsolver
 * library) does, written afresh here: one tree over the searching seat's
 * information set; every iteration draws a determinization (the unseen cards
 * dealt to the other seats in their hand counts, redrawn up to 100 times while a
 * seat gets a card of a suit it has shown it lacks, then taken as it is), descends
 * the tree by UCB1 with availability counts (exploration 0.7) over the moves legal
 * in that deal, adds one child for a random untried move, plays the deal out with
 * uniformly random legal cards and backs up the result of the contract for the
 * player who moved into each node: 1 made (for the bidder's team; 1 beaten for the
 * others), 0 otherwise, 0.5 when trump was never shown (the deal is annulled). The
 * move returned is the root child visited most.
 *
 * The model is that bot's: cards only (nobody asks for trump inside the tree, so a
 * trump still hidden at the root stays hidden in every playout and every result is
 * 0.5), each seat must follow suit, the seat that asked for trump in this trick must
 * play a winning trump if it holds one, else any trump; a trick goes to the highest
 * trump once trump is shown, else to the highest card of the led suit; the last
 * trick may carry one extra point.
 *
 * With ``asks`` (not -2), a model read from a later version's header (its move is a card
 * or a request for trump): a seat that cannot follow while trump is hidden may also ask,
 * as a move of the tree and of the random playouts, which shows the trump of that
 * determinization (``asks`` itself when the searcher knows it, else the suit the bidder
 * holds most of in the deal drawn, a tie broken at random); the searching seat asks only
 * when the tree finds it best.
 *
 * With ``older``, the bot's older version: no 0.5 (the contract decides a deal with
 * trump never shown too) and its follow rules: before trump is shown a seat must
 * beat, with a card of the led suit, the highest rank in the trick if it can; once
 * shown, a seat that cannot follow must overtrump a trump in the trick if it can.
 * (Its deals ignored voids: the caller passes none.)
 *
 * Cards are indices suit * 8 + rank (rank 0 = J, the highest), hands 32-bit masks.
 * The search releases the GIL.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_REDRAWS 100
#define ASK 32 /* the move that asks for trump (the cards are 0-31) */
#define NO_ASKS -2

static const int RANK_POINTS[8] = {3, 2, 1, 1, 0, 0, 0, 0};

typedef struct {
    uint32_t hand[4];
    int8_t tseat[4];
    int8_t tcard[4];
    int ntrick;
    int to_play;
    int pts[2];
    int played;   /* tricks played */
    int trump;    /* the shown trump suit, -1 while hidden */
    int revealer; /* the seat that asked for trump in the current trick, or -1 */
    int hidden;   /* the trump an ask shows in this determinization */
} Deal;

typedef struct {
    int bidder;
    int target;
    int last_bonus;
    int older;       /* the bot's older version's follow rules */
    int half_hidden; /* a deal ending with trump never shown scores 0.5 */
    int asks;        /* NO_ASKS, or asks are moves: the trump the searcher knows, -1 none */
} Contract;

typedef struct {
    int32_t parent, first, last, next;
    int8_t move, player;
    uint32_t visits, avail;
    double score;
} Node;

typedef struct {
    Node *nodes;
    size_t n, cap;
} Tree;

static inline uint32_t suit_mask(int s) { return 0xFFu << (8 * s); }

static inline uint64_t next_random(uint64_t *state) {
    /* splitmix64 */
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline int below(uint64_t *rng, int n) { return (int)(next_random(rng) % (uint64_t)n); }

/* The k-th (from 0) set bit of a mask. */
static inline int nth_bit(uint32_t m, int k) {
    while (k--) m &= m - 1;
    return __builtin_ctz(m);
}

static inline int random_card(uint64_t *rng, uint32_t m) {
    return nth_bit(m, below(rng, __builtin_popcount(m)));
}

static inline int random_move(uint64_t *rng, uint64_t m) {
    int k = below(rng, __builtin_popcountll(m));
    while (k--) m &= m - 1;
    return __builtin_ctzll(m);
}

/* The cards the seat to play may play in the older version's model. */
static uint32_t legal_older(const Deal *d) {
    int seat = d->to_play;
    uint32_t hand = d->hand[seat];
    if (d->ntrick == 0) return hand;
    uint32_t follow = hand & suit_mask(d->tcard[0] >> 3);
    if (d->trump < 0) {
        int top = 7; /* the highest rank in the trick, whatever its suit */
        for (int i = 0; i < d->ntrick; i++)
            if ((d->tcard[i] & 7) < top) top = d->tcard[i] & 7;
        uint32_t beat = 0;
        for (uint32_t m = follow; m; m &= m - 1)
            if ((__builtin_ctz(m) & 7) < top) beat |= m & -m;
        if (beat) return beat;
    }
    if (follow) return follow;
    if (d->trump >= 0) {
        uint32_t trumps = hand & suit_mask(d->trump);
        int top = -1;
        for (int i = 0; i < d->ntrick; i++)
            if ((d->tcard[i] >> 3) == d->trump && (top < 0 || d->tcard[i] < top))
                top = d->tcard[i];
        if (top >= 0 && (trumps & ((1u << top) - 1))) return trumps & ((1u << top) - 1);
        if (seat == d->revealer && trumps) return trumps;
    }
    return hand;
}

/* The cards the seat to play may play in the model. */
static uint32_t legal(const Deal *d) {
    int seat = d->to_play;
    uint32_t hand = d->hand[seat];
    if (d->ntrick == 0) return hand;
    int led = d->tcard[0] >> 3;
    if (d->trump >= 0 && seat == d->revealer) {
        uint32_t trumps = hand & suit_mask(d->trump);
        if (trumps) {
            int top = -1; /* the highest trump in the trick (lowest index) */
            for (int i = 0; i < d->ntrick; i++)
                if ((d->tcard[i] >> 3) == d->trump && (top < 0 || d->tcard[i] < top))
                    top = d->tcard[i];
            uint32_t winning = top < 0 ? trumps : trumps & ((1u << top) - 1);
            return winning ? winning : trumps;
        }
    }
    uint32_t follow = hand & suit_mask(led);
    return follow ? follow : hand;
}

static inline uint32_t model_legal(const Deal *d, const Contract *k) {
    return k->older ? legal_older(d) : legal(d);
}

static int trick_winner(const Deal *d) {
    int w = 0;
    for (int i = 1; i < 4; i++) {
        int c = d->tcard[i], best = d->tcard[w];
        if ((c >> 3) == (best >> 3)) {
            if (c < best) w = i;
        } else if (d->trump >= 0 && (c >> 3) == d->trump) {
            w = i;
        }
    }
    return d->tseat[w];
}

static void play(Deal *d, const Contract *k, int card) {
    int seat = d->to_play;
    d->hand[seat] &= ~(1u << card);
    d->tseat[d->ntrick] = (int8_t)seat;
    d->tcard[d->ntrick] = (int8_t)card;
    d->ntrick++;
    d->to_play = (seat + 1) & 3;
    if (d->ntrick < 4) return;
    int winner = trick_winner(d);
    int pts = 0;
    for (int i = 0; i < 4; i++) pts += RANK_POINTS[d->tcard[i] & 7];
    if (d->played == 7 && k->last_bonus) pts += 1;
    d->pts[winner & 1] += pts;
    d->played++;
    d->ntrick = 0;
    d->revealer = -1;
    d->to_play = winner;
}

/* The moves of the seat to play: its legal cards, and the ask where the model has one. */
static uint64_t moves_of(const Deal *d, const Contract *k) {
    uint64_t moves = model_legal(d, k);
    if (k->asks != NO_ASKS && d->trump < 0 && d->ntrick > 0 && d->played < 8 &&
        !(d->hand[d->to_play] & suit_mask(d->tcard[0] >> 3)))
        moves |= 1ull << ASK;
    return moves;
}

static void play_move(Deal *d, const Contract *k, int move) {
    if (move == ASK) {
        d->trump = d->hidden;
        d->revealer = d->to_play;
        return;
    }
    play(d, k, move);
}

static double result(const Deal *d, const Contract *k, int player) {
    if (d->trump < 0 && k->half_hidden) return 0.5;
    int made = d->pts[k->bidder & 1] >= k->target;
    return ((player & 1) == (k->bidder & 1)) ? made : !made;
}

typedef struct {
    uint32_t known[4];  /* cards each seat holds that the observer knows (its own hand) */
    int slots[4];       /* unseen cards each seat holds */
    uint32_t voids[4];  /* cards each seat cannot hold (suits it has shown it lacks) */
    int unseen[32];
    int nunseen;
} Info;

/* A determinization: the unseen cards dealt at random into the slots, redrawn while
 * a seat gets a card it cannot hold, at most MAX_REDRAWS times. */
static void determinize(const Info *info, Deal *d, uint64_t *rng) {
    int cards[32];
    memcpy(cards, info->unseen, sizeof(int) * (size_t)info->nunseen);
    for (int attempt = 1;; attempt++) {
        for (int i = info->nunseen - 1; i > 0; i--) {
            int j = below(rng, i + 1);
            int t = cards[i];
            cards[i] = cards[j];
            cards[j] = t;
        }
        int ok = 1, at = 0;
        for (int s = 0; s < 4; s++) {
            uint32_t h = info->known[s];
            for (int n = 0; n < info->slots[s]; n++) {
                int c = cards[at++];
                if (info->voids[s] & (1u << c)) ok = 0;
                h |= 1u << c;
            }
            d->hand[s] = h;
        }
        if (ok || attempt >= MAX_REDRAWS) break;
    }
}

/* The trump an ask shows in a determinization: known to the searcher, or the suit the
 * bidder holds most of there (a tie broken at random). */
static void draw_hidden(Deal *d, const Contract *k, uint64_t *rng) {
    if (k->asks >= 0) {
        d->hidden = k->asks;
        return;
    }
    int most = -1, ties = 0, pick = 0;
    for (int s = 0; s < 4; s++) {
        int n = __builtin_popcount(d->hand[k->bidder] & suit_mask(s));
        if (n > most) {
            most = n;
            ties = 1;
            pick = s;
        } else if (n == most && below(rng, ++ties) == 0) {
            pick = s;
        }
    }
    d->hidden = pick;
}

static int32_t add_node(Tree *t, int32_t parent, int move, int player) {
    if (t->n == t->cap) {
        size_t cap = t->cap * 2;
        Node *grown = realloc(t->nodes, cap * sizeof(Node));
        if (!grown) return -1;
        t->nodes = grown;
        t->cap = cap;
    }
    int32_t id = (int32_t)t->n++;
    Node *node = &t->nodes[id];
    node->parent = parent;
    node->first = node->last = node->next = -1;
    node->move = (int8_t)move;
    node->player = (int8_t)player;
    node->visits = 0;
    node->avail = 1;
    node->score = 0.0;
    if (parent >= 0) {
        Node *p = &t->nodes[parent];
        if (p->last >= 0)
            t->nodes[p->last].next = id;
        else
            p->first = id;
        p->last = id;
    }
    return id;
}

/* One iteration; returns 0 when memory ran out. */
static int iterate(Tree *t, const Deal *root, uint64_t root_moves, const Info *info,
                   const Contract *k, double c, uint64_t *rng) {
    Deal d = *root;
    determinize(info, &d, rng);
    if (k->asks != NO_ASKS) draw_hidden(&d, k, rng);
    int32_t node = 0;
    for (;;) {
        uint64_t moves = node == 0 ? root_moves : (d.played < 8 ? moves_of(&d, k) : 0);
        if (!moves) break;
        uint64_t tried = 0;
        for (int32_t ch = t->nodes[node].first; ch >= 0; ch = t->nodes[ch].next)
            tried |= 1ull << t->nodes[ch].move;
        uint64_t untried = moves & ~tried;
        if (untried) {
            int move = random_move(rng, untried);
            int32_t child = add_node(t, node, move, d.to_play);
            if (child < 0) return 0;
            play_move(&d, k, move);
            node = child;
            break;
        }
        int32_t best = -1;
        double best_score = -1.0;
        for (int32_t ch = t->nodes[node].first; ch >= 0; ch = t->nodes[ch].next) {
            Node *n = &t->nodes[ch];
            if (!(moves & (1ull << n->move))) continue;
            n->avail++;
            double score =
                n->score / n->visits + c * sqrt(log((double)n->avail) / n->visits);
            if (score > best_score) {
                best_score = score;
                best = ch;
            }
        }
        play_move(&d, k, t->nodes[best].move);
        node = best;
    }
    while (d.played < 8) play_move(&d, k, random_move(rng, moves_of(&d, k)));
    for (; node >= 0; node = t->nodes[node].parent) {
        Node *n = &t->nodes[node];
        n->visits++;
        if (n->parent >= 0) n->score += result(&d, k, n->player);
    }
    return 1;
}

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int parse_masks(PyObject *obj, uint32_t out[4], const char *what) {
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != 4) {
        PyErr_Format(PyExc_ValueError, "%s must be a tuple of 4 ints", what);
        return -1;
    }
    for (int i = 0; i < 4; i++) {
        unsigned long long v = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(obj, i));
        if (PyErr_Occurred()) return -1;
        if (v >> 32) {
            PyErr_Format(PyExc_ValueError, "%s holds a value above 32 bits", what);
            return -1;
        }
        out[i] = (uint32_t)v;
    }
    return 0;
}

static PyObject *mcts_search(PyObject *module, PyObject *args) {
    PyObject *known_obj, *slots_obj, *voids_obj, *trick_obj;
    unsigned long long unseen_mask, root_moves_ll, seed;
    int seat, played, trump, revealer, bidder, target, last_bonus, older, half_hidden;
    int pts0, pts1, asks = NO_ASKS;
    Py_ssize_t iterations;
    double seconds, exploration;
    (void)module;
    if (!PyArg_ParseTuple(args, "OOKOOi(ii)iiiiipppKndKd|i", &known_obj, &slots_obj, &unseen_mask,
                          &voids_obj, &trick_obj, &seat, &pts0, &pts1, &played, &trump,
                          &revealer, &bidder, &target, &last_bonus, &older, &half_hidden,
                          &root_moves_ll, &iterations, &seconds, &seed, &exploration, &asks))
        return NULL;
    Info info;
    uint32_t slots_u[4];
    if (parse_masks(known_obj, info.known, "known") < 0) return NULL;
    if (parse_masks(slots_obj, slots_u, "slots") < 0) return NULL;
    if (parse_masks(voids_obj, info.voids, "voids") < 0) return NULL;
    if (seat < 0 || seat > 3 || bidder < 0 || bidder > 3 || trump < -1 || trump > 3 ||
        revealer < -1 || revealer > 3 || played < 0 || played > 7 || iterations < 0 ||
        seconds < 0 || (iterations == 0 && seconds == 0) || asks < NO_ASKS || asks > 3) {
        PyErr_SetString(PyExc_ValueError, "search arguments out of range");
        return NULL;
    }
    uint32_t root_moves = (uint32_t)root_moves_ll;
    if (!root_moves || (root_moves_ll >> 32) || (root_moves & ~info.known[seat])) {
        PyErr_SetString(PyExc_ValueError, "root moves must be cards of the seat's hand");
        return NULL;
    }
    info.nunseen = 0;
    for (int c = 0; c < 32; c++)
        if (unseen_mask & (1ull << c)) info.unseen[info.nunseen++] = c;
    int total = 0;
    for (int s = 0; s < 4; s++) {
        info.slots[s] = (int)slots_u[s];
        total += info.slots[s];
        uint32_t others = s == seat ? 0 : info.known[seat];
        if ((info.known[s] & (uint32_t)unseen_mask) || (info.known[s] & others)) {
            PyErr_SetString(PyExc_ValueError, "known cards overlap");
            return NULL;
        }
    }
    if (total != info.nunseen || info.slots[seat] != 0) {
        PyErr_SetString(PyExc_ValueError, "the slots must hold exactly the unseen cards");
        return NULL;
    }
    Deal root;
    memset(&root, 0, sizeof root);
    if (!PyList_Check(trick_obj) || PyList_GET_SIZE(trick_obj) > 3) {
        PyErr_SetString(PyExc_ValueError, "trick must be a list of at most 3 (seat, card)");
        return NULL;
    }
    root.ntrick = (int)PyList_GET_SIZE(trick_obj);
    for (int i = 0; i < root.ntrick; i++) {
        int s, card;
        if (!PyArg_ParseTuple(PyList_GET_ITEM(trick_obj, i), "ii", &s, &card)) return NULL;
        if (s < 0 || s > 3 || card < 0 || card > 31) {
            PyErr_SetString(PyExc_ValueError, "trick entries must be (seat 0-3, card 0-31)");
            return NULL;
        }
        root.tseat[i] = (int8_t)s;
        root.tcard[i] = (int8_t)card;
    }
    /* Every hand must hold the cards its seat still has to play: 8 - tricks played,
     * one fewer for a seat that has played to the current trick; the trick in
     * progress must lead up to the searching seat. */
    uint32_t in_trick = 0;
    for (int i = 0; i < root.ntrick; i++) {
        if (root.tseat[i] != (seat + 4 - root.ntrick + i) % 4 ||
            (in_trick & (1u << root.tcard[i]))) {
            PyErr_SetString(PyExc_ValueError, "the trick must lead up to the seat");
            return NULL;
        }
        in_trick |= 1u << root.tcard[i];
    }
    uint32_t all = (uint32_t)unseen_mask;
    for (int s = 0; s < 4; s++) all |= info.known[s];
    for (int s = 0; s < 4; s++) {
        int done_here = 0;
        for (int i = 0; i < root.ntrick; i++) done_here |= root.tseat[i] == s;
        if (__builtin_popcount(info.known[s]) + info.slots[s] != 8 - played - done_here) {
            PyErr_SetString(PyExc_ValueError, "a hand does not hold the cards left to play");
            return NULL;
        }
    }
    if (all & in_trick) {
        PyErr_SetString(PyExc_ValueError, "a card of the trick is still in a hand");
        return NULL;
    }
    root.to_play = seat;
    root.pts[0] = pts0;
    root.pts[1] = pts1;
    root.played = played;
    root.trump = trump;
    root.revealer = revealer;
    Contract k = {bidder, target, last_bonus, older, half_hidden, asks};
    /* The root's moves: the engine's legal cards the model allows too (else all of them). */
    Deal probe = root;
    probe.hand[seat] = info.known[seat];
    uint32_t model = model_legal(&probe, &k) & root_moves;
    if (model) root_moves = model;
    uint64_t root_all = root_moves | (moves_of(&probe, &k) & (1ull << ASK));

    Tree t;
    t.cap = 1024;
    t.n = 0;
    t.nodes = malloc(t.cap * sizeof(Node));
    if (!t.nodes) return PyErr_NoMemory();
    add_node(&t, -1, -1, -1);
    uint64_t rng = seed;
    Py_ssize_t done = 0;
    int ok = 1;
    Py_BEGIN_ALLOW_THREADS;
    double deadline = seconds > 0 ? now_s() + seconds : 0.0;
    do {
        ok = iterate(&t, &root, root_all, &info, &k, exploration, &rng);
        done++;
    } while (ok && (iterations == 0 || done < iterations) && (deadline == 0.0 || now_s() < deadline));
    Py_END_ALLOW_THREADS;
    if (!ok) {
        free(t.nodes);
        return PyErr_NoMemory();
    }
    PyObject *visits = PyList_New(0);
    int best = -1;
    uint32_t most = 0;
    for (int32_t ch = t.nodes[0].first; ch >= 0 && visits; ch = t.nodes[ch].next) {
        Node *n = &t.nodes[ch];
        PyObject *pair = Py_BuildValue("(iI)", n->move, n->visits);
        if (!pair || PyList_Append(visits, pair) < 0) Py_CLEAR(visits);
        Py_XDECREF(pair);
        if (best < 0 || n->visits > most) {
            best = n->move;
            most = n->visits;
        }
    }
    free(t.nodes);
    if (!visits) return NULL;
    return Py_BuildValue("(inN)", best, done, visits);
}

static PyMethodDef mcts_methods[] = {
    {"search", mcts_search, METH_VARARGS,
     "search(known, slots, unseen, voids, trick, seat, points, tricks_played, trump, revealer,\n"
     "bidder, target, last_bonus, older, half_hidden, root_moves, iterations, seconds, seed,\n"
     "exploration, asks=-2)\n"
     "-> (card, iterations, [(card, visits), ...]): the root child visited most after\n"
     "(card 32: the ask; asks -2: no asks in the model, -1: asks, trump unknown, 0-3:\n"
     "asks, the trump the searcher knows)\n"
     "``iterations`` iterations or ``seconds`` of wall clock, whichever comes first\n"
     "(0 for no limit of that kind; at least one iteration is run)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef mcts_module = {
    PyModuleDef_HEAD_INIT, "_mcts", "Information-Set MCTS of 29 card play.", -1, mcts_methods,
};

PyMODINIT_FUNC PyInit__mcts(void) { return PyModule_Create(&mcts_module); }

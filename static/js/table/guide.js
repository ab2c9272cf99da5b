// The first-game guide: for a seated player, a short note on each kind of decision the first
// time it comes up (a bid, choosing trump, Double, Single Hand, playing and following suit,
// asking for trump, a marriage, the end of a deal), read once that decision is made or its
// moment has passed. On by default in a game with three
// computer players, off otherwise; the "Guide" button turns it on or off, and both that choice
// and the notes already read are remembered by this browser (never shown again once off).

import { gettext } from "../i18n.js";

const CHOICE_KEY = "twentynine-guide";
const SEEN_KEY = "twentynine-guide-seen";

/** What to explain for this state, or null: the first matching topic wins. */
export function guideTopic(view, table, legal) {
  const you = table?.you?.seat;
  if (!view || you == null || table?.you?.spectator) return null;
  const types = new Set((legal || []).map((a) => a.type));
  if (view.phase === "deal") {
    if (!view.last_round) return null;
    return view.last_round.annulled ? "annulled" : "result";
  }
  if (!types.size) return null;
  if (types.has("marriage")) return "marriage";
  if (view.phase === "bidding") return "bid";
  if (view.phase === "trump") return "trump";
  if (types.has("double") || types.has("redouble") || types.has("set_double")) return "double";
  if (types.has("single_hand")) return "single_hand";
  if (types.has("show_trump") && view.bid?.seat !== you) return "ask_trump";
  if (types.has("play")) {
    const playable = [...legal].filter((a) => a.type === "play").length;
    return playable < (view.hand || []).length ? "follow" : "play";
  }
  return null;
}

/** The words for each topic. */
function topicText(topic) {
  return {
    bid: gettext("Bidding: your number is how many of the 28 card points (J 3, 9 2, A 1, 10 1) your team promises to take in this deal. Bid only with strong cards, such as two jacks, or a jack and a nine of one suit; otherwise Pass. Whoever bids highest chooses trump."),
    trump: gettext("You won the bid: choose trump, the suit that beats every other once it is shown. Pick your longest, strongest suit. It stays face down and only you know it. \"7th card\" makes the suit of your seventh card trump, unseen until it is dealt."),
    double: gettext("Double makes this deal worth 2 instead of 1: call it when you think the bidders will fail. They may answer with Redouble (worth 4). If unsure, Pass."),
    single_hand: gettext("Single Hand: you promise to win all eight tricks alone, with no trump, while your partner puts their cards down. It is worth 3. Call it only with a hand that cannot lose a trick; otherwise Pass."),
    play: gettext("Your turn to play: click or tap a lit card. The first card of a trick sets its suit, and the highest card of that suit wins unless a trump is played once trump is shown. Cards rank J 9 A 10 K Q 8 7."),
    follow: gettext("Greyed cards cannot be played now: you must follow suit, playing a card of the suit that was led. Tap or hover over a greyed card to see why."),
    ask_trump: gettext("You have none of the led suit. Play any card, or ask for trump: trump is then shown to everyone, and you must play a trump to this trick if you hold one, even if your partner is winning it. Ask only when you want to win this trick."),
    marriage: gettext("You hold the K and Q of trump: declare the marriage. It moves the bidding team's target by 4 points."),
    annulled: gettext("This deal was annulled: nobody scores, and the cards are dealt again. The panel on the table says why."),
    result: gettext("The deal is over: the panel on the table says who made it and how the score moved. The bidding team scores +1 if it took the points it bid and −1 if not. Past +5 a team wins a red set; past −5 it takes a black set."),
  }[topic];
}

function stored(key, fallback) {
  try {
    return localStorage.getItem(key) ?? fallback;
  } catch {
    return fallback;
  }
}

function store(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage disabled: the choice lasts until the page is closed.
  }
}

export class Guide {
  /**
   * @param {HTMLElement} box  #guide, where a note is shown
   * @param {HTMLButtonElement} button  #guide-toggle
   */
  constructor(box, button) {
    this.box = box;
    this.button = button;
    this.choice = stored(CHOICE_KEY, ""); // "on", "off" or "" (not chosen: on with computers)
    this.seen = new Set(JSON.parse(stored(SEEN_KEY, "[]")));
    this.topic = null;
    this.lastState = null;
    button.addEventListener("click", () => this.toggle());
    box.addEventListener("click", (e) => {
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest("[data-guide='ok']")) this.dismiss();
      if (target?.closest("[data-guide='off']")) this.toggle();
    });
    // Escape reads the note as "Got it" does (a dialog open over the table takes its own).
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && !e.defaultPrevented && !this.box.hidden) this.dismiss();
    });
  }

  /** Whether the guide is on for this table (three computer players: on unless turned off). */
  on(table) {
    if (this.choice) return this.choice === "on";
    const computers = (table?.players || []).filter((p) => p.computer).length;
    return computers === 3 && !table?.you?.spectator;
  }

  toggle() {
    this.choice = this.on(this.lastState?.table) ? "off" : "on";
    store(CHOICE_KEY, this.choice);
    if (this.lastState) this.update(this.lastState);
  }

  dismiss() {
    if (this.topic) this.seen.add(this.topic);
    store(SEEN_KEY, JSON.stringify([...this.seen]));
    this.topic = null;
    this.box.hidden = true;
  }

  /** Call after every state: show the note for a decision met for the first time. */
  update(state) {
    this.lastState = state;
    const on = this.on(state.table);
    this.button.hidden = Boolean(state.table?.you?.spectator);
    this.button.setAttribute("aria-pressed", String(on));
    let topic = on ? guideTopic(state.view, state.table, state.legal) : null;
    // The first card played is often a follow: how to play and how cards rank come first.
    if (topic === "follow" && !this.seen.has("play")) topic = "play";
    if (this.topic && topic !== this.topic && !this.box.hidden) this.dismiss(); // its moment passed: read
    if (!topic || this.seen.has(topic)) {
      if (!on || (this.topic && this.topic !== topic)) {
        this.topic = null;
        this.box.hidden = true;
      }
      return;
    }
    if (topic === this.topic && !this.box.hidden) return;
    this.topic = topic;
    const text = Object.assign(document.createElement("p"), { textContent: topicText(topic) });
    const ok = Object.assign(document.createElement("button"), {
      type: "button",
      className: "button small",
      textContent: gettext("Got it"),
    });
    ok.dataset.guide = "ok";
    const off = Object.assign(document.createElement("button"), {
      type: "button",
      className: "button small secondary",
      textContent: gettext("Turn the guide off"),
    });
    off.dataset.guide = "off";
    const buttons = Object.assign(document.createElement("div"), { className: "guide-buttons" });
    buttons.append(ok, off);
    this.box.dataset.topic = topic;
    this.box.replaceChildren(text, buttons);
    this.box.hidden = false;
  }
}

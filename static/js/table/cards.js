// Cards: codes ("JH" = jack of hearts), their order in a hand, and how one is drawn.

import { fmt, gettext } from "../i18n.js";
import { recall, remember } from "./session.js";

export const RANKS = ["J", "9", "A", "T", "K", "Q", "8", "7"];
export const SUIT_SYMBOL = { S: "♠", H: "♥", C: "♣", D: "♦" };
export const SUIT_NAME = { S: gettext("spades"), H: gettext("hearts"), C: gettext("clubs"), D: gettext("diamonds") };
const RED = new Set(["H", "D"]);

/** The class that names a card's or a symbol's suit ("suit-H"): the four-colour deck colours it. */
export const suitClass = (suit) => `suit-${suit}`;

export const rankOf = (code) => code[0];
export const suitOf = (code) => code[1];
export const isRed = (suit) => RED.has(suit);
export const rankLabel = (rank) => (rank === "T" ? "10" : rank);

/** "J♥", the way a card is written in the log. */
export function cardText(code) {
  return rankLabel(rankOf(code)) + SUIT_SYMBOL[suitOf(code)];
}

/** "9 of clubs", the way a card is said (a screen reader's name for a card drawn). */
export function cardName(code) {
  return fmt(gettext("%(rank)s of %(suit)s"), { rank: rankLabel(rankOf(code)), suit: SUIT_NAME[suitOf(code)] });
}

/**
 * The order suits are laid out in a hand: only the suits present, red and black
 * alternating as far as the hand allows (the larger colour group first).
 */
export function suitOrder(cards) {
  const present = new Set(cards.map(suitOf));
  const blacks = ["S", "C"].filter((s) => present.has(s));
  const reds = ["H", "D"].filter((s) => present.has(s));
  const [first, second] = blacks.length >= reds.length ? [blacks, reds] : [reds, blacks];
  const order = [];
  for (let i = 0; i < first.length; i += 1) {
    order.push(first[i]);
    if (i < second.length) order.push(second[i]);
  }
  return order;
}

// The suit order last drawn for each hand (a key: `handKey`), so that a card played never
// moves the others: the order is worked out afresh only when the hand gains cards (a deal).
// It is kept in the tab's session storage too, so that a reload brings the hand back as it was.
const drawnOrders = new Map();

function storedOrder(key) {
  const saved = recall(`hand-order:${key}`);
  return saved && Array.isArray(saved.order) && Number.isInteger(saved.size) ? saved : null;
}

function steadyOrder(key, cards) {
  const last = drawnOrders.get(key) || storedOrder(key);
  const suits = new Set(cards.map(suitOf));
  const order = last && cards.length <= last.size && [...suits].every((s) => last.order.includes(s))
    ? last.order.filter((s) => suits.has(s))
    : suitOrder(cards);
  const drawn = { order, size: cards.length };
  drawnOrders.set(key, drawn);
  remember(`hand-order:${key}`, drawn);
  return order;
}

/** The name of one hand in one deal of one game, for `sortHand` ("you" or a seat number). */
export function handKey(table, view, hand) {
  return `${table?.game}:${view?.round_no}:${hand}`;
}

/** The hand sorted: suits grouped (alternating colours), each by rank J 9 A T K Q 8 7. With a
 * `key` naming the hand, its suits stay in the order last drawn while it only loses cards. */
export function sortHand(cards, key = null) {
  const order = key == null ? suitOrder(cards) : steadyOrder(key, cards);
  return [...cards].sort(
    (a, b) =>
      order.indexOf(suitOf(a)) - order.indexOf(suitOf(b)) ||
      RANKS.indexOf(rankOf(a)) - RANKS.indexOf(rankOf(b)),
  );
}

/** A face-up card element with data-card, drawn with text (rank and suit symbol). */
export function cardFace(code, extraClass = "") {
  const suit = suitOf(code);
  const rank = rankLabel(rankOf(code));
  const el = document.createElement("div");
  el.className = `card face ${isRed(suit) ? "red" : "black"} ${suitClass(suit)} ${extraClass}`.trim();
  el.dataset.card = code;
  // One image to a screen reader, named by its label (the hand makes it a button instead);
  // its corners and pip are drawing only.
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", cardName(code));
  const corner = (cls) => {
    const c = document.createElement("span");
    c.className = `corner ${cls}`;
    c.setAttribute("aria-hidden", "true");
    c.innerHTML = `<b>${rank}</b><i>${SUIT_SYMBOL[suit]}</i>`;
    return c;
  };
  const pip = document.createElement("span");
  pip.className = "pip";
  pip.setAttribute("aria-hidden", "true");
  pip.textContent = SUIT_SYMBOL[suit];
  el.append(corner("tl"), pip, corner("br"));
  return el;
}

const SYMBOL_SUIT = Object.fromEntries(Object.entries(SUIT_SYMBOL).map(([suit, symbol]) => [symbol, suit]));

/** A suit symbol as an element of its own, coloured by the four-colour deck. */
export function suitMark(suit) {
  return Object.assign(document.createElement("span"), {
    className: `suit-mark ${suitClass(suit)}`,
    textContent: SUIT_SYMBOL[suit],
  });
}

/** A line of text with each suit symbol in it marked (`suitMark`), to append to an element. */
export function suitedText(text) {
  const out = document.createDocumentFragment();
  for (const part of String(text).split(/([♠♥♦♣])/)) {
    if (SYMBOL_SUIT[part]) out.append(suitMark(SYMBOL_SUIT[part]));
    else if (part) out.append(part);
  }
  return out;
}

/** A face-down card. */
export function cardBack(extraClass = "") {
  const el = document.createElement("div");
  el.className = `card back ${extraClass}`.trim();
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", gettext("a face-down card"));
  return el;
}

// The middle of the felt: the trick, the trump marker, the contract, and between deals
// the waiting list or the round result with its countdown.

import { fmt, gettext, ngettext, pgettext } from "../i18n.js";
import { SUIT_NAME, SUIT_SYMBOL, cardBack, cardFace, isRed, suitClass, suitOf, suitedText } from "./cards.js";
import { drawResult } from "./result.js";
import { positionOf } from "./seats.js";
import { seatName } from "./words.js";

/** Lay the cards of a trick out, each in front of the seat that played it, the led card marked. */
export function drawTrick(box, cards, table, winner = null) {
  box.replaceChildren();
  cards.forEach(({ seat, card }, i) => {
    const el = cardFace(card, `in-trick at-${positionOf(seat, table)}`);
    el.dataset.seat = String(seat);
    const said = { card: el.getAttribute("aria-label"), name: seatName(table, seat) };
    if (i === 0) markLed(el);
    el.setAttribute("aria-label", i === 0 ? fmt(gettext("%(card)s, led by %(name)s"), said) : fmt(gettext("%(card)s, played by %(name)s"), said));
    if (seat === winner) el.classList.add("winner");
    box.append(el);
  });
}

/** Mark the card that led its trick (the word on it in the reader's language). */
export function markLed(card) {
  card.classList.add("led");
  card.dataset.led = pgettext("the first card of a trick", "led");
}

/** The line under the trick: which suit was led and whether you must follow it. */
export function trickCaption(view, table, legal) {
  const you = table?.you?.seat;
  if (view.trick.length) {
    const led = suitOf(view.trick[0].card);
    const words = fmt(gettext("%(symbol)s %(suit)s led"), { symbol: SUIT_SYMBOL[led], suit: capitalised(SUIT_NAME[led]) });
    const toPlay = you != null && (legal || []).some((a) => a.type === "play");
    if (!toPlay) return { text: words, kind: "led" };
    const holds = (view.hand || []).some((c) => suitOf(c) === led);
    return holds
      ? { text: fmt(gettext("%(led)s — follow suit"), { led: words }), kind: "follow" }
      : { text: fmt(gettext("%(led)s — you have none"), { led: words }), kind: "follow" };
  }
  if (view.last_trick) {
    const winner = seatName(table, view.last_trick.winner);
    return { text: fmt(gettext("%(name)s took the last trick and leads"), { name: winner }), kind: "previous" };
  }
  if (view.leader != null) return { text: fmt(gettext("%(name)s leads the first trick"), { name: seatName(table, view.leader) }), kind: "first" };
  return { text: "", kind: "" };
}

const capitalised = (word) => word[0].toUpperCase() + word.slice(1);

function drawCurrentTrick(root, state) {
  const { view, table } = state;
  const box = root.querySelector("#trick");
  const caption = root.querySelector("#trick-caption");
  const playing = view && view.phase === "play";
  box.classList.remove("previous");
  // Until the next card is led, the felt still shows the trick just won: say which it is.
  const previous = playing && !view.trick.length && view.last_trick;
  box.setAttribute("aria-label", previous ? gettext("The trick just won") : gettext("The current trick"));
  if (playing && view.trick.length) {
    drawTrick(box, view.trick, table);
  } else if (playing && view.last_trick) {
    drawTrick(box, view.last_trick.cards, table, view.last_trick.winner);
    box.classList.add("previous");
  } else {
    box.replaceChildren();
  }
  box.hidden = !playing;
  const { text, kind } = playing ? trickCaption(view, table, state.legal) : { text: "", kind: "" };
  caption.replaceChildren(suitedText(text));
  caption.dataset.kind = kind;
  caption.hidden = !text;
}

/** The trump marker: face down while hidden (the bidder and spectators see what it is). */
export function drawTrumpMarker(root, view, table) {
  const marker = root.querySelector("#trump-marker");
  const set = view && view.single_hand == null && (view.trump_method || view.trump_shown);
  marker.hidden = !set;
  marker.replaceChildren();
  if (!set) return;
  marker.dataset.shown = String(Boolean(view.trump_shown));
  marker.dataset.trump = view.trump || "";
  const label = document.createElement("span");
  label.className = "marker-label";
  if (view.trump_shown) {
    const face = view.trump_card ? cardFace(view.trump_card, "small") : suitCard(view.trump);
    marker.append(face);
    label.textContent = fmt(gettext("Trump: %(suit)s"), { suit: SUIT_NAME[view.trump] });
  } else {
    const back = cardBack("small marker-back");
    if (view.seventh_card) {
      marker.append(cardFace(view.seventh_card, "small peek"));
      const suit = SUIT_NAME[view.trump] || "";
      const bidder = view.bid?.seat;
      label.textContent = bidder == null || bidder === table?.you?.seat
        ? fmt(gettext("Hidden trump: %(suit)s (your 7th card)"), { suit })
        : fmt(gettext("Hidden trump: %(suit)s (%(name)s's 7th card)"), { suit, name: seatName(table, bidder) });
    } else if (view.trump) {
      back.append(Object.assign(document.createElement("span"), {
        className: `peek-suit ${isRed(view.trump) ? "red" : "black"} ${suitClass(view.trump)}`,
        textContent: SUIT_SYMBOL[view.trump],
      }));
      marker.append(back);
      label.textContent = fmt(gettext("Hidden trump: %(suit)s"), { suit: SUIT_NAME[view.trump] });
    } else {
      marker.append(back);
      label.textContent = view.trump_method === "seventh_card" ? gettext("Trump: hidden (7th card)") : gettext("Trump: hidden");
    }
  }
  marker.append(label);
}

function suitCard(suit) {
  const el = document.createElement("div");
  el.className = `card face small suit-only ${isRed(suit) ? "red" : "black"} ${suitClass(suit)}`;
  el.dataset.suit = suit;
  el.innerHTML = `<span class="pip">${SUIT_SYMBOL[suit]}</span>`;
  return el;
}

function drawContract(root, state) {
  const { view, table } = state;
  const box = root.querySelector("#contract");
  box.replaceChildren();
  const line = (...parts) => {
    const p = document.createElement("div");
    p.append(...parts);
    box.append(p);
  };
  // A translated sentence with the player's name in bold, wherever the language puts it.
  const named = (format, name, values) => {
    const [before, after] = fmt(format, { ...values, name: "\u0000" }).split("\u0000");
    return [before, Object.assign(document.createElement("b"), { textContent: name }), after ?? ""];
  };
  if (view && view.phase !== "deal") {
    if (view.single_hand != null) line(...named(gettext("%(name)s: Single Hand"), seatName(table, view.single_hand), {}));
    else if (view.bid) line(...named(gettext("%(name)s bid %(value)s"), seatName(table, view.bid.seat), { value: view.bid.value }));
    // The target only once a marriage has moved it off the call (the box stays short on a phone).
    if (view.bid && view.single_hand == null && view.target != null && view.target !== view.bid.value) line(fmt(gettext("Target %(target)s"), { target: view.target }));
    if ((view.bid || view.single_hand != null) && view.stake != null) line(fmt(gettext("Stake %(stake)s"), { stake: view.stake }));
    for (const call of stakeCalls(view)) line(...named(RAISED[call.call](), seatName(table, call.seat), {}));
  }
  box.hidden = box.childElementCount === 0;
}

/** Who raised the stake, for the contract on the felt. */
const RAISED = {
  double: () => gettext("Doubled by %(name)s"),
  redouble: () => gettext("Redoubled by %(name)s"),
  set_double: () => gettext("SetDouble by %(name)s"),
};

/** The calls that set this deal's stake, in order: a Single Hand's own, once one is called
 * (the regular stake no longer counts then). */
export function stakeCalls(view) {
  const calls = view?.calls || [];
  const single = calls.findIndex((c) => c.call === "single_hand");
  return calls.slice(single + 1).filter((c) => c.call in RAISED);
}

function drawWaiting(root, state) {
  const box = root.querySelector("#waiting");
  const { view, table } = state;
  if (view) {
    box.hidden = true;
    return;
  }
  const empty = (table?.players || []).filter((p) => !p.name).length;
  const waiting = table?.waiting_for || [];
  let text = gettext("The first deal starts once everyone is here.");
  if (empty) text = fmt(ngettext("Waiting for %(count)s more player to be seated.", "Waiting for %(count)s more players to be seated.", empty), { count: empty });
  else if (waiting.length) text = fmt(gettext("Waiting for %(names)s to open the table."), { names: waiting.join(", ") });
  box.textContent = text;
  box.hidden = false;
}

/** Between deals the full result of the last one; during the next auction its headline. */
function drawRoundResult(root, state) {
  const box = root.querySelector("#round-result");
  const { view, table } = state;
  const result = view?.last_round;
  if (!result || !["deal", "bidding"].includes(view.phase)) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const full = view.phase === "deal";
  drawResult(box, table, result, view.round_no, full, view.last_trick);
}

/** Refresh "Next deal in 3 s" from the moment the state arrived. */
export function updateCountdown(root, state, now) {
  const next = root.querySelector("#countdown");
  if (!next) return;
  const left = state.table?.next_deal_in;
  if (left == null) {
    next.textContent = "";
    return;
  }
  const remaining = Math.max(0, Math.ceil(left - (now - state.receivedAt) / 1000));
  const dealer = seatName(state.table, state.view.dealer);
  const again = state.view.last_round?.annulled;
  const values = { dealer, seconds: remaining };
  if (remaining <= 0) next.textContent = fmt(gettext("%(dealer)s is dealing…"), values);
  else if (again) next.textContent = fmt(gettext("%(dealer)s deals again in %(seconds)s s"), values);
  else next.textContent = fmt(gettext("%(dealer)s deals in %(seconds)s s"), values);
}

export function drawCentre(root, state, now) {
  drawCurrentTrick(root, state);
  drawTrumpMarker(root, state.view, state.table);
  drawContract(root, state);
  drawWaiting(root, state);
  drawRoundResult(root, state);
  updateCountdown(root, state, now);
}

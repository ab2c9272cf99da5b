// The middle of the felt: the trick, the trump marker, the contract, and between deals
// the waiting list or the round result with its countdown.

import { SUIT_NAME, SUIT_SYMBOL, cardBack, cardFace, isRed } from "./cards.js";
import { positionOf } from "./seats.js";
import { roundResultText, seatName } from "./words.js";

/** Lay the cards of a trick out, each in front of the seat that played it. */
export function drawTrick(box, cards, table, winner = null) {
  box.replaceChildren();
  for (const { seat, card } of cards) {
    const el = cardFace(card, `in-trick at-${positionOf(seat, table)}`);
    el.dataset.seat = String(seat);
    if (seat === winner) el.classList.add("winner");
    box.append(el);
  }
}

function drawCurrentTrick(root, state) {
  const { view, table } = state;
  const box = root.querySelector("#trick");
  const caption = document.createElement("p");
  caption.className = "trick-caption";
  const playing = view && view.phase === "play";
  box.classList.remove("previous");
  if (playing && view.trick.length) {
    drawTrick(box, view.trick, table);
  } else if (playing && view.last_trick) {
    drawTrick(box, view.last_trick.cards, table, view.last_trick.winner);
    box.classList.add("previous");
    caption.textContent = `${seatName(table, view.last_trick.winner)} took that trick`;
    box.append(caption);
  } else {
    box.replaceChildren();
  }
  box.hidden = !playing;
}

/** The trump marker: face down while hidden (the bidder and spectators see what it is). */
function drawTrumpMarker(root, view) {
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
    label.textContent = `Trump: ${SUIT_NAME[view.trump]}`;
  } else {
    const back = cardBack("small marker-back");
    if (view.seventh_card) {
      marker.append(cardFace(view.seventh_card, "small peek"));
      label.textContent = `Trump (hidden): 7th card, ${SUIT_NAME[view.trump] || ""}`;
    } else if (view.trump) {
      back.append(Object.assign(document.createElement("span"), {
        className: `peek-suit ${isRed(view.trump) ? "red" : "black"}`,
        textContent: SUIT_SYMBOL[view.trump],
      }));
      marker.append(back);
      label.textContent = `Trump (hidden): ${SUIT_NAME[view.trump]}`;
    } else {
      marker.append(back);
      label.textContent = view.trump_method === "seventh_card" ? "Trump: 7th card, hidden" : "Trump: hidden";
    }
  }
  marker.append(label);
}

function suitCard(suit) {
  const el = document.createElement("div");
  el.className = `card face small suit-only ${isRed(suit) ? "red" : "black"}`;
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
  const strong = (text) => Object.assign(document.createElement("b"), { textContent: text });
  if (view && view.phase !== "deal") {
    if (view.single_hand != null) line(strong(seatName(table, view.single_hand)), " Single Hand");
    else if (view.bid) line(strong(seatName(table, view.bid.seat)), ` bid ${view.bid.value}`);
    if (view.bid && view.single_hand == null && view.target != null) line(`Target ${view.target}`);
    if ((view.bid || view.single_hand != null) && view.stake != null) line(`Stake ${view.stake}`);
  }
  box.hidden = box.childElementCount === 0;
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
  let text = "The first deal starts once everyone is here.";
  if (empty) text = `Waiting for ${empty} more player${empty === 1 ? "" : "s"} to be seated.`;
  else if (waiting.length) text = `Waiting for ${waiting.join(", ")} to open the table.`;
  box.textContent = text;
  box.hidden = false;
}

/**
 * Between rounds: the result of the last deal and the countdown to the next one. The result
 * stays on the felt, marked "Last round", while the next auction runs.
 */
function drawRoundResult(root, state, now) {
  const box = root.querySelector("#round-result");
  const { view, table } = state;
  const result = view?.last_round;
  if (!result || !["deal", "bidding"].includes(view.phase)) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.dataset.annulled = String(Boolean(result.annulled));
  box.dataset.made = String(Boolean(result.made));
  box.classList.toggle("earlier", view.phase !== "deal");
  const title = document.createElement("p");
  title.className = "result-title";
  if (result.annulled) title.textContent = "No score";
  else title.textContent = view.phase === "deal" ? "Round over" : "Last round";
  const text = document.createElement("p");
  text.className = "result-text";
  text.textContent = roundResultText(table, result);
  box.replaceChildren(title, text);
  if (view.phase === "deal") {
    const next = document.createElement("p");
    next.className = "countdown";
    next.id = "countdown";
    box.append(next);
    updateCountdown(root, state, now);
  }
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
  next.textContent = remaining > 0 ? `${dealer} deals in ${remaining} s` : `${dealer} is dealing…`;
}

export function drawCentre(root, state, now) {
  drawCurrentTrick(root, state);
  drawTrumpMarker(root, state.view);
  drawContract(root, state);
  drawWaiting(root, state);
  drawRoundResult(root, state, now);
}

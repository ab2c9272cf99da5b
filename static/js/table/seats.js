// Where each seat sits on screen, and the four seats: name plates and the others' cards.

import { fmt, gettext } from "../i18n.js";
import { cardBack, cardFace, handKey, sortHand } from "./cards.js";
import { timerBadge } from "./timer.js";
import { levelName, seatName } from "./words.js";

const POSITIONS = ["bottom", "right", "top", "left"];

/** The seat drawn at the bottom: yours, else (spectators) the host's, else seat 0. */
export function bottomSeat(table) {
  if (table?.you?.watching_from != null) return table.you.watching_from;
  if (table?.you?.seat != null) return table.you.seat;
  if (table?.host_seat != null) return table.host_seat;
  return 0;
}

/**
 * The screen position of a seat. Seats are numbered in play order; with
 * counter-clockwise play the next seat sits to your right, clockwise to your left.
 */
export function positionOf(seat, table) {
  const offset = (seat - bottomSeat(table) + 4) % 4;
  const pos = POSITIONS[offset];
  if (table?.play_direction === "cw" && (pos === "left" || pos === "right")) {
    return pos === "left" ? "right" : "left";
  }
  return pos;
}

/** The cards a seat's hand shows to this viewer: codes when visible, else a count of backs. */
export function seatCards(view, seat, table, faceUp) {
  const you = table?.you?.seat;
  if (view?.hands && view.hands[String(seat)]) {
    const cards = view.hands[String(seat)];
    return faceUp.has(seat) ? { codes: sortHand(cards, handKey(table, view, seat)) } : { backs: cards.length };
  }
  if (you != null && view?.partner_hand && seat === (you + 2) % 4) {
    return { codes: sortHand(view.partner_hand, handKey(table, view, seat)) };
  }
  return { backs: view?.hand_counts ? view.hand_counts[seat] : 0 };
}

/** A hand a spectator may turn over, as a toggle button for the keyboard (Tab, then Enter or
 * Space: table.js) and for screen readers: "Show Bela's cards", pressed while face up. */
export function turnable(el, name, up) {
  el.tabIndex = 0;
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", fmt(gettext("Show %(name)s's cards"), { name }));
  el.setAttribute("aria-pressed", String(up));
}

function badge(text, cls) {
  const b = document.createElement("span");
  b.className = `badge ${cls}`;
  b.textContent = text;
  return b;
}

/** Draw one seat's plate (name, dealer, bid, turn) and, for the side and top seats, its cards. */
function drawSeat(slot, seat, state, faceUp) {
  const { view, table } = state;
  const turn = view?.turn || [];
  const you = table?.you?.seat;
  slot.dataset.seat = String(seat);
  slot.dataset.team = String(seat % 2);
  slot.classList.toggle("turn", turn.includes(seat));
  slot.classList.toggle("you", seat === you);
  slot.classList.toggle("sits-out", view?.sits_out === seat);
  slot.replaceChildren();

  const plate = document.createElement("div");
  plate.className = "plate";
  const name = document.createElement("span");
  name.className = "name";
  const player = (table?.players || []).find((p) => p.seat === seat);
  const seated = seatName(table, seat);
  if (seat !== you) name.textContent = seated;
  else if (table?.you?.replaced) name.textContent = fmt(gettext("%(name)s (for you)"), { name: seated });
  else name.textContent = fmt(gettext("%(name)s (you)"), { name: seated });
  name.title = seatName(table, seat);
  plate.append(name);
  if (player?.computer) {
    const computer = badge(gettext("computer"), "computer");
    const values = { level: levelName(player.computer), name: player.replaces };
    computer.title = player.replaces
      ? fmt(gettext("Computer player (%(level)s) playing for %(name)s"), values)
      : fmt(gettext("Computer player (%(level)s)"), values);
    plate.append(computer);
  } else if (player?.guest) {
    const guest = badge(gettext("guest"), "guest");
    guest.title = gettext("A guest, who came by the invite link");
    plate.append(guest);
  }
  if (view && view.dealer === seat) plate.append(badge(gettext("Dealer"), "dealer"));
  if (view?.bid?.seat === seat && view.single_hand == null) {
    plate.append(badge(fmt(gettext("Bid %(value)s"), { value: view.bid.value }), "bidder"));
  }
  if (view?.single_hand === seat) plate.append(badge(gettext("Single Hand"), "bidder"));
  if (view?.sits_out === seat) plate.append(badge(gettext("Sits out"), "out"));
  if (view?.marriage?.seat === seat) plate.append(badge(gettext("Marriage"), "marriage"));
  if (turn.includes(seat)) plate.append(badge(gettext("to act"), "turn-badge"));
  if (table?.timer?.seats?.includes(seat)) plate.append(timerBadge(seat));
  if ((table?.waiting_for || []).includes(seatName(table, seat)) && !view) plate.append(badge(gettext("not here yet"), "away"));
  slot.append(plate);

  if (slot.dataset.pos === "bottom") return;
  const shown = seatCards(view, seat, table, faceUp);
  const cards = document.createElement("div");
  cards.className = "seat-hand";
  cards.dataset.seat = String(seat);
  cards.dataset.face = shown.codes ? "up" : "down";
  if (table?.you?.spectator && view?.hands) {
    cards.classList.add("toggle");
    cards.title = gettext("Click to turn these cards over");
    turnable(cards, seatName(table, seat), faceUp.has(seat));
  }
  if (shown.codes) shown.codes.forEach((c) => cards.append(cardFace(c, "small")));
  else for (let i = 0; i < shown.backs; i += 1) cards.append(cardBack("small"));
  slot.append(cards);
}

/** Draw all four seats in their screen positions. */
export function drawSeats(root, state, faceUp) {
  for (let seat = 0; seat < 4; seat += 1) {
    const slot = root.querySelector(`#seat-${positionOf(seat, state.table)}`);
    drawSeat(slot, seat, state, faceUp);
  }
}

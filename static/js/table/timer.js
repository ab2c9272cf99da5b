// The turn timer: out of the way while a player is on time, a countdown on the plate of the
// seat to act (and a line under your own turn) in the last seconds (`table.timer.warn`).
// A person whose seat the server handed to a computer player sees "I'm back".

import { BACK_WORDS, TIMER_WORDS } from "./words.js";

/** Seconds left on the timer now, counted from the moment the state arrived (null: none). */
export function timeLeft(state, now) {
  const timer = state.table?.timer;
  if (!timer) return null;
  return Math.max(0, timer.ends_in - (now - state.receivedAt) / 1000);
}

/** Refresh the countdown on the timed seats' plates and under your own turn. */
export function updateTimer(root, state, now) {
  const timer = state.table?.timer;
  const left = timeLeft(state, now);
  const showing = left != null && left <= timer.warn;
  const seconds = showing ? Math.ceil(left) : null;
  for (const badge of root.querySelectorAll(".timer-badge")) {
    const timed = showing && timer.seats.includes(Number(badge.dataset.seat));
    badge.hidden = !timed;
    if (timed) {
      badge.textContent = TIMER_WORDS.badge(seconds);
      badge.title = TIMER_WORDS.badgeTitle(seconds);
      badge.classList.toggle("urgent", left <= timer.warn / 3);
    }
  }
  const line = root.querySelector("#turn-timer");
  const you = state.table?.you?.seat;
  const mine = showing && you != null && timer.seats.includes(you);
  line.hidden = !mine;
  line.textContent = mine ? TIMER_WORDS.yours(seconds) : "";
  root.dataset.timer = showing ? String(seconds) : "";
}

/** A countdown badge for a seat's plate (shown by `updateTimer`). */
export function timerBadge(seat) {
  const badge = document.createElement("span");
  badge.className = "badge timer-badge";
  badge.dataset.seat = String(seat);
  badge.hidden = true;
  return badge;
}

/** Whether the server (not the host) handed your seat to a computer player, so that "I'm back"
 * gives it back. */
export function backOffered(state) {
  const you = state.table?.you;
  const player = (state.table?.players || []).find((p) => p.seat === you?.seat);
  return Boolean(you?.replaced && player?.auto);
}

/** "I'm back" for a person whose seat the server (not the host) handed over. */
export function drawBack(root, state) {
  const box = root.querySelector("#im-back");
  const player = (state.table?.players || []).find((p) => p.seat === state.table?.you?.seat);
  const auto = backOffered(state);
  box.hidden = !auto;
  if (!auto) {
    box.replaceChildren();
    return;
  }
  const note = Object.assign(document.createElement("span"), { textContent: BACK_WORDS.note(player.name) });
  const button = Object.assign(document.createElement("button"), {
    type: "button",
    className: "button im-back-button",
    textContent: BACK_WORDS.button,
  });
  button.dataset.imBack = "true";
  box.replaceChildren(note, button);
}

// The host's seat controls at the table: hand a seat to a computer player (of the level the
// host picks, after confirming), or give it back.

import { fmt, gettext } from "../i18n.js";
import { levelName, seatName } from "./words.js";

const LEVELS = ["strong", "easy"];

/** Draw one line per seat in the host's panel (nothing for other viewers). The lines are
 * rebuilt only when the seats change, so a level being picked is not reset by a new state. */
export function drawHandover(root, state) {
  const box = root.querySelector("#handover-controls");
  if (!box || !state.table?.you?.host) return;
  const players = state.table.players || [];
  const drawn = JSON.stringify(players.map((p) => [p.seat, seatName(state.table, p.seat), p.computer, p.replaces]));
  if (box.dataset.drawn === drawn) return;
  box.dataset.drawn = drawn;
  const lines = players.map((player) => {
    const line = document.createElement("li");
    line.dataset.seat = String(player.seat);
    const label = document.createElement("span");
    const name = seatName(state.table, player.seat);
    label.textContent = fmt(gettext("Seat %(number)s: %(name)s"), { number: player.seat + 1, name });
    line.append(label);
    if (player.computer && player.replaces) {
      line.append(button(fmt(gettext("Give back to %(name)s"), { name: player.replaces }), { type: "give_back", seat: player.seat }));
    } else if (player.name && !player.computer) {
      const pick = document.createElement("select");
      pick.className = "handover-level";
      pick.setAttribute("aria-label", fmt(gettext("Level of the computer player for seat %(number)s"), { number: player.seat + 1 }));
      for (const level of LEVELS) pick.append(new Option(levelName(level), level));
      const hand = button(gettext("Hand to computer"), { type: "hand_over", seat: player.seat });
      hand.dataset.person = name;
      line.append(pick, hand);
    }
    return line;
  });
  box.replaceChildren(...lines);
}

/** The message a seat control's button sends, or null when the host does not confirm a
 * hand-over (whose level comes from the select beside the button). */
export function handoverMessage(control, confirm = window.confirm) {
  const message = JSON.parse(control.dataset.handover);
  if (message.type !== "hand_over") return message;
  message.level = control.parentElement?.querySelector(".handover-level")?.value || LEVELS[0];
  const question = fmt(gettext("Hand %(name)s's seat to a computer player (%(level)s)? They watch from the seat until you give it back."), {
    name: control.dataset.person,
    level: levelName(message.level),
  });
  return confirm(question) ? message : null;
}

function button(text, message) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "button small";
  b.textContent = text;
  b.dataset.handover = JSON.stringify(message);
  return b;
}

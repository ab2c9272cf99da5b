// The host's seat controls at the table: hand a seat to a computer player (of the level picked
// above the seats, after confirming), or give it back.

import { fmt, gettext } from "../i18n.js";
import { levelName, seatName } from "./words.js";

/** Draw one line per seat in the host's panel (nothing for other viewers). */
export function drawHandover(root, state) {
  const box = root.querySelector("#handover-controls");
  if (!box || !state.table?.you?.host) return;
  const lines = (state.table.players || []).map((player) => {
    const line = document.createElement("li");
    line.dataset.seat = String(player.seat);
    const label = document.createElement("span");
    const name = seatName(state.table, player.seat);
    label.textContent = fmt(gettext("Seat %(number)s: %(name)s"), { number: player.seat + 1, name });
    line.append(label);
    if (player.computer && player.replaces) {
      line.append(button(fmt(gettext("Give back to %(name)s"), { name: player.replaces }), { type: "give_back", seat: player.seat }));
    } else if (player.name && !player.computer) {
      const hand = button(gettext("Hand to computer"), { type: "hand_over", seat: player.seat });
      hand.dataset.person = name;
      line.append(hand);
    }
    return line;
  });
  box.replaceChildren(...lines);
}

/** The message a seat control's button sends, or null when the host does not confirm a
 * hand-over (of the level picked in `level`, the select above the seats). */
export function handoverMessage(control, level, confirm = window.confirm) {
  const message = JSON.parse(control.dataset.handover);
  if (message.type !== "hand_over") return message;
  message.level = level.value;
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

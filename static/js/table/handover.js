// The host's seat controls at the table: hand a seat to a computer player, or give it back.

import { fmt, gettext } from "../i18n.js";
import { seatName } from "./words.js";

/** Draw one line per seat in the host's panel (nothing for other viewers). */
export function drawHandover(root, state) {
  const box = root.querySelector("#handover-controls");
  if (!box || !state.table?.you?.host) return;
  const lines = (state.table.players || []).map((player) => {
    const line = document.createElement("li");
    line.dataset.seat = String(player.seat);
    const label = document.createElement("span");
    label.textContent = fmt(gettext("Seat %(number)s: %(name)s"), { number: player.seat + 1, name: seatName(state.table, player.seat) });
    line.append(label);
    if (player.computer && player.replaces) {
      line.append(button(fmt(gettext("Give back to %(name)s"), { name: player.replaces }), { type: "give_back", seat: player.seat }));
    } else if (player.name && !player.computer) {
      line.append(button(gettext("Hand to computer"), { type: "hand_over", seat: player.seat, level: "strong" }));
    }
    return line;
  });
  box.replaceChildren(...lines);
}

function button(text, message) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "button small";
  b.textContent = text;
  b.dataset.handover = JSON.stringify(message);
  return b;
}

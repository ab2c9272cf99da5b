// The host's guest controls at the table: remove a guest who came by the invite link, the seat
// going to a computer player or left open (the same choice as on the invite link's page).

import { fmt, gettext } from "../i18n.js";

/** Draw one line per guest seated at the table in the host's panel; redrawn only when the
    guests change, so a level the host is choosing stays chosen. */
export function drawGuests(root, state) {
  const box = root.querySelector("#guest-controls");
  if (!box || !state.table?.you?.host) return;
  const guests = (state.table.players || []).filter((player) => player.guest);
  const key = guests.map((player) => `${player.seat}:${player.replaces || player.name}`).join("|");
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.hidden = guests.length === 0;
  box.replaceChildren(...guests.map(guestLine));
}

/** The message removing the guest of a line, once the host confirmed it; null otherwise. */
export function removal(button) {
  const line = button.closest("[data-guest-seat]");
  const name = line.dataset.guestName;
  if (!window.confirm(fmt(gettext("Remove %(name)s from this game? They lose the table at once."), { name }))) return null;
  return {
    type: "remove_guest",
    seat: Number(line.dataset.guestSeat),
    level: line.querySelector("select").value,
    new_link: line.querySelector("input[name='new_link']").checked,
  };
}

function guestLine(player) {
  const name = player.replaces || player.name;
  const line = document.createElement("li");
  line.dataset.guestSeat = String(player.seat);
  line.dataset.guestName = name;
  const label = document.createElement("label");
  label.textContent = fmt(gettext("Remove the guest %(name)s from seat %(seat)s; the seat goes to"), { name, seat: player.seat + 1 });
  const choice = document.createElement("select");
  choice.id = `guest-level-${player.seat}`;
  label.htmlFor = choice.id;
  for (const [value, text] of [
    ["easy", gettext("a computer player (easy)")],
    ["strong", gettext("a computer player (strong)")],
    ["", gettext("nobody: it stays open")],
  ]) choice.append(new Option(text, value));
  const remove = document.createElement("button");
  remove.type = "button";
  remove.className = "button small danger";
  remove.dataset.removeGuest = "";
  remove.textContent = gettext("Remove");
  // Else the removed guest could come back by the same link (as anyone with it may).
  const renew = document.createElement("label");
  renew.className = "choice new-link";
  const box = document.createElement("input");
  box.type = "checkbox";
  box.name = "new_link";
  box.checked = true;
  renew.append(box, ` ${gettext("and make a new invite link, if there is one, so they cannot join again by the old one")}`);
  line.append(label, choice, renew, remove);
  return line;
}

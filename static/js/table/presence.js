// Who is here: a dot on each seat's plate, "online" while the player has the table open,
// "away" when not, "computer" for a computer player.

import { fmt, gettext, ngettext } from "../i18n.js";

const words = (here) => ({ online: gettext("online"), away: gettext("away"), computer: gettext("computer player") }[here]);

/** Mark every seat's plate from the last `presence` message (call after the seats are drawn). */
export function drawPresence(root, presence) {
  for (const slot of root.querySelectorAll(".seat[data-seat]")) {
    const here = presence?.seats?.[Number(slot.dataset.seat)] || null;
    const plate = slot.querySelector(".plate");
    slot.dataset.presence = here || "";
    if (!plate) continue;
    plate.querySelector(".presence-dot")?.remove();
    if (!here) continue;
    const dot = document.createElement("span");
    dot.className = "presence-dot";
    dot.dataset.presence = here;
    dot.title = words(here);
    dot.setAttribute("role", "img");
    dot.setAttribute("aria-label", words(here));
    plate.prepend(dot);
  }
  const watching = root.querySelector("#watching");
  if (watching) {
    const n = presence?.watching || 0;
    watching.hidden = n === 0;
    watching.textContent = fmt(ngettext("%(count)s watching", "%(count)s watching", n), { count: n });
  }
}

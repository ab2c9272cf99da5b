// Who is here: a dot on each seat's plate, "online" while the player has the table open,
// "away" when not, "computer" for a computer player.

const WORDS = { online: "online", away: "away", computer: "computer player" };

/** The state of one seat: the server's word, or "computer" for a computer player. */
export function seatPresence(presence, table, seat) {
  const player = (table?.players || []).find((p) => p.seat === seat);
  if (player?.bot || player?.computer) return "computer";
  return presence?.seats?.[seat] || null;
}

/** Mark every seat's plate (call after the seats are drawn). */
export function drawPresence(root, presence, table) {
  for (const slot of root.querySelectorAll(".seat[data-seat]")) {
    const seat = Number(slot.dataset.seat);
    const here = seatPresence(presence, table, seat);
    const plate = slot.querySelector(".plate");
    slot.dataset.presence = here || "";
    if (!plate) continue;
    plate.querySelector(".presence-dot")?.remove();
    if (!here) continue;
    const dot = document.createElement("span");
    dot.className = "presence-dot";
    dot.dataset.presence = here;
    dot.title = WORDS[here];
    dot.setAttribute("role", "img");
    dot.setAttribute("aria-label", WORDS[here]);
    plate.prepend(dot);
  }
  const watching = root.querySelector("#watching");
  if (watching) {
    const n = presence?.watching || 0;
    watching.hidden = n === 0;
    watching.textContent = `${n} watching`;
  }
}

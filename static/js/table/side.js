// The side panel: its tabs (Log, and whatever other panels add to .side-tablist) and, on a
// phone, the sheet that #side-toggle opens over the table.

/** Show the pane of one tab and hide the others; remembers nothing. */
export function selectTab(side, name) {
  for (const tab of side.querySelectorAll(".side-tab")) {
    const on = tab.dataset.tab === name;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
    if (on) delete tab.dataset.unread;
  }
  for (const pane of side.querySelectorAll(".side-pane")) {
    pane.hidden = pane.dataset.pane !== name;
  }
  side.dispatchEvent(new CustomEvent("side-tab", { detail: { tab: name } }));
}

/** The tab now shown. */
export function currentTab(side) {
  return side.querySelector('.side-tab[aria-selected="true"]')?.dataset.tab || null;
}

/** Whether the side panel is on screen: always on a laptop, on a phone while the sheet is open. */
export function sideVisible(root) {
  const side = root.querySelector("#table-side");
  return side.classList.contains("open") || getComputedStyle(side).position !== "fixed";
}

function openSheet(root, open) {
  const side = root.querySelector("#table-side");
  const toggle = root.querySelector("#side-toggle");
  side.classList.toggle("open", open);
  root.classList.toggle("side-open", open);
  toggle.setAttribute("aria-expanded", String(open));
  if (open) {
    delete toggle.dataset.unread;
    side.querySelector("#side-close")?.focus({ preventScroll: true });
  } else {
    toggle.focus({ preventScroll: true });
  }
  side.dispatchEvent(new CustomEvent("side-sheet", { detail: { open } }));
}

/** On a phone the sheet covers the table: while it is open and it is your turn, its head says
 * so (`status`, the status line's words) and takes you back to the table. */
export function drawSideTurn(root, mine, status) {
  const line = root.querySelector("#side-turn");
  line.hidden = !mine;
  line.querySelector(".side-turn-status").textContent = mine ? status : "";
}

/** Wire the tabs, the phone sheet's open and close buttons and the Escape key. */
export function setUpSide(root) {
  const side = root.querySelector("#table-side");
  side.addEventListener("click", (e) => {
    const tab = e.target instanceof Element ? e.target.closest(".side-tab") : null;
    if (tab) selectTab(side, tab.dataset.tab);
    if (e.target instanceof Element && e.target.closest("#side-close, #side-turn")) openSheet(root, false);
  });
  side.addEventListener("keydown", (e) => {
    const tab = e.target instanceof Element ? e.target.closest(".side-tab") : null;
    if (!tab || (e.key !== "ArrowRight" && e.key !== "ArrowLeft")) return;
    const tabs = [...side.querySelectorAll(".side-tab")];
    const next = tabs[(tabs.indexOf(tab) + (e.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length];
    selectTab(side, next.dataset.tab);
    next.focus();
  });
  root.querySelector("#side-toggle").addEventListener("click", () => {
    openSheet(root, !side.classList.contains("open"));
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && side.classList.contains("open")) openSheet(root, false);
  });
}

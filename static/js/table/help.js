// The "?" in the table's bar: a dialog with the card order and points and this game's rules
// (drawn by the server in templates/learn/table_help.html). The browser's <dialog> keeps focus
// inside it and closes it with Escape; focus then returns to the "?".

/** Wire the "?" button, the dialog's Close button and a click on the backdrop. */
export function setUpHelp(root) {
  const dialog = root.querySelector("#table-help");
  const button = root.querySelector("#help-toggle");
  if (!dialog || !button) return;
  button.addEventListener("click", () => dialog.showModal());
  dialog.addEventListener("click", (e) => {
    const target = e.target instanceof Element ? e.target : null;
    if (target === dialog || target?.closest("[data-close-help]")) dialog.close();
  });
  dialog.addEventListener("close", () => button.focus());
}

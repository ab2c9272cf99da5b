// The header's Menu button: where the page keeps its links behind it (a phone, signed in:
// site.css), it opens and closes them; Escape, a tap elsewhere, or the focus moving on
// (Tab past the last link) closes them again.

const button = document.getElementById("menu-toggle");
const header = button?.closest(".site-header");

/** Open or close the header's links, and say which on the button. */
function setOpen(open) {
  header.classList.toggle("menu-open", open);
  button.setAttribute("aria-expanded", String(open));
}

if (button && header) {
  button.addEventListener("click", () => setOpen(!header.classList.contains("menu-open")));
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !header.classList.contains("menu-open")) return;
    setOpen(false);
    button.focus();
  });
  header.addEventListener("focusout", (event) => {
    if (header.classList.contains("menu-open") && !header.contains(event.relatedTarget)) setOpen(false);
  });
  document.addEventListener("click", (event) => {
    if (header.classList.contains("menu-open") && !header.contains(event.target)) setOpen(false);
  });
}

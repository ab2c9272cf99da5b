// The page's messages (a friend request sent, a game saved): after a redirect to a section
// of the page (/#friends) the browser scrolls past them, out of sight on a phone, so once the
// page has loaded they are brought back into view, with the section under them.

const box = document.querySelector("#messages");
if (box && location.hash) {
  const show = () => box.scrollIntoView({ block: "start" });
  if (document.readyState === "complete") show();
  else window.addEventListener("load", show, { once: true });
}

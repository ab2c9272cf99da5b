// The host's invite page: share the link with the Web Share API where the browser has it,
// else the WhatsApp link and the copy button (both always shown).

const input = document.getElementById("invite-link");
const share = document.getElementById("share-link");
const copy = document.getElementById("copy-link");
const copied = document.getElementById("copied");

if (input && share && navigator.share) {
  share.hidden = false;
  share.addEventListener("click", () => {
    navigator.share({ title: share.dataset.title, text: share.dataset.text, url: input.value })
      .catch(() => {});  // the person closed the share sheet
  });
}

if (input && copy) {
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      input.select();
      document.execCommand("copy");
    }
    copied.hidden = false;
    setTimeout(() => { copied.hidden = true; }, 2000);
  });
}

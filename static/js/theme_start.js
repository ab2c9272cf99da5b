// The colour theme before the page is drawn (no flash of the other one), run in the head as
// a plain script: the account's theme when signed in (kept in this browser too, named by the
// script tag's data-account), else this browser's (static/js/theme.js keeps it).
(() => {
  const themes = ["auto", "light", "dark"];
  const account = document.currentScript?.dataset.account || "";
  let theme = account;
  try {
    if (account) localStorage.setItem("twentynine-theme", account);
    else theme = localStorage.getItem("twentynine-theme");
  } catch {
    // Storage disabled: the account's theme, or the device's.
  }
  document.documentElement.dataset.theme = themes.includes(theme) ? theme : "auto";
})();

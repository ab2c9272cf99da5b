// The colour theme: Auto (the device's light or dark setting, prefers-color-scheme), Light or
// Dark, on <html data-theme> (site.css draws both). The header's button steps through them; the
// choice is kept in this browser (localStorage) and, signed in, in the account, which wins in any
// browser (templates/accounts/theme_start.html sets it before the page is drawn).

import { savePreferences } from "./preferences.js";

const KEY = "twentynine-theme";
export const THEMES = ["auto", "light", "dark"];

/** The theme in force on this page. */
export function currentTheme() {
  return document.documentElement.dataset.theme || "auto";
}

/** Use `theme` from now on, and remember it in this browser. */
export function applyTheme(theme) {
  if (!THEMES.includes(theme)) return;
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    // Storage disabled: the theme lasts until the page is left.
  }
  document.dispatchEvent(new CustomEvent("twentynine-theme", { detail: theme }));
}

const button = document.getElementById("theme-toggle");
if (button) {
  button.addEventListener("click", () => {
    const next = THEMES[(THEMES.indexOf(currentTheme()) + 1) % THEMES.length];
    applyTheme(next);
    if (button.dataset.save) savePreferences(button.dataset.save, { theme: next }).catch(() => {});
  });
}

// The table's Preferences dialog (templates/game/table_preferences.html): each change is saved
// to the account at once (../preferences.js) and used straight away: the theme and the
// four-colour deck on the page, tapping to lift and playing a single card in the table's script
// (`values`, read at each click and state), skipping routine questions on the server (which then
// passes a question that waits). A change that is refused is undone and says why.

import { fmt, gettext } from "../i18n.js";
import { savePreferences } from "../preferences.js";
import { applyTheme } from "../theme.js";

// The routine questions (game/table/routine.py's QUESTIONS): the stake and Single Hand questions,
// where a pass means nothing. For a person who skips them the server passes at once.
const ROUTINE = new Set(["doubling", "seventh_card", "single_hand", "single_hand_doubling"]);
// How long the page waits for that pass before it offers the question after all (the server's
// pass comes within a moment; the preference may have been turned off in another tab).
export const AUTO_PASS_WAIT_MS = 3000;

/** Show the four-colour deck, or the two-colour one. */
function applyDeck(four) {
  if (four) document.documentElement.dataset.deck = "four";
  else delete document.documentElement.dataset.deck;
}

export class TablePreferences {
  /**
   * @param {HTMLElement} root  the table
   * @param {object} values  the person's preferences when the page was made
   * @param {string} url  where they are saved
   * @param {(name: string) => void} onChange  called after a preference changed here
   */
  constructor(root, values, url, onChange) {
    this.values = { ...values };
    this.url = url;
    this.onChange = onChange;
    this.dialog = root.querySelector("#table-prefs");
    this.form = root.querySelector("#prefs-form");
    this.note = root.querySelector("#prefs-saved");
    const button = root.querySelector("#prefs-toggle");
    if (!this.dialog || !this.form || !button) return;
    button.addEventListener("click", () => this.dialog.showModal());
    this.dialog.addEventListener("click", (e) => {
      const target = e.target instanceof Element ? e.target : null;
      if (target === this.dialog || target?.closest("[data-close-prefs]")) this.dialog.close();
    });
    this.dialog.addEventListener("close", () => button.focus());
    this.form.addEventListener("submit", (e) => e.preventDefault());
    this.form.addEventListener("change", (e) => this.changed(e.target));
    // The header's theme button changes the theme too: the dialog follows it.
    document.addEventListener("twentynine-theme", (e) => {
      this.values.theme = e.detail;
      this.show("theme");
    });
  }

  /** One input of the dialog changed: use it now, save it, undo it if refused. */
  async changed(input) {
    if (!(input instanceof HTMLInputElement) || !(input.name in this.values)) return;
    const { name } = input;
    const before = this.values[name];
    const value = input.type === "checkbox" ? input.checked : input.value;
    this.use(name, value);
    this.note.textContent = "";
    try {
      const saved = await savePreferences(this.url, { [name]: value });
      if (saved) this.values = { ...this.values, ...saved };
      this.note.textContent = gettext("Saved.");
    } catch (refused) {
      this.use(name, before);
      this.show(name);
      this.note.textContent = fmt(gettext("Not saved: %(reason)s"), { reason: refused.message });
    }
  }

  use(name, value) {
    this.values[name] = value;
    if (name === "theme") applyTheme(value);
    if (name === "four_colour") applyDeck(value);
    this.onChange(name);
  }

  /** Whether the question `state` asks you is a routine one the server is passing for you (so the
   * page does not offer it), until AUTO_PASS_WAIT_MS after it came. */
  passingForYou(state, now) {
    return Boolean(this.values.skip_questions) && ROUTINE.has(state.view?.phase)
      && state.legal.some((a) => a.type === "pass") && now - state.receivedAt < AUTO_PASS_WAIT_MS;
  }

  /** Make the dialog's input for `name` show the value in force. */
  show(name) {
    for (const input of this.form.querySelectorAll(`input[name="${name}"]`)) {
      if (input.type === "checkbox") input.checked = Boolean(this.values[name]);
      else input.checked = input.value === this.values[name];
    }
  }
}

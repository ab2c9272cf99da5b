// Telling a player it is their turn while they look elsewhere: the tab's title, and a short
// chime made with WebAudio, off until they turn it on (remembered in this browser).

import { fmt, gettext } from "../i18n.js";

const SOUND_KEY = "twentynine-turn-sound";

function storedSound() {
  try {
    return localStorage.getItem(SOUND_KEY) === "on";
  } catch {
    return false;
  }
}

export class TurnAlert {
  /**
   * @param {HTMLButtonElement} button  the sound on/off toggle
   * @param {string} gameName  the table's name, the tab title when it is not your turn
   */
  constructor(button, gameName) {
    this.button = button;
    this.baseTitle = `${gameName} · TwentyNine`;
    this.sound = storedSound();
    this.audio = null;
    this.mine = false;
    this.showSound();
    button.addEventListener("click", () => this.toggleSound());
    // Browsers start audio only after a gesture: wake a remembered "on" at the first click.
    document.addEventListener("pointerdown", () => this.audio?.resume?.(), { once: true });
  }

  toggleSound() {
    this.sound = !this.sound;
    try {
      localStorage.setItem(SOUND_KEY, this.sound ? "on" : "off");
    } catch {
      // Storage disabled: the choice lasts until the page is closed.
    }
    this.showSound();
    if (this.sound) this.chime();
  }

  showSound() {
    this.button.setAttribute("aria-pressed", String(this.sound));
    const words = this.sound ? gettext("Sound on") : gettext("Sound off");
    this.button.setAttribute("aria-label", fmt(gettext("%(sound)s: a chime when it is your turn"), { sound: words }));
    const label = this.button.querySelector(".wide-only");
    if (label) label.textContent = words;
  }

  /** Call after every redraw: the title says when it is your turn (and what to do). */
  update(mine, task) {
    document.title = mine ? fmt(gettext("● Your turn — %(task)s · %(title)s"), { task, title: this.baseTitle }) : this.baseTitle;
    if (mine && !this.mine && this.sound) this.chime();
    this.mine = mine;
  }

  /** Two soft notes, a fifth apart (about 0.4 s). */
  chime() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    if (!this.audio) this.audio = new Context();
    const ctx = this.audio;
    if (ctx.state === "suspended") ctx.resume();
    const start = ctx.currentTime + 0.02;
    [659.25, 987.77].forEach((frequency, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const at = start + i * 0.16;
      osc.type = "sine";
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.26);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + 0.3);
    });
    this.chimes = (this.chimes || 0) + 1;
    this.button.dataset.chimes = String(this.chimes);
  }
}

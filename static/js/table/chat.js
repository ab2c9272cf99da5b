// The table chat: lines from the players and spectators, kept by id (a line may arrive twice:
// live, and again among the recent lines after a reconnect), always put on the page as text.
// Its pane (#pane-chat) holds #chat-lines, #chat-form with #chat-input, #chat-note and, for
// the host, #spectator-chat-toggle.

import { fmt, gettext } from "../i18n.js";

/** "14:05", the time a line was sent, in the page's language, 24-hour and in ASCII digits (as
 * every figure on the site), whatever the browser's own locale. */
export function timeOfDay(at) {
  const lang = document.documentElement.lang || undefined;
  return at.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", numberingSystem: "latn" });
}

const KEEP = 100;
export const MAX_LENGTH = 200;

export class TableChat {
  /**
   * @param {HTMLElement} panel  holds #chat-lines, #chat-form, #chat-input, #chat-note
   * @param {{send: Function}} connection
   * @param {() => object} table  the latest table description (who you are)
   * @param {{shown: () => boolean, onUnread: (count: number) => void}} options  whether the
   *   chat is in sight now, and what to tell when lines arrive unseen
   */
  constructor(panel, connection, table, { shown, onUnread }) {
    this.panel = panel;
    this.connection = connection;
    this.table = table;
    this.shown = shown;
    this.onUnread = onUnread;
    this.lines = new Map();
    this.unsent = null; // the last line sent, until it comes back or is refused
    this.allowed = true;
    this.unread = 0;
    this.list = panel.querySelector("#chat-lines");
    this.form = panel.querySelector("#chat-form");
    this.input = panel.querySelector("#chat-input");
    this.note = panel.querySelector("#chat-note");
    this.toggle = panel.querySelector("#spectator-chat-toggle");
    this.input.maxLength = MAX_LENGTH;
    this.form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.send();
    });
    this.toggle?.addEventListener("change", () => {
      this.connection.send({ type: "spectator_chat", allowed: this.toggle.checked });
    });
    this.drawPermission();
  }

  send() {
    const text = this.input.value.trim();
    if (!text) return;
    if (this.connection.send({ type: "chat", text })) {
      this.input.value = "";
      this.unsent = text; // until the table echoes it back
    }
  }

  /** The server refused the last line (too fast, too long, chat off): give its text back to
   * the input, unless something new was typed meanwhile. */
  refused() {
    if (this.unsent && !this.input.value) this.input.value = this.unsent;
    this.unsent = null;
  }

  /** A `chat` message from the server. */
  receive(msg) {
    this.allowed = msg.spectators_may_chat;
    let fresh = 0;
    const you = this.table().you || {};
    for (const line of msg.lines || []) {
      if (line.text === this.unsent && line.seat === you.seat) this.unsent = null;
      if (this.lines.has(line.id)) continue;
      this.lines.set(line.id, line);
      fresh += 1;
    }
    if (fresh) {
      const ordered = [...this.lines.values()].sort((a, b) => a.id - b.id).slice(-KEEP);
      this.lines = new Map(ordered.map((line) => [line.id, line]));
      this.draw();
      if (!msg.recent && !this.shown()) {
        this.unread += fresh;
        this.onUnread(this.unread);
      }
    }
    this.drawPermission();
  }

  /** The panel was shown: its lines count as read. */
  seen() {
    this.unread = 0;
    this.onUnread(0);
    this.scroll();
  }

  draw() {
    const you = this.table().you || {};
    const items = [...this.lines.values()].map((line) => {
      const li = document.createElement("li");
      li.className = "chat-line";
      li.dataset.id = String(line.id);
      if (line.spectator) li.classList.add("from-spectator");
      if (line.seat != null && line.seat === you.seat) li.classList.add("mine");
      const name = document.createElement("b");
      name.className = "chat-name";
      name.textContent = line.spectator ? fmt(gettext("%(name)s (watching)"), { name: line.name }) : line.name;
      const text = document.createElement("span");
      text.className = "chat-text";
      text.textContent = line.text;
      const at = new Date(line.at);
      if (!Number.isNaN(at.getTime())) li.title = timeOfDay(at);
      li.append(name, ": ", text);
      return li;
    });
    if (!items.length) {
      const empty = document.createElement("li");
      empty.className = "chat-empty";
      empty.textContent = gettext("No messages yet. Say hello!");
      items.push(empty);
    }
    this.list.replaceChildren(...items);
    this.scroll();
  }

  scroll() {
    this.list.scrollTop = this.list.scrollHeight;
  }

  /** Spectators may write only while the host allows it; the host sees the switch. */
  drawPermission() {
    const you = this.table().you || {};
    const muted = Boolean(you.spectator) && !you.host && !this.allowed;
    this.input.disabled = muted;
    this.form.querySelector("button").disabled = muted;
    this.input.placeholder = muted ? gettext("The host has turned spectator chat off") : gettext("Message the table");
    this.note.hidden = this.allowed;
    this.note.textContent = gettext("Spectator chat is off: only the players can write.");
    if (this.toggle) {
      this.toggle.checked = this.allowed;
      this.toggle.closest("label").hidden = !you.host;
    }
    if (!this.lines.size && !this.list.children.length) this.draw();
  }
}

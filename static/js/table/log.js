// The running log of calls and events (kept across a reload in sessionStorage) and the toast.

import { eventText } from "./words.js";

const KEEP = 300;

export class TableLog {
  constructor(list, gameId) {
    this.list = list;
    this.key = `twentynine-log-${gameId}`;
    this.lines = [];
    try {
      this.lines = JSON.parse(sessionStorage.getItem(this.key) || "[]");
    } catch {
      this.lines = [];
    }
    this.lines.forEach((line) => this.list.append(this.item(line)));
    this.scroll();
  }

  item({ text, type }) {
    const li = document.createElement("li");
    li.className = `log-${type}`;
    li.dataset.type = type;
    li.textContent = text;
    return li;
  }

  /** Add one line per event, in order. */
  add(events, table, view) {
    for (const event of events) {
      const line = { text: eventText(table, event, view), type: event.type };
      this.lines.push(line);
      this.list.append(this.item(line));
    }
    while (this.lines.length > KEEP) {
      this.lines.shift();
      this.list.firstElementChild?.remove();
    }
    try {
      sessionStorage.setItem(this.key, JSON.stringify(this.lines));
    } catch {
      // Storage full or disabled: the log still shows this session's lines.
    }
    this.scroll();
  }

  scroll() {
    this.list.scrollTop = this.list.scrollHeight;
  }
}

/** A short message at the top of the screen: an announcement or a refused move. */
export class Toast {
  constructor(box) {
    this.box = box;
    this.timer = null;
  }

  show(text, kind = "info", ms = 4000) {
    this.box.textContent = text;
    this.box.dataset.kind = kind;
    this.box.hidden = false;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.box.hidden = true;
    }, ms);
  }
}

// The running log of calls and events (kept across a reload in sessionStorage) and the toast.

import { gettext } from "../i18n.js";
import { suitedText } from "./cards.js";
import { eventText, logEvents, tablesAsTheyWere, toldEvents } from "./words.js";

const KEEP = 300;

export class TableLog {
  constructor(list, gameId) {
    this.list = list;
    this.key = `twentynine-log-${gameId}`;
    this.versionKey = `${this.key}-version`;
    // The lines are kept as words: kept in another language (the reader switched), they are
    // dropped, and the recent past the server sends on connect is told again in this one.
    this.languageKey = `${this.key}-language`;
    this.language = document.documentElement.lang || "en";
    this.lines = [];
    this.version = 0; // the newest game version whose events are in the log
    try {
      if (sessionStorage.getItem(this.languageKey) === this.language) {
        this.lines = JSON.parse(sessionStorage.getItem(this.key) || "[]");
        this.version = Number(sessionStorage.getItem(this.versionKey) || 0);
      }
    } catch {
      this.lines = [];
      this.version = 0;
    }
    this.lines.forEach((line) => this.list.append(this.item(line)));
    // The log follows the newest line unless the reader has scrolled up; when the panels
    // around it change size (the side column is one window high) it stays at the bottom.
    // Only the reader stops it: a scroll away from the bottom counts when it comes within a
    // second of their wheel, touch, key or pointer on the list. Scrolls the browser makes by
    // itself (the list resized as a deal ends, old lines trimmed, a clamp) never stop it, and
    // stopped the log after a deal ended in long games.
    this.follow = true;
    this.readerAt = 0;
    for (const type of ["wheel", "touchmove", "keydown", "pointerdown"]) {
      this.list.addEventListener(type, () => {
        this.readerAt = Date.now();
      }, { passive: true });
    }
    this.list.addEventListener("scroll", () => {
      const { scrollTop, clientHeight, scrollHeight } = this.list;
      if (scrollTop + clientHeight >= scrollHeight - 8) this.follow = true;
      else if (Date.now() - this.readerAt < 1000) this.follow = false;
    });
    new ResizeObserver(() => this.scroll()).observe(this.list);
    this.scroll();
  }

  item({ text, type, computer }) {
    const li = document.createElement("li");
    li.className = `log-${type}`;
    li.dataset.type = type;
    li.append(suitedText(text));
    if (computer) {
      const badge = document.createElement("span");
      badge.className = "badge computer";
      badge.textContent = gettext("computer");
      li.append(" ", badge);
    }
    return li;
  }

  /** After a connect or a sync: add the changes of `history` ([version, events] pairs) that
   * the log does not hold yet, so a new tab, a spectator or a reload sees the recent past once,
   * each line naming who held the seat then. */
  addHistory(history, table, view) {
    const tables = tablesAsTheyWere(history, table);
    history.forEach(([version, events], i) => {
      if (version > this.version) this.add(events, tables[i], view, version);
    });
  }

  /** Add one line per event of the change that made `version`, in order (once per version). */
  add(events, table, view, version) {
    if (version <= this.version) return;
    this.version = version;
    for (const event of logEvents(toldEvents(events))) {
      const line = { text: eventText(table, event, view), type: event.type };
      if (event.seat != null && event.type !== "handover" && table?.players?.[event.seat]?.computer) line.computer = true;
      this.lines.push(line);
      this.list.append(this.item(line));
    }
    while (this.lines.length > KEEP) {
      this.lines.shift();
      this.list.firstElementChild?.remove();
    }
    try {
      sessionStorage.setItem(this.key, JSON.stringify(this.lines));
      sessionStorage.setItem(this.versionKey, String(this.version));
      sessionStorage.setItem(this.languageKey, this.language);
    } catch {
      // Storage full or disabled: the log still shows this session's lines.
    }
    this.scroll();
  }

  /** A line that is no game event (a hint asked for): shown now, kept with the others. */
  note(text, type) {
    const line = { text, type };
    this.lines.push(line);
    this.list.append(this.item(line));
    this.scroll();
  }

  scroll() {
    if (this.follow) this.list.scrollTop = this.list.scrollHeight;
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

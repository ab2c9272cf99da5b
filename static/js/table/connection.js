// The table's websocket: connect, reconnect with backoff, notice version gaps, send actions.

import { gettext } from "../i18n.js";

/** Why the server closed the socket for good, by close code. */
const finalClose = (code) => ({
  4401: gettext("You are logged out. Log in again to rejoin the table."),
  4403: gettext("You may not see this table."),
  4404: gettext("This game no longer exists."),
  4429: gettext("Too many of your tabs are open on this site. Close some, then reload this page."),
}[code]);
const MAX_BACKOFF_MS = 10000;
const SILENCE_SYNC_MS = 25000;
// A page reloads for a new build at most this often (during a rolling upgrade old and new
// servers answer side by side; the reload must not loop).
const RELOAD_GAP_MS = 60000;
const RELOADED_AT = "twentynine.build-reload";

export class TableConnection {
  /**
   * @param {string} path  the websocket path, e.g. "/ws/game/5/"
   * @param {{onState: Function, onError: Function, onStatus: Function, onFinal: Function,
   *          onChat?: Function, onPresence?: Function}} handlers
   * @param {string} [build]  the id of the build that served the page (see newBuild)
   */
  constructor(path, handlers, build) {
    this.build = build;
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${path}`;
    this.handlers = handlers;
    this.version = null;
    this.attempt = 0;
    this.socket = null;
    this.closedForGood = false;
    this.silenceTimer = null;
    this.retryTimer = null;
    this.resyncs = { gap: 0, silence: 0 };
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.sync();
    });
  }

  open() {
    if (this.closedForGood) return;
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.attempt = 0;
      this.handlers.onStatus("open");
    });
    socket.addEventListener("message", (e) => this.receive(e.data));
    socket.addEventListener("close", (e) => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearTimeout(this.silenceTimer);
      if (finalClose(e.code)) {
        this.closedForGood = true;
        this.handlers.onFinal(finalClose(e.code), e.code);
        return;
      }
      this.handlers.onStatus("reconnecting");
      this.retry();
    });
  }

  retry() {
    clearTimeout(this.retryTimer);
    const base = Math.min(MAX_BACKOFF_MS, 500 * 2 ** this.attempt);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => this.open(), base / 2 + Math.random() * (base / 2));
  }

  receive(data) {
    let msg;
    try {
      msg = JSON.parse(data);
    } catch {
      return;
    }
    this.watchSilence();
    if (msg.type === "state" && this.newBuild(msg.build)) return;
    if (msg.type === "state") {
      if (this.version != null && msg.version < this.version) return;
      const gap = this.version != null && msg.version > this.version + 1;
      this.version = msg.version;
      this.handlers.onState(msg);
      if (gap) {
        this.resyncs.gap += 1;
        this.sync();
      }
    } else if (msg.type === "error") {
      this.handlers.onError(msg);
    } else if (msg.type === "chat") {
      this.handlers.onChat?.(msg);
    } else if (msg.type === "presence") {
      this.handlers.onPresence?.(msg);
    } else if (msg.type === "hint" || msg.type === "hint_asked" || msg.type === "deal_analysed") {
      this.handlers.onCoach?.(msg);
    }
  }

  /** True (and the page reloads) when the server runs another build than the page's: the
   * site was upgraded while the tab stayed open, and its scripts may no longer fit. */
  newBuild(build) {
    if (!this.build || !build || build === this.build) return false;
    const last = Number(sessionStorage.getItem(RELOADED_AT) || 0);
    if (Date.now() - last < RELOAD_GAP_MS) return false;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    this.closedForGood = true;
    location.reload();
    return true;
  }

  /** After a quiet spell, ask for the full state: a dropped push must never strand the page. */
  watchSilence() {
    clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => {
      this.resyncs.silence += 1;
      this.sync();
    }, SILENCE_SYNC_MS);
  }

  send(message) {
    if (this.socket?.readyState !== WebSocket.OPEN) {
      this.handlers.onError({ code: "offline", message: gettext("Not connected; reconnecting…") });
      return false;
    }
    this.socket.send(JSON.stringify(message));
    return true;
  }

  sync() {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ type: "sync" }));
  }

  act(action) {
    return this.send({ type: "action", action, version: this.version });
  }

  /** A reset; `deal`: the deal this page shows (a round reset of a deal that has ended since
   * is refused, so a second click never abandons the next deal). */
  reset(what, deal) {
    return this.send({ type: "reset", what, deal: deal ?? null });
  }
}

// What the table shares beyond the cards: the chat, who is here, and the previous deals.
// Hooked into the page by table.js: `draw()` after the seats are drawn, `afterState(events)`
// after each state message; the chat and presence messages come straight from the connection.

import { TableChat } from "./chat.js";
import { DealsPanel, endsDeal } from "./history.js";
import { drawPresence } from "./presence.js";
import { currentTab, sideVisible } from "./side.js";

export class TableTogether {
  constructor(root, gameId, connection, table) {
    this.root = root;
    this.table = table;
    this.presence = null;
    const side = root.querySelector("#table-side");
    const chatShown = () => currentTab(side) === "chat" && sideVisible(root);
    this.chat = new TableChat(root.querySelector("#pane-chat"), connection, table, {
      shown: chatShown,
      onUnread: (n) => this.markUnread(n),
    });
    this.dealsShown = () => currentTab(side) === "deals" && sideVisible(root);
    this.dealsStale = true;
    const shown = () => {
      if (chatShown()) this.chat.seen();
      if (this.dealsShown() && this.dealsStale) this.refreshDeals();
    };
    side.addEventListener("side-tab", shown);
    side.addEventListener("side-sheet", shown);
    this.deals = new DealsPanel(root.querySelector("#deal-list"), root.querySelector("#deal-review-overlay"), gameId, table);
    connection.handlers.onChat = (msg) => this.chat.receive(msg);
    connection.handlers.onPresence = (msg) => {
      this.presence = msg;
      this.draw();
    };
  }

  /** The list of deals is fetched when the Deals tab is in sight and a deal ended since. */
  refreshDeals() {
    this.dealsStale = false;
    this.deals.refresh();
  }

  draw() {
    drawPresence(this.root, this.presence);
    this.chat.drawPermission();
  }

  afterState(events) {
    if (!events.some(endsDeal)) return;
    this.dealsStale = true;
    if (this.dealsShown()) this.refreshDeals();
  }

  /** A deal's analysis is ready: the list (and an open review of that deal) show it. */
  analysed(number) {
    this.dealsStale = true;
    if (this.dealsShown()) this.refreshDeals();
    this.deals.analysed(number);
  }

  /** Mark the Chat tab (and, on a phone, the button that opens the side) while lines wait
   * unseen; side.js clears the marks when they are opened. */
  markUnread(count) {
    for (const el of [this.root.querySelector("#tab-chat"), this.root.querySelector("#side-toggle")]) {
      if (!el) continue;
      if (count) el.dataset.unread = String(count);
      else delete el.dataset.unread;
    }
  }
}

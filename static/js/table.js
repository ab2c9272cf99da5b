// The live table page: keeps the latest state from the websocket, draws it, and turns
// clicks into messages (actions, host resets). The server decides everything; the page
// only shows what the state message holds and offers what its `legal` list allows.

import { TurnAlert } from "./table/alert.js";
import { drawCentre, drawTrick, updateCountdown } from "./table/centre.js";
import { TableConnection } from "./table/connection.js";
import { SHOW_TRUMP_HINT, drawControls, drawHand } from "./table/controls.js";
import { drawHandover } from "./table/handover.js";
import { TableLog, Toast } from "./table/log.js";
import { drawRoundInfo, drawScore } from "./table/score.js";
import { bottomSeat, drawSeats } from "./table/seats.js";
import { setUpSide } from "./table/side.js";
import { TableTogether } from "./table/together.js";
import { COACH, eventText, hintAskedLine, hintLine, seatName, sentence, statusText } from "./table/words.js";

const RESET_QUESTION = {
  score: "Reset the score (both teams to 0, sets cleared) for everyone?",
  round: "Abandon this round? The same dealer deals again.",
  deck: "Use a freshly shuffled deck from the next deal?",
  all: "Reset the score, the round and the deck?",
};

const root = document.getElementById("table-app");
const config = JSON.parse(document.getElementById("table-config").textContent);

/** A table description built from the page until the first state message arrives. */
function tableFromPage(page) {
  return {
    game: page.game,
    name: page.name,
    host_seat: page.host_seat,
    players: page.players.map((name, seat) => ({ seat, name })),
    you: { seat: page.seat, spectator: page.spectator, host: page.host },
    conference_link: page.conference_link,
    play_direction: page.play_direction,
    waiting_for: [],
    next_deal_in: null,
  };
}

const state = { view: null, table: tableFromPage(config), legal: [], version: null, receivedAt: Date.now() };
const faceUp = new Set([bottomSeat(state.table)]);
const log = new TableLog(root.querySelector("#log"), config.game);
const toast = new Toast(root.querySelector("#toast"));
const turnAlert = new TurnAlert(root.querySelector("#sound-toggle"), config.name);
setUpSide(root);
let dealSyncSent = false;
let pendingTimer = null;

function draw() {
  const now = Date.now();
  const bottom = bottomSeat(state.table);
  drawSeats(root, state, faceUp);
  together.draw();
  drawCentre(root, state, now);
  drawHand(root, state, faceUp, bottom);
  drawControls(root, state);
  drawHintRow();
  drawScore(root, state);
  drawRoundInfo(root, state);
  drawStatus();
  drawHandover(root, state);
  const link = root.querySelector("#conference-link");
  link.hidden = !state.table.conference_link;
  if (state.table.conference_link) link.href = state.table.conference_link;
  root.querySelector("#last-trick-button").disabled = !state.view?.last_trick;
  if (!state.view?.last_trick) root.querySelector("#last-trick").hidden = true;
  root.dataset.phase = state.view?.phase || "waiting";
  root.dataset.version = state.version == null ? "" : String(state.version);
  root.dataset.resyncs = JSON.stringify(connection.resyncs);
}

function drawStatus() {
  const { view, table } = state;
  const status = root.querySelector("#status");
  let { text, mine, task } = statusText(table, view, table.you?.seat, state.legal);
  if (!view) text = root.querySelector("#waiting").textContent;
  else if (view.phase === "deal") text = view.last_round?.annulled ? "Deal annulled" : "Round over";
  else if (!text && table.you?.spectator) text = "Watching";
  status.textContent = text;
  status.classList.toggle("your-turn", mine);
  const note = root.querySelector("#status-note");
  note.textContent = bidderNote(view, table.you?.seat, state.legal);
  note.hidden = !note.textContent;
  turnAlert.update(mine, task);
}

/** The bidder is told, while their trump is still face down, what happens if it stays so
 * (unless the Show trump control below says it already). */
function bidderNote(view, you, legal) {
  const hidden = view && you != null && view.bid?.seat === you && view.single_hand == null
    && view.trump_method && !view.trump_shown && view.phase === "play";
  if (!hidden) return "";
  const offered = legal.some((a) => a.type === "show_trump");
  return offered ? "Your trump is still face down." : `Your trump is still face down. ${SHOW_TRUMP_HINT}`;
}

function onState(msg) {
  state.view = msg.view;
  state.table = msg.table || state.table;
  state.legal = msg.legal || [];
  state.version = msg.version;
  state.receivedAt = Date.now();
  dealSyncSent = false;
  root.classList.remove("pending");
  delete root.querySelector("#status").dataset.error;
  const events = msg.events || [];
  if (msg.history) log.addHistory(msg.history, state.table, state.view);
  else log.add(events, state.table, state.view, msg.version);
  together.afterState(events);
  for (const event of events.filter((e) => e.type === "reset")) {
    toast.show(sentence(eventText(state.table, event, state.view)), "announce", 6000);
  }
  draw();
}

function onError(msg) {
  root.classList.remove("pending");
  if (hint.text === COACH.thinking) {
    hint.text = "";
    drawHintRow();
  }
  const text = msg.code === "stale" ? "The table moved on before your move arrived; look again." : msg.message;
  toast.show(sentence(text || "That was refused"), "error");
  const status = root.querySelector("#status");
  status.dataset.error = msg.code || "";
}

function onStatus(kind) {
  root.classList.remove("pending");
  root.querySelector("#conn-badge").hidden = kind === "open";
  root.classList.toggle("offline", kind !== "open");
}

function onFinal(message) {
  const badge = root.querySelector("#conn-badge");
  badge.textContent = "disconnected";
  badge.hidden = false;
  root.querySelector("#status").textContent = message;
  toast.show(sentence(message), "error", 60000);
}

/** The Hint button: on your own turn, when the host allows hints; its answer under it. */
const hint = { version: null, text: "", card: null, action: null };
function drawHintRow() {
  const row = root.querySelector("#hint-row");
  const you = state.table.you || {};
  const offered = Boolean(state.table.hints) && state.legal.length > 0 && !you.spectator && !you.replaced;
  row.hidden = !offered;
  const button = root.querySelector("#hint-button");
  button.textContent = COACH.hint;
  button.title = COACH.hintTitle;
  const fresh = hint.version === state.version;
  const text = root.querySelector("#hint-text");
  text.textContent = fresh ? hint.text : "";
  text.hidden = !fresh || !hint.text;
  root.querySelectorAll("#hand .card.hinted, #controls .hinted").forEach((el) => el.classList.remove("hinted"));
  if (fresh && hint.card) root.querySelector(`#hand .card[data-card="${hint.card}"]`)?.classList.add("hinted");
  if (fresh && hint.action && !hint.card) {
    const wanted = JSON.stringify(hint.action);
    for (const el of root.querySelectorAll("#controls [data-action]")) {
      if (el.dataset.action === wanted) el.classList.add("hinted");
    }
  }
}

function onCoach(msg) {
  if (msg.type === "hint") {
    if (msg.version !== state.version) return;
    hint.version = msg.version;
    hint.text = hintLine(msg.action, state.view, msg.reason);
    hint.card = msg.action?.type === "play" ? msg.action.card : null;
    hint.action = msg.action;
    drawHintRow();
  } else if (msg.type === "hint_asked") {
    log.note(hintAskedLine(msg.name), "hint");
  } else if (msg.type === "deal_analysed") {
    together.analysed(msg.number);
  }
}

const connection = new TableConnection(config.ws_path, { onState, onError, onStatus, onFinal, onCoach });
const together = new TableTogether(root, config.game, connection, () => state.table);

/** Send an action; further clicks wait for the answer (a state or an error), at most 5 s. */
function act(action) {
  if (root.classList.contains("pending")) return;
  if (!connection.act(action)) return;
  root.classList.add("pending");
  clearTimeout(pendingTimer);
  pendingTimer = setTimeout(() => root.classList.remove("pending"), 5000);
}

function showLastTrick() {
  const last = state.view?.last_trick;
  if (!last) return;
  const overlay = root.querySelector("#last-trick");
  const frame = document.createElement("div");
  frame.className = "last-trick-box";
  const box = document.createElement("div");
  box.className = "trick last";
  drawTrick(box, last.cards, state.table, last.winner);
  const caption = document.createElement("p");
  caption.className = "trick-caption";
  caption.textContent = `${seatName(state.table, last.winner)} took the last trick. Tap to close.`;
  frame.replaceChildren(box, caption);
  overlay.replaceChildren(frame);
  overlay.hidden = false;
}

function toggleSeat(seat) {
  if (faceUp.has(seat)) faceUp.delete(seat);
  else faceUp.add(seat);
  draw();
}

root.addEventListener("click", (e) => {
  const target = e.target instanceof Element ? e.target : null;
  if (!target) return;
  const button = target.closest("[data-action]");
  if (button) {
    act(JSON.parse(button.dataset.action));
    return;
  }
  if (target.closest("#hint-button")) {
    hint.version = state.version;
    hint.text = COACH.thinking;
    hint.card = null;
    hint.action = null;
    drawHintRow();
    connection.send({ type: "hint", version: state.version });
    return;
  }
  const handover = target.closest("[data-handover]");
  if (handover) {
    connection.send(JSON.parse(handover.dataset.handover));
    return;
  }
  const reset = target.closest("[data-reset]");
  if (reset) {
    const what = reset.dataset.reset;
    if (window.confirm(RESET_QUESTION[what])) connection.reset(what);
    return;
  }
  if (target.closest("#last-trick-button, .show-last-trick")) {
    showLastTrick();
    return;
  }
  if (target.closest("#last-trick")) {
    root.querySelector("#last-trick").hidden = true;
    return;
  }
  const seatHand = target.closest(".seat-hand.toggle, #hand.toggle");
  if (seatHand) {
    toggleSeat(Number(seatHand.dataset.seat));
    return;
  }
  const card = target.closest("#hand .card[data-card]");
  if (card?.dataset.refusal) {
    // The reason is known already: say it without asking the server.
    toast.show(card.dataset.refusal, "error");
    return;
  }
  if (card && !state.table.you?.spectator) act({ type: "play", card: card.dataset.card });
});

root.addEventListener("keydown", (e) => {
  if ((e.key === "Enter" || e.key === " ") && e.target instanceof HTMLElement && e.target.matches("#hand .card")) {
    e.preventDefault();
    e.target.click();
  }
});

// The countdown between deals; if the next deal is overdue, ask for the state again.
setInterval(() => {
  if (state.view?.phase !== "deal" || state.table.next_deal_in == null) return;
  updateCountdown(root, state, Date.now());
  const overdue = Date.now() - state.receivedAt > (state.table.next_deal_in + 3) * 1000;
  if (overdue && !dealSyncSent) {
    dealSyncSent = true;
    connection.sync();
  }
}, 250);

draw();
root.querySelector("#status").textContent = "Connecting…";
connection.open();

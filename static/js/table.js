// The live table page: keeps the latest state from the websocket, draws it, and turns
// clicks into messages (actions, host resets). The server decides everything; the page
// only shows what the state message holds and offers what its `legal` list allows.

import { fmt, gettext } from "./i18n.js";
import { TurnAlert } from "./table/alert.js";
import { drawCentre, drawTrick, updateCountdown } from "./table/centre.js";
import { TableConnection } from "./table/connection.js";
import { Guide } from "./table/guide.js";
import { drawControls, drawHand, rovingStop, showTrumpHint } from "./table/controls.js";
import { drawGuests, removal } from "./table/guests.js";
import { drawHandover, handoverMessage } from "./table/handover.js";
import { setUpHelp } from "./table/help.js";
import { drawMatchLine, drawMatchOver, matchOver } from "./table/match.js";
import { TableLog, Toast } from "./table/log.js";
import { drawRoundInfo, drawScore } from "./table/score.js";
import { bottomSeat, drawSeats } from "./table/seats.js";
import { recall, remember } from "./table/session.js";
import { drawSideTurn, setUpSide } from "./table/side.js";
import { AUTO_PASS_WAIT_MS, TablePreferences } from "./table/preferences.js";
import { backOffered, drawBack, updateTimer } from "./table/timer.js";
import { TableTogether } from "./table/together.js";
import { COACH, MATCH_WORDS, PLAY_WORDS, eventText, hintAskedLine, hintLine, seatName, sentence, statusText, toldEvents } from "./table/words.js";

/** The question a host confirms before a reset: its button's name and what it does, as the
 * dashboard's confirm page asks it (game/table/resets.py names both). */
const resetQuestion = (button) => fmt(gettext("%(reset)s? %(what)s Everyone at the table sees it at once."), {
  reset: button.textContent.trim(),
  what: button.title,
});

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
// The hands shown face up: your own, and those a spectator turned over (kept across a reload).
const faceUpKey = `face-up:${state.table?.game}`;
const faceUp = new Set(Array.isArray(recall(faceUpKey)) ? recall(faceUpKey) : [bottomSeat(state.table)]);
const log = new TableLog(root.querySelector("#log"), config.game);
const toast = new Toast(root.querySelector("#toast"));
const turnAlert = new TurnAlert(
  root.querySelector("#sound-toggle"), config.name, root.querySelector("#notify-toggle"));
const guide = new Guide(root.querySelector("#guide"), root.querySelector("#guide-toggle"));
setUpSide(root);
setUpHelp(root);
const prefs = new TablePreferences(root, config.preferences, config.save_preferences, () => draw());
let dealSyncSent = false;
let pendingTimer = null;

// Tap to lift (a preference): the card a first tap raised, at the version it was raised in.
const lift = { card: null, version: null };
// Play a single legal card (a preference): the version whose only card is being played.
const only = { card: null, version: null, timer: null };
// The pause before your only legal card is played for you: long enough to see it go.
const ONLY_CARD_MS = 600;

/** What has the keyboard focus among the parts every state message redraws: a card of your
 * hand or a control button (found again after the redraw by its card or action), and its place
 * among them (for when it is gone: a card played, a call made). */
function focusedPart() {
  const el = document.activeElement;
  if (!(el instanceof HTMLElement) || !root.contains(el)) return null;
  if (el.id === "hand") return { selector: "#hand", at: 0, card: true };  // after a deal's last card
  // "I'm back" goes once the seat is back: then to your question or your hand.
  if (el.matches("[data-im-back]")) return { selector: "[data-im-back]", at: 0, card: true };
  if (el.matches(".seat-hand.toggle")) return { selector: `.seat-hand[data-seat="${el.dataset.seat}"]`, at: 0 };
  if (el.matches("#hand .card[data-card]")) {
    const at = [...root.querySelectorAll("#hand .card[tabindex]")].indexOf(el);
    return { selector: `#hand .card[data-card="${el.dataset.card}"]`, at, card: true };
  }
  if (el.matches("#controls [data-action]")) {
    return { selector: `#controls [data-action='${el.dataset.action}']`, at: 0 };
  }
  return null;
}

/** Give the focus back after a redraw: to the same card or button, else (it was played or
 * answered) to the question's Pass (its first button when it has none), or the card now at its
 * place in the hand, or the hand itself (the deal's last card played), so the keyboard never
 * falls back to the top of the page. A question just put to you (a Double, say) while a card
 * had the focus and none may be played takes the focus to its Pass too: an Enter pressed
 * again never raises the stake. */
function restoreFocus(part, hadQuestion) {
  const same = root.querySelector(part.selector);
  const question = root.querySelector("#controls:not([hidden]) [data-action='{\"type\":\"pass\"}']")
    || root.querySelector("#controls:not([hidden]) [data-action]");
  const cards = [...root.querySelectorAll("#hand .card[tabindex]")];
  const asked = question && !hadQuestion && part.card && !root.querySelector("#hand .card[data-legal='true']");
  const next = (asked ? question : same) || question
    || cards[Math.min(part.at, cards.length - 1)] || root.querySelector("#hand");
  next?.focus({ preventScroll: true });
}

function draw() {
  const focused = focusedPart();
  const hadQuestion = Boolean(root.querySelector("#controls:not([hidden]) [data-action]"));
  const now = Date.now();
  const bottom = bottomSeat(state.table);
  drawSeats(root, state, faceUp);
  together.draw();
  drawCentre(root, state, now);
  // A routine question the server is passing for you is not offered meanwhile.
  const passing = prefs.passingForYou(state, now);
  const offered = passing ? { ...state, legal: [] } : state;
  drawHand(root, state, faceUp, bottom, {
    lift: prefs.values.tap_to_lift,
    lifted: lift.version === state.version ? lift.card : null,
    only: only.version === state.version ? only.card : null,
  });
  drawControls(root, offered);
  drawHintRow(offered.legal);
  drawScore(root, state);
  drawRoundInfo(root, state);
  drawStatus(passing);
  drawRole(state.table.you);
  drawHandover(root, state);
  drawGuests(root, state);
  guide.update(offered);
  drawMatchOver(root, state);
  drawMatchLine(root, state);
  drawBack(root, state);
  updateTimer(root, state, now);
  if (matchOver(state)) root.querySelector("#round-result").hidden = true;
  const link = root.querySelector("#conference-link");
  link.hidden = !state.table.conference_link;
  if (state.table.conference_link) link.href = state.table.conference_link;
  root.querySelector("#last-trick-button").disabled = !state.view?.last_trick;
  if (!state.view?.last_trick) root.querySelector("#last-trick").hidden = true;
  root.dataset.phase = state.view?.phase || "waiting";
  root.dataset.version = state.version == null ? "" : String(state.version);
  root.dataset.resyncs = JSON.stringify(connection.resyncs);
  if (focused) restoreFocus(focused, hadQuestion);
}

function drawStatus(passing) {
  const { view, table } = state;
  const status = root.querySelector("#status");
  // While a computer player holds your seat, its turns are not yours.
  const you = table.you?.replaced ? null : table.you?.seat;
  let { text, mine, task } = statusText(table, view, you, state.legal);
  // A guest who watches is sent no hand (the server's public view): the note says so.
  const guestWatching = table.you?.spectator && table.you.sees_hands === false
    && table.you.watching_from == null;
  if (passing) [text, mine] = [PLAY_WORDS.passing, false];
  if (!view) text = waitingStatus(table, root.querySelector("#waiting").textContent);
  else if (matchOver(state)) text = MATCH_WORDS.title(state.table.match.number);
  else if (view.phase === "deal") text = view.last_round?.annulled ? gettext("Deal annulled") : gettext("Deal over");
  else if (!text && table.you?.spectator && table.you.sees_hands !== false) text = gettext("Watching: tap a player's cards to turn them over");
  status.textContent = text;
  status.classList.toggle("your-turn", mine);
  drawSideTurn(root, mine, text);
  const note = root.querySelector("#status-note");
  // A seat the server handed over has its own line with "I'm back" (drawBack): not said twice.
  const handedOver = table.you?.replaced && !backOffered(state)
    ? gettext("A computer player plays your seat for now, so you cannot act; the host can give it back.")
    : "";
  if (table.you?.replaced) note.textContent = handedOver;
  else if (table.you?.watching_from != null && view) note.textContent = gettext("You left this seat during the deal: until it ends you watch from it and see only its cards");
  else if (guestWatching && view) note.textContent = gettext("Watching as a guest: the hands stay hidden until they are played");
  else note.textContent = bidderNote(view, table.you?.seat, state.legal);
  note.hidden = !note.textContent;
  if (mine && !turnAlert.mine) together.deals.yourTurn();
  turnAlert.update(mine, task);
}

/** The role under the game's name, as the server says it now (the host may move you). */
function drawRole(you) {
  if (!you) return;
  const role = you.spectator ? gettext("Watching") : gettext("Playing");
  root.querySelector("#role").textContent = you.host ? `${role} · ${gettext("host")}` : role;
}

/** The status line before the first deal: not the waiting box's words again, but what can be
 * done about it (the host may seat a computer player instead). */
function waitingStatus(table, shown) {
  const text = table.you?.host
    ? gettext("To start without someone, hand their seat to a computer player (Host tab).")
    : gettext("The first deal starts once everyone is here.");
  return text === shown ? "" : text;
}

/** The bidder is told, while their trump is still face down, what happens if it stays so
 * (unless the Show trump control below says it already). */
function bidderNote(view, you, legal) {
  const hidden = view && you != null && view.bid?.seat === you && view.single_hand == null
    && view.trump_method && !view.trump_shown && view.phase === "play";
  if (!hidden) return "";
  const offered = legal.some((a) => a.type === "show_trump");
  const note = gettext("Your trump is still face down.");
  return offered ? note : `${note} ${showTrumpHint()}`;
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
  for (const event of toldEvents(events).filter((e) => e.type === "reset")) {
    toast.show(sentence(eventText(state.table, event, state.view)), "announce", 6000);
  }
  playOnlyCard();
  draw();
  if (prefs.passingForYou(state, Date.now())) setTimeout(draw, AUTO_PASS_WAIT_MS);
}

/** With "play a single legal card" on: when your only move is one card (nothing else, such as
 * asking for trump), raise it, say so, and play it after a short pause, once per turn. */
function playOnlyCard() {
  const you = state.table.you || {};
  const [action, ...others] = state.legal;
  const wanted = prefs.values.play_single_card && action?.type === "play" && !others.length
    && !you.spectator && !you.replaced;
  if (!wanted || only.version === state.version) return;
  clearTimeout(only.timer);
  const version = state.version;
  only.card = action.card;
  only.version = version;
  root.querySelector("#hand-note").textContent = PLAY_WORDS.only(cardName(action.card));
  only.timer = setTimeout(() => {
    if (state.version === version) act(action);
  }, ONLY_CARD_MS);
}

/** A card's spoken name, as its picture in your hand says it. */
function cardName(code) {
  return root.querySelector(`#hand .card[data-card="${code}"]`)?.getAttribute("aria-label") || code;
}

// Errors that refuse a chat line (a flood of any messages is "rate_limited" too).
const CHAT_REFUSALS = new Set(["rate_limited", "chat_empty", "chat_too_long", "chat_off"]);

function onError(msg) {
  root.classList.remove("pending");
  if (CHAT_REFUSALS.has(msg.code)) together.chat.refused();
  if (hint.text === COACH.thinking) {
    hint.text = "";
    drawHintRow();
  }
  const text = msg.code === "stale" ? gettext("The table moved on before your move arrived; look again.") : msg.message;
  toast.show(sentence(text || gettext("That was refused")), "error");
  const status = root.querySelector("#status");
  status.dataset.error = msg.code || "";
}

function onStatus(kind) {
  root.classList.remove("pending");
  root.querySelector("#conn-badge").hidden = kind === "open";
  root.classList.toggle("offline", kind !== "open");
}

// How long a player who lost the table (a guest the host removed, a friendship ended) reads
// why before the page is loaded again, which then says where to go.
const LOST_TABLE_MS = 2500;

function onFinal(message, code) {
  const badge = root.querySelector("#conn-badge");
  badge.textContent = gettext("disconnected");
  badge.hidden = false;
  root.querySelector("#status").textContent = message;
  toast.show(sentence(message), "error", 60000);
  if (code === 4403 && state.version != null) {
    // The table was open and is no longer: hide what is left of it and ask the server again.
    root.querySelector("#hand").replaceChildren();
    root.querySelector("#controls").replaceChildren();
    setTimeout(() => window.location.reload(), LOST_TABLE_MS);
  }
}

/** The Hint button: on your own turn, when the host allows hints; its answer under it. */
const hint = { version: null, text: "", card: null, action: null };
function drawHintRow(legal = state.legal) {
  const row = root.querySelector("#hint-row");
  const you = state.table.you || {};
  const offered = Boolean(state.table.hints) && legal.length > 0 && !you.spectator && !you.replaced;
  row.hidden = !offered;
  const button = root.querySelector("#hint-button");
  button.textContent = COACH.hint;
  button.title = COACH.hintTitle;
  const fresh = hint.version === state.version;
  const text = root.querySelector("#hint-text");
  text.textContent = fresh ? hint.text : "";
  text.hidden = !fresh || !hint.text;
  root.querySelectorAll("#hand .card.hinted, #controls .hinted").forEach((el) => {
    el.classList.remove("hinted");
    el.removeAttribute("aria-describedby");
  });
  const hinted = fresh && hint.card ? root.querySelector(`#hand .card[data-card="${hint.card}"]`) : null;
  if (hinted) {
    hinted.classList.add("hinted");
    hinted.dataset.hint = COACH.hint;
    hinted.setAttribute("aria-describedby", "hint-text");
  }
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
    hint.text = hintLine(msg.action, state.view, msg.reason, state.table.you?.seat);
    hint.card = msg.action?.type === "play" ? msg.action.card : null;
    hint.action = msg.action;
    drawHintRow();
  } else if (msg.type === "hint_asked") {
    log.note(hintAskedLine(msg.name), "hint");
  } else if (msg.type === "deal_analysed") {
    together.analysed(msg.number);
  }
}

const connection = new TableConnection(config.ws_path, { onState, onError, onStatus, onFinal, onCoach }, config.build);
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
  caption.textContent = fmt(gettext("%(name)s took the last trick. Tap to close."), { name: seatName(state.table, last.winner) });
  frame.replaceChildren(box, caption);
  overlay.replaceChildren(frame);
  overlay.hidden = false;
}

function toggleSeat(seat) {
  if (faceUp.has(seat)) faceUp.delete(seat);
  else faceUp.add(seat);
  remember(faceUpKey, [...faceUp]);
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
  if (target.closest("[data-rematch]")) {
    connection.send({ type: "rematch" });
    return;
  }
  if (target.closest("[data-im-back]")) {
    connection.send({ type: "im_back" });
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
  const removeGuest = target.closest("[data-remove-guest]");
  if (removeGuest) {
    const message = removal(removeGuest);
    if (message) connection.send(message);
    return;
  }
  const handover = target.closest("[data-handover]");
  if (handover) {
    const message = handoverMessage(handover, root.querySelector("#handover-level"));
    if (message) connection.send(message);
    return;
  }
  const reset = target.closest("[data-reset]");
  if (reset) {
    const deal = state.view?.round_no;  // the deal in sight when the host chose to reset
    if (window.confirm(resetQuestion(reset))) connection.reset(reset.dataset.reset, deal);
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
  if (card && state.table.you?.replaced && root.querySelector("#im-back [data-im-back]")) {
    connection.send({ type: "im_back" }); // acting again brings the seat back
    return;
  }
  if (card && !state.table.you?.spectator) playOrLift(card);
});

/** A tap (or Enter) on a card of your hand: play it; with "tap to lift" on, a playable card is
 * first raised, and played by a second tap on it (a tap on another raises that one instead). */
function playOrLift(card) {
  const code = card.dataset.card;
  const raised = lift.version === state.version && lift.card === code;
  if (prefs.values.tap_to_lift && card.dataset.legal === "true" && !raised) {
    lift.card = code;
    lift.version = state.version;
    draw();
    root.querySelector("#hand-note").textContent = PLAY_WORDS.lifted(card.getAttribute("aria-label"));
    return;
  }
  act({ type: "play", card: code });
}

// The hand from the keyboard: Enter or Space plays the focused card, the arrow keys move
// along the hand (Home and End to its ends). A spectator's Enter or Space on a hand turns it over.
// Tab comes back to the card last focused in the hand.
root.addEventListener("focusin", (e) => {
  if (e.target.matches("#hand .card[data-card][tabindex]")) rovingStop(e.target.parentElement, e.target);
});

root.addEventListener("keydown", (e) => {
  if (!(e.target instanceof HTMLElement)) return;
  if (e.target.matches(".seat-hand.toggle, #hand.toggle") && (e.key === "Enter" || e.key === " ")) {
    e.preventDefault();
    toggleSeat(Number(e.target.dataset.seat));
    return;
  }
  if (!e.target.matches("#hand .card")) return;
  if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    e.target.click();
    return;
  }
  const cards = [...root.querySelectorAll("#hand .card[tabindex]")];
  const at = cards.indexOf(e.target);
  const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: cards.length - 1 }[e.key];
  if (to == null || at < 0) return;
  e.preventDefault();
  cards[(to + cards.length) % cards.length].focus();  // the arrows go round the hand
});

// The countdown between deals; if the next deal is overdue, ask for the state again. The turn
// timer's countdown.
setInterval(() => {
  updateTimer(root, state, Date.now());
  if (state.view?.phase !== "deal" || state.table.next_deal_in == null) return;
  updateCountdown(root, state, Date.now());
  const overdue = Date.now() - state.receivedAt > (state.table.next_deal_in + 3) * 1000;
  if (overdue && !dealSyncSent) {
    dealSyncSent = true;
    connection.sync();
  }
}, 250);

draw();
root.querySelector("#status").textContent = gettext("Connecting…");
connection.open();

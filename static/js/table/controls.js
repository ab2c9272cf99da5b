// Your hand and your choices: cards (playable ones lit, the rest greyed) and a button for
// every other legal action, each carrying its action as data-action JSON.

import { fmt, gettext } from "../i18n.js";
import { SUIT_SYMBOL, cardBack, cardFace, handKey, isRed, sortHand, suitClass } from "./cards.js";
import { turnable } from "./seats.js";
import { actionLabel, asksForTrump, seatName, sentence } from "./words.js";

/** The panels the buttons are grouped in, each with its title. */
function groups() {
  return [
    { types: ["bid"], title: "", cls: "bid-panel" },
    { types: ["trump", "seventh_card"], title: gettext("Choose trump"), cls: "trump-panel" },
    { types: ["double", "redouble", "set_double"], title: gettext("Raise the stake?"), cls: "stake-panel" },
    { types: ["single_hand"], title: gettext("Single Hand?"), cls: "single-hand-panel" },
    { types: ["show_trump", "marriage"], title: "", cls: "play-panel" },
  ];
}

function actionButton(action, view, you, hintText) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = `button action action-${action.type}`;
  button.dataset.action = JSON.stringify(action);
  if (action.type === "trump") {
    button.classList.add(isRed(action.suit) ? "red" : "black");
    const symbol = Object.assign(document.createElement("span"), {
      className: `suit-symbol ${suitClass(action.suit)}`,
      textContent: SUIT_SYMBOL[action.suit],
    });
    button.append(symbol, ` ${actionLabel(action, view, you)}`);
  } else {
    button.textContent = actionLabel(action, view, you);
  }
  if (action.type === "pass") button.classList.add("pass");
  if (action.type === "bid" && view?.bid?.value === action.value) button.classList.add("match");
  if (action.type === "show_trump") button.title = hintText;
  return button;
}

/** The bidder's reminder: a trump never shown annuls the deal (three deals in five ended
 * unscored for players who did not know this rule). */
export function showTrumpHint() {
  return gettext("If trump is never shown, the deal is annulled: nobody scores.");
}

/**
 * What the Show trump button does for you. For the bidder it shows their own trump; for anyone
 * else who cannot follow suit it asks for the opponents' trump, which binds the asker: trump is
 * shown to all and they must then play a trump to this trick if they hold one, even when their
 * partner is winning it. With no card to play meanwhile (the "must ask for trump" option), asking
 * is the only move.
 */
export function trumpButtonHint(view, you, legal) {
  if (!asksForTrump(view, you)) return showTrumpHint();
  const mustAsk = !(legal || []).some((a) => a.type === "play");
  const duty = gettext("Trump is shown to everyone, and you must then play a trump to this trick if you hold one, even if your partner is winning it.");
  return mustAsk
    ? fmt(gettext("You have no card of the led suit, so you must ask for trump. %(duty)s"), { duty })
    : fmt(gettext("You have no card of the led suit: play any card, or ask for trump. %(duty)s"), { duty });
}

/** A line under a group of buttons. */
function hint(text) {
  return Object.assign(document.createElement("p"), { className: "control-hint", textContent: text });
}

/** The buttons for the legal actions other than playing a card; nothing when there are none. */
export function drawControls(root, state) {
  const box = root.querySelector("#controls");
  const legal = (state.legal || []).filter((a) => a.type !== "play");
  const you = state.table?.you?.seat;
  const trumpHint = trumpButtonHint(state.view, you, state.legal);
  box.replaceChildren();
  box.hidden = legal.length === 0;
  if (!legal.length) return;
  const passes = legal.filter((a) => a.type === "pass");
  const placed = new Set();
  for (const group of groups()) {
    const actions = legal.filter((a) => group.types.includes(a.type));
    if (!actions.length) continue;
    const panel = document.createElement("div");
    panel.className = `control-group ${group.cls}`;
    if (group.title) {
      const h = document.createElement("p");
      h.className = "control-title";
      h.textContent = group.title;
      panel.append(h);
    }
    const buttons = document.createElement("div");
    buttons.className = "control-buttons";
    actions.forEach((a) => {
      buttons.append(actionButton(a, state.view, you, trumpHint));
      placed.add(a);
    });
    if (passes.length && !placed.has(passes[0]) && group.cls !== "play-panel") {
      // In the bid strip Pass comes first, before the lowest call.
      const pass = actionButton(passes[0], state.view, you, trumpHint);
      if (group.cls === "bid-panel") buttons.prepend(pass);
      else buttons.append(pass);
      placed.add(passes[0]);
    }
    panel.append(buttons);
    if (actions.some((a) => a.type === "show_trump")) panel.append(hint(trumpHint));
    box.append(panel);
  }
  const rest = legal.filter((a) => !placed.has(a));
  if (rest.length) {
    const panel = document.createElement("div");
    panel.className = "control-group";
    const buttons = document.createElement("div");
    buttons.className = "control-buttons";
    rest.forEach((a) => buttons.append(actionButton(a, state.view, you, trumpHint)));
    panel.append(buttons);
    box.append(panel);
  }
}

/** Your own hand as the page first drew it (a group named "Your hand", focused only by the
 * page), when it was a spectator's turnable one (``turnable``). */
function plainHand(box) {
  if (box.getAttribute("role") !== "button") return;
  box.setAttribute("role", "group");
  box.tabIndex = -1;
  box.removeAttribute("aria-pressed");
  box.setAttribute("aria-label", box.dataset.label || "");
}

/** The hand is one Tab stop (its cards are reached with the arrow keys): `card` takes it. */
export function rovingStop(box, card) {
  if (!card) return;
  box.querySelectorAll(".card[data-card][tabindex]").forEach((c) => { c.tabIndex = c === card ? 0 : -1; });
}

/**
 * The bottom hand: yours, or for a spectator the bottom seat's (face up or down by their
 * toggle). Cards you may play now are marked data-legal="true"; on your turn the rest are greyed.
 * `marks`: `lift` (tap to lift is on), `lifted` (the card raised by a first tap) and `only`
 * (your only legal card, about to be played for you).
 */
export function drawHand(root, state, faceUp, bottom, marks = {}) {
  const { view, table, legal } = state;
  const box = root.querySelector("#hand");
  box.replaceChildren();
  if (!view) return;
  const spectator = Boolean(table?.you?.spectator);
  const playable = new Set((legal || []).filter((a) => a.type === "play").map((a) => a.card));
  const myTurnToPlay = view.phase === "play" && playable.size > 0;
  box.classList.toggle("my-turn", myTurnToPlay);
  box.classList.toggle("spectating", spectator);
  if (spectator) box.removeAttribute("aria-describedby");  // the arrow keys' line is a player's
  else box.setAttribute("aria-describedby", "hand-keys");
  box.dataset.seat = String(bottom);
  if (spectator && view.hand && table.you.watching_from === bottom) {
    // The seat this spectator left during the deal: its own cards, face up, never played.
    box.dataset.face = "up";
    box.classList.remove("toggle");
    plainHand(box);
    sortHand(view.hand, handKey(table, view, bottom)).forEach((c) => box.append(cardFace(c, "in-hand")));
    box.style.setProperty("--n", String(box.childElementCount));
    return;
  }
  if (spectator) {
    // A guest who watches is sent no hand (view.hands absent): the backs, never turned over.
    const cards = view.hands ? view.hands[String(bottom)] || [] : [];
    const shown = Boolean(view.hands) && faceUp.has(bottom);
    box.dataset.face = shown ? "up" : "down";
    box.classList.toggle("toggle", Boolean(view.hands));
    if (view.hands) turnable(box, seatName(table, bottom), shown);
    if (shown) sortHand(cards, handKey(table, view, bottom)).forEach((c) => box.append(cardFace(c, "in-hand")));
    else if (view.hands) cards.forEach(() => box.append(cardBack("in-hand")));
    else for (let i = 0; i < (view.hand_counts?.[bottom] || 0); i += 1) box.append(cardBack("in-hand"));
    box.style.setProperty("--n", String(box.childElementCount));
    return;
  }
  box.dataset.face = "up";
  box.classList.remove("toggle");
  plainHand(box);
  const refusals = view.refusals || {};
  for (const code of sortHand(view.hand || [], handKey(table, view, "you"))) {
    const card = cardFace(code, "in-hand");
    const ok = playable.has(code);
    card.dataset.legal = String(ok);
    card.classList.add(ok ? "playable" : "unplayable");
    card.setAttribute("role", "button");
    card.tabIndex = -1;  // one Tab stop for the hand: see rovingStop
    const name = card.getAttribute("aria-label");
    if (myTurnToPlay && !ok && refusals[code]) {
      // The engine's own reason, the same words a click would be refused with.
      card.title = sentence(refusals[code]);
      card.setAttribute("aria-label", fmt(gettext("%(card)s: cannot be played. %(reason)s"), { card: name, reason: card.title }));
      card.dataset.refusal = card.title;
    } else if (myTurnToPlay && marks.lift) {
      const lifted = marks.lifted === code;
      card.classList.toggle("lifted", lifted);
      card.setAttribute("aria-pressed", String(lifted));
      card.title = lifted
        ? fmt(gettext("Tap again to play the %(card)s."), { card: name })
        : fmt(gettext("Tap to lift the %(card)s, again to play it."), { card: name });
    } else if (myTurnToPlay) {
      card.title = fmt(gettext("Play the %(card)s."), { card: name });
    }
    if (ok && marks.only === code) card.classList.add("lifted", "only-card");
    box.append(card);
  }
  rovingStop(box, box.querySelector(".card[data-legal='true']") || box.querySelector(".card[data-card]"));
  for (let i = 0; i < (view.unseen || 0); i += 1) {
    const back = cardBack("in-hand unseen");
    back.title = gettext("Not seen yet: decide on Redouble first");
    box.append(back);
  }
  box.style.setProperty("--n", String(box.childElementCount));
}

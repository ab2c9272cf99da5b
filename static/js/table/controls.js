// Your hand and your choices: cards (playable ones lit, the rest greyed) and a button for
// every other legal action, each carrying its action as data-action JSON.

import { SUIT_SYMBOL, cardBack, cardFace, isRed, sortHand } from "./cards.js";
import { actionLabel, sentence } from "./words.js";

const GROUPS = [
  { types: ["bid"], title: "", cls: "bid-panel" },
  { types: ["trump", "seventh_card"], title: "Choose trump", cls: "trump-panel" },
  { types: ["double", "redouble", "set_double"], title: "Raise the stake?", cls: "stake-panel" },
  { types: ["single_hand"], title: "Single Hand?", cls: "single-hand-panel" },
  { types: ["show_trump", "marriage"], title: "", cls: "play-panel" },
];

function actionButton(action, view) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = `button action action-${action.type}`;
  button.dataset.action = JSON.stringify(action);
  if (action.type === "trump") {
    button.classList.add(isRed(action.suit) ? "red" : "black");
    button.innerHTML = `<span class="suit-symbol">${SUIT_SYMBOL[action.suit]}</span> ${actionLabel(action, view)}`;
  } else {
    button.textContent = actionLabel(action, view);
  }
  if (action.type === "pass") button.classList.add("pass");
  if (action.type === "bid" && view?.bid?.value === action.value) button.classList.add("match");
  if (action.type === "show_trump") button.title = SHOW_TRUMP_HINT;
  return button;
}

// Three deals in five ended unscored for players who did not know this rule.
export const SHOW_TRUMP_HINT = "If trump is never shown, the deal is annulled: nobody scores.";

/** A line under a group of buttons. */
function hint(text) {
  return Object.assign(document.createElement("p"), { className: "control-hint", textContent: text });
}

/** The buttons for the legal actions other than playing a card; nothing when there are none. */
export function drawControls(root, state) {
  const box = root.querySelector("#controls");
  const legal = (state.legal || []).filter((a) => a.type !== "play");
  box.replaceChildren();
  box.hidden = legal.length === 0;
  if (!legal.length) return;
  const passes = legal.filter((a) => a.type === "pass");
  const placed = new Set();
  for (const group of GROUPS) {
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
      buttons.append(actionButton(a, state.view));
      placed.add(a);
    });
    if (passes.length && !placed.has(passes[0]) && group.cls !== "play-panel") {
      // In the bid strip Pass comes first, before the lowest call.
      const pass = actionButton(passes[0], state.view);
      if (group.cls === "bid-panel") buttons.prepend(pass);
      else buttons.append(pass);
      placed.add(passes[0]);
    }
    panel.append(buttons);
    if (actions.some((a) => a.type === "show_trump")) panel.append(hint(SHOW_TRUMP_HINT));
    box.append(panel);
  }
  const rest = legal.filter((a) => !placed.has(a));
  if (rest.length) {
    const panel = document.createElement("div");
    panel.className = "control-group";
    const buttons = document.createElement("div");
    buttons.className = "control-buttons";
    rest.forEach((a) => buttons.append(actionButton(a, state.view)));
    panel.append(buttons);
    box.append(panel);
  }
}

/**
 * The bottom hand: yours, or for a spectator the bottom seat's (face up or down by their
 * toggle). Cards you may play now are marked data-legal="true"; on your turn the rest are greyed.
 */
export function drawHand(root, state, faceUp, bottom) {
  const { view, table, legal } = state;
  const box = root.querySelector("#hand");
  box.replaceChildren();
  if (!view) return;
  const spectator = Boolean(table?.you?.spectator);
  const playable = new Set((legal || []).filter((a) => a.type === "play").map((a) => a.card));
  const myTurnToPlay = view.phase === "play" && playable.size > 0;
  box.classList.toggle("my-turn", myTurnToPlay);
  box.classList.toggle("spectating", spectator);
  box.dataset.seat = String(bottom);
  if (spectator) {
    const cards = view.hands ? view.hands[String(bottom)] || [] : [];
    box.dataset.face = faceUp.has(bottom) ? "up" : "down";
    box.classList.add("toggle");
    if (faceUp.has(bottom)) sortHand(cards).forEach((c) => box.append(cardFace(c, "in-hand")));
    else cards.forEach(() => box.append(cardBack("in-hand")));
    box.style.setProperty("--n", String(box.childElementCount));
    return;
  }
  box.dataset.face = "up";
  box.classList.remove("toggle");
  const refusals = view.refusals || {};
  for (const code of sortHand(view.hand || [])) {
    const card = cardFace(code, "in-hand");
    const ok = playable.has(code);
    card.dataset.legal = String(ok);
    card.classList.add(ok ? "playable" : "unplayable");
    card.setAttribute("role", "button");
    card.tabIndex = 0;
    const name = card.getAttribute("aria-label");
    if (myTurnToPlay && !ok && refusals[code]) {
      // The engine's own reason, the same words a click would be refused with.
      card.title = sentence(refusals[code]);
      card.setAttribute("aria-label", `${name}: cannot be played. ${card.title}`);
      card.dataset.refusal = card.title;
    } else if (myTurnToPlay) {
      card.title = `Play the ${name}.`;
    }
    box.append(card);
  }
  for (let i = 0; i < (view.unseen || 0); i += 1) {
    const back = cardBack("in-hand unseen");
    back.title = "Not seen yet: decide on Redouble first";
    box.append(back);
  }
  box.style.setProperty("--n", String(box.childElementCount));
}

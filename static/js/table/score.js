// The score as each team's sixes (N red pips above zero, N black below), the set tally,
// and this round's facts: bid, target, stake, trump, card points and tricks.

import { fmt, gettext, ngettext } from "../i18n.js";
import { SUIT_NAME, SUIT_SYMBOL, suitedText } from "./cards.js";
import { contractText, resultHeadline, suitOfTrump } from "./result.js";
import { seatName, signed, teamName } from "./words.js";

// Team 0 keeps score with the diamond and club sixes, team 1 with the heart and spade.
const SIX_SUITS = [
  { red: "D", black: "C" },
  { red: "H", black: "S" },
];

/** A six showing |score| pips: red pips for a positive score, black for a negative one. */
export function sixCard(team, score) {
  const colour = score > 0 ? "red" : score < 0 ? "black" : "none";
  const suit = score > 0 ? SIX_SUITS[team].red : SIX_SUITS[team].black;
  const card = document.createElement("div");
  card.className = `six-card ${colour}`;
  card.setAttribute("aria-hidden", "true");  // a picture of the score said beside it
  // For a sighted newcomer who wonders what the card is (on hover).
  card.title = gettext("The score kept with a six, as at a real table: red pips count the points above 0, black pips those below; past 5 either way is a set.");
  card.dataset.pips = String(Math.abs(score));
  card.dataset.colour = colour;
  const corner = document.createElement("span");
  corner.className = "six-corner";
  corner.textContent = "6";
  card.append(corner);
  const pips = document.createElement("div");
  pips.className = "six-pips";
  for (let i = 0; i < 6; i += 1) {
    const pip = document.createElement("span");
    const on = i < Math.abs(score);
    pip.className = on ? "six-pip on" : "six-pip";
    pip.textContent = on ? SUIT_SYMBOL[suit] : "";
    pips.append(pip);
  }
  card.append(pips);
  return card;
}

function teamScore(table, team, score, sets) {
  const box = document.createElement("div");
  box.className = "team-score";
  box.dataset.team = String(team);
  box.dataset.score = String(score);
  const name = document.createElement("div");
  name.className = "team-name";
  name.textContent = teamName(table, team);
  const value = document.createElement("div");
  value.className = "score-value";
  value.textContent = signed(score);
  const [red, black] = sets;
  const tally = document.createElement("div");
  tally.className = "sets";
  tally.dataset.red = String(red);
  tally.dataset.black = String(black);
  const set = (cls, text) => Object.assign(document.createElement("span"), { className: `set ${cls}`, textContent: text });
  tally.append(
    set("red", fmt(ngettext("%(count)s red set", "%(count)s red sets", red), { count: red })),
    " ",
    set("black", fmt(ngettext("%(count)s black set", "%(count)s black sets", black), { count: black })),
  );
  box.append(sixCard(team, score), name, value, tally);
  return box;
}

export function drawScore(root, state) {
  const { view, table } = state;
  const score = view?.score || [0, 0];
  const sets = view?.sets || [[0, 0], [0, 0]];
  root.querySelector("#score").replaceChildren(
    teamScore(table, 0, score[0], sets[0]),
    teamScore(table, 1, score[1], sets[1]),
  );
  drawScoreMini(root.querySelector("#score-mini"), table, score, sets);
}

/** The phone's one-tap button: both scores, a player's own team first and named "We", each
 * team's sets beside its score as a red and a black count. */
export function drawScoreMini(mini, table, score, sets) {
  const you = table?.you?.seat;
  const order = you == null ? [0, 1] : [you % 2, 1 - (you % 2)];
  const chip = (colour, count) => Object.assign(document.createElement("span"), {
    className: `mini-sets ${colour}`,
    textContent: String(count),
  });
  const side = (team, label) => {
    const el = Object.assign(document.createElement("span"), { className: "mini-team" });
    el.dataset.team = String(team);
    if (label) el.append(Object.assign(document.createElement("span"), { className: "mini-label", textContent: label }), " ");
    el.append(Object.assign(document.createElement("span"), { className: "mini-score", textContent: signed(score[team]) }));
    const [red, black] = sets[team];
    if (red) el.append(chip("red", red));
    if (black) el.append(chip("black", black));
    return el;
  };
  const [first, second] = order;
  mini.replaceChildren(
    side(first, you == null ? "" : gettext("We")),
    "\u2009:\u2009", // thin spaces: the bar is narrow on a phone
    side(second, ""),
  );
  const said = (team) => fmt(gettext("%(team)s %(score)s (%(red)s, %(black)s)"), {
    team: teamName(table, team),
    score: signed(score[team]),
    red: fmt(ngettext("%(count)s red set", "%(count)s red sets", sets[team][0]), { count: sets[team][0] }),
    black: fmt(ngettext("%(count)s black set", "%(count)s black sets", sets[team][1]), { count: sets[team][1] }),
  });
  mini.setAttribute("aria-label", fmt(gettext("Score: %(first)s; %(second)s"), { first: said(first), second: said(second) }));
  mini.dataset.order = order.join(" ");
}

function row(list, term, value, key) {
  const dt = document.createElement("dt");
  dt.textContent = term;
  const dd = document.createElement("dd");
  dd.append(suitedText(value));
  dd.dataset.key = key;
  list.append(dt, dd);
}

/** Bid, target, stake, trump, and each team's card points and tricks this round. */
export function drawRoundInfo(root, state) {
  const { view, table } = state;
  const list = root.querySelector("#round-info");
  list.replaceChildren();
  if (!view) return;
  // Between deals the view's dealer is the next deal's: this panel is about the deal just ended.
  const ended = view.phase === "deal" ? view.last_round : null;
  root.querySelector("#round-heading").textContent = ended ? gettext("Last deal") : gettext("This deal");
  const dealer = ended ? ended.dealer : view.dealer;
  if (view.round_no) {
    row(list, gettext("Deal"), fmt(gettext("#%(number)s, dealt by %(dealer)s"), { number: view.round_no, dealer: seatName(table, dealer) }), "deal");
  }
  if (ended) {
    drawEndedInfo(list, table, ended);
    return;
  }
  const stake = view.stake != null ? fmt(gettext(", stake %(stake)s"), { stake: view.stake }) : "";
  if (view.single_hand != null) {
    row(list, gettext("Single Hand"), `${seatName(table, view.single_hand)}${stake}`, "single-hand");
  } else if (view.bid) {
    const target = view.target != null && view.target !== view.bid.value ? fmt(gettext(", target %(target)s"), { target: view.target }) : "";
    row(list, gettext("Bid"), `${seatName(table, view.bid.seat)} ${view.bid.value}${target}${stake}`, "bid");
  }
  if (view.single_hand == null && (view.trump_method || view.trump_shown)) {
    const trump = view.trump ? `${SUIT_SYMBOL[view.trump]} ${SUIT_NAME[view.trump]}` : gettext("hidden");
    row(list, gettext("Trump"), view.trump_shown ? trump : fmt(gettext("%(trump)s, not shown yet"), { trump }), "trump");
  }
  teamRows(list, table, view.points || [0, 0], view.tricks || [0, 0]);
}

function teamRows(list, table, points, tricks) {
  for (const team of [0, 1]) {
    const took = fmt(gettext("%(points)s, %(tricks)s"), {
      points: fmt(ngettext("%(count)s pt", "%(count)s pts", points[team]), { count: points[team] }),
      tricks: fmt(ngettext("%(count)s trick", "%(count)s tricks", tricks[team]), { count: tricks[team] }),
    });
    row(list, teamName(table, team), took, `points-${team}`);
  }
}

/** The deal just ended: its contract, what each team took (if any trick was played), the result. */
function drawEndedInfo(list, table, result) {
  const contract = contractText(table, result);
  if (contract) row(list, gettext("Contract"), contract, "contract");
  if (result.trump) row(list, gettext("Trump"), suitOfTrump(result), "trump");
  if (result.points && result.tricks) teamRows(list, table, result.points, result.tricks);
  row(list, gettext("Result"), resultHeadline(table, result), "result");
}

// Plain words for the table: names of seats and teams, the log's sentences, the round result.

import { SUIT_NAME, cardText } from "./cards.js";

/** A seat's shown name ("Seat 2" while empty). */
export function seatName(table, seat) {
  const player = (table?.players || []).find((p) => p.seat === seat);
  return player?.name || `Seat ${seat + 1}`;
}

/** A team named by its players: team 0 = seats 0 and 2, team 1 = seats 1 and 3. */
export function teamName(table, team) {
  return `${seatName(table, team)} & ${seatName(table, team + 2)}`;
}

export const signed = (n) => (n > 0 ? `+${n}` : String(n));

/** A message as one sentence: a capital first letter and exactly one full stop at the end. */
export function sentence(text) {
  const words = String(text || "").trim().replace(/[.\s]+$/, "");
  if (!words) return "";
  const capital = words[0].toUpperCase() + words.slice(1);
  return /[!?…]$/.test(capital) ? capital : `${capital}.`;
}

/** A message as a clause inside a line: no full stop at its end. */
export function clause(text) {
  return String(text || "").trim().replace(/[.\s]+$/, "");
}

const lowerFirst = (text) => text.charAt(0).toLowerCase() + text.slice(1);

/** "Team Asha & Chitra made 17 of 16: +1", or why a deal was annulled. */
export function roundResultText(table, result) {
  if (!result) return "";
  if (result.annulled) {
    return `Deal annulled: ${sentence(result.reason_text || "no score")} ${seatName(table, result.dealer)} deals again.`;
  }
  const team = `Team ${teamName(table, result.team)}`;
  const points = result.points ? result.points[result.team] : 0;
  if (result.kind === "single_hand") {
    const caller = seatName(table, result.bidder);
    const tricks = result.tricks ? result.tricks[result.team] : 0;
    return result.made
      ? `${caller}'s Single Hand took all 8 tricks: ${team} ${signed(result.delta)}`
      : `${caller}'s Single Hand lost a trick after ${tricks} won: ${team} ${signed(result.delta)}`;
  }
  const verb = result.made ? "made" : "fell short with";
  const bonus = result.bonus ? (result.made ? " (all 8 tricks: bonus)" : " (no trick: penalty)") : "";
  const played = result.tricks ? result.tricks[0] + result.tricks[1] : 8;
  const early = result.ended_early ? ` (decided after ${played} tricks)` : "";
  return `${team} ${verb} ${points} of ${result.target}${bonus}${early}: ${signed(result.delta)}`;
}

const STAKE_CALL = { double: "doubles", redouble: "redoubles", set_double: "calls SetDouble" };
const QUESTION = {
  double: "Double",
  redouble: "Redouble",
  set_double: "SetDouble",
  single_hand: "Single Hand",
};
const RESET_WHAT = {
  score: "the score",
  round: "the round",
  deck: "the deck",
  all: "everything (score, round and deck)",
};

/** The log line for one event, given the state it arrived with (for the bidder's seat). */
export function eventText(table, event, view) {
  const name = (seat) => seatName(table, seat);
  switch (event.type) {
    case "deal":
      return event.packet === 2
        ? `${name(event.dealer)} deals the other four cards each`
        : `${name(event.dealer)} deals four cards each`;
    case "bid":
      return event.match ? `${name(event.seat)} matches ${event.value}` : `${name(event.seat)} bids ${event.value}`;
    case "pass":
      return QUESTION[event.question]
        ? `${name(event.seat)} passes (no ${QUESTION[event.question]})`
        : `${name(event.seat)} passes`;
    case "trump_set":
      return event.method === "seventh_card"
        ? `${name(event.seat)} sets trump by the 7th card, face down: if trump is never shown, the deal is annulled`
        : `${name(event.seat)} sets trump, face down: if trump is never shown, the deal is annulled`;
    case "double":
    case "redouble":
    case "set_double":
      return `${name(event.seat)} ${STAKE_CALL[event.type]}`;
    case "single_hand":
      return `${name(event.seat)} calls Single Hand`;
    case "trump_shown": {
      const bidder = view?.bid?.seat;
      const suit = SUIT_NAME[event.suit] || event.suit;
      const card = event.card ? ` (7th card ${cardText(event.card)})` : "";
      return event.seat === bidder
        ? `${name(event.seat)} shows trump: ${suit}${card}`
        : `${name(event.seat)} asks to see trump: ${suit}${card}`;
    }
    case "marriage":
      return `${name(event.seat)} has the marriage in ${SUIT_NAME[event.suit] || event.suit}: target now ${event.target}`;
    case "play":
      return `${name(event.seat)} plays ${cardText(event.card)}`;
    case "trick":
      return `${name(event.winner)} wins the trick (${event.points} point${event.points === 1 ? "" : "s"})`;
    case "round_end":
      return roundResultText(table, event.last_round || event);
    case "annulled":
      return `Deal annulled, no score: ${lowerFirst(clause(event.reason_text || event.reason))}`;
    case "reset":
      return `The host reset ${RESET_WHAT[event.what] || event.what}`;
    case "handover":
      if (event.to === "player") return `${event.player} takes seat ${event.seat + 1} back from ${event.name}`;
      return event.player
        ? `The host hands ${event.player}'s seat to ${event.name} (computer, ${event.level})`
        : `${event.name} (computer, ${event.level}) takes seat ${event.seat + 1}`;
    default:
      return event.type.replaceAll("_", " ");
  }
}

/** The label of a control for one legal action. */
export function actionLabel(action, view) {
  switch (action.type) {
    case "bid":
      return view?.bid && view.bid.value === action.value ? `Match ${action.value}` : String(action.value);
    case "pass":
      return "Pass";
    case "trump":
      return `${SUIT_NAME[action.suit]}`;
    case "seventh_card":
      return "7th card";
    case "double":
      return "Double";
    case "redouble":
      return "Redouble";
    case "set_double":
      return "SetDouble";
    case "single_hand":
      return "Single Hand";
    case "show_trump":
      return "Show trump";
    case "marriage":
      return "Declare marriage";
    default:
      return action.type.replaceAll("_", " ");
  }
}

const PHASE_TASK = {
  bidding: "bid or pass",
  trump: "choose trump",
  doubling: "raise the stake or pass",
  seventh_card: "Redouble or pass, having seen the 7th card",
  single_hand: "call Single Hand or pass",
  single_hand_doubling: "raise the Single Hand's stake or pass",
  play: "play a card",
};

/** The status line: whose turn it is and what they decide ({text, mine, task}). */
export function statusText(table, view, you, legal = []) {
  if (!view) return { text: "", mine: false, task: "" };
  const turn = view.turn || [];
  let task = PHASE_TASK[view.phase];
  if (!task) return { text: "", mine: false, task: "" };
  if (you != null && turn.includes(you)) {
    const calls = legal.filter((a) => a.type !== "bid" && a.type !== "play");
    const canPlay = legal.some((a) => a.type === "play");
    if (calls.length && view.phase !== "bidding" && view.phase !== "trump") {
      const named = calls.map((a) => (a.type === "pass" ? "pass" : actionLabel(a, view)));
      task = canPlay ? `play a card or ${named.join(" or ")}` : named.join(" or ");
    }
    const partner = turn.filter((s) => s !== you);
    const text = partner.length
      ? `You or ${seatName(table, partner[0])}: ${task}`
      : `Your turn: ${task}`;
    return { text, mine: true, task };
  }
  const names = turn.map((s) => seatName(table, s));
  if (!names.length) return { text: "", mine: false, task };
  return { text: `${names.join(" or ")} to ${task}`, mine: false, task };
}

// -- the coach: hints and the analysis of a finished deal ---------------------------------

export const COACH = {
  hint: "Hint",
  hintTitle: "What would the strong computer player do? Everyone's log will say you asked.",
  thinking: "Thinking…",
  analysing: "Analysing…",
  analysisTitle: "Analysis",
  analysisFailed: "The analysis of this deal failed.",
  noAnalysis: "No analysis for this deal (only deals played to a score made here are analysed).",
  turning: "Turning point",
  agreed: "The strong player agrees.",
  noneShown: "Every decision here matched the strong player's choice or had no choice.",
};

/** An action as words inside a sentence: "play the A♠", "bid 17", "pass", "hearts as trump". */
export function actionWords(action) {
  switch (action.type) {
    case "play":
      return `play the ${cardText(action.card)}`;
    case "bid":
      return `bid ${action.value}`;
    case "trump":
      return `${SUIT_NAME[action.suit]} as trump`;
    case "pass":
      return "pass";
    default:
      return actionLabel(action, null);
  }
}

/** What the strong player would do, as a line: "Hint: play the A♠ — draws trump." */
export function hintLine(action, view, reason) {
  if (!action) return "Hint: declare your marriage.";
  const what = actionWords(action);
  return reason ? `Hint: ${what} — ${reason}.` : `Hint: ${what}.`;
}

/** The log line of a hint asked for. */
export function hintAskedLine(name) {
  return `${name} asked for a hint`;
}

/** One decision of the analysis in words. */
export function analysisLine(table, item) {
  const who = seatName(table, item.seat);
  const act = (a) => (a.type === "play" ? cardText(a.card) : actionWords(a));
  const where = item.trick ? `Trick ${item.trick}` : "Calls";
  let text = `${where}: ${who} chose ${act(item.played)}`;
  if (!item.same) text += `; the strong player would ${item.suggested.type === "play" ? "play " : ""}${act(item.suggested)}`;
  const e = item.expected;
  if (e && !item.same) {
    const gain = e.suggested - e.played;
    text += ` (expected ${gain >= 0 ? "+" : ""}${gain.toFixed(2)} game points;`
      + ` contract made in ${Math.round(100 * e.made_played)}% of sampled deals,`
      + ` ${Math.round(100 * e.made_suggested)}% with its choice)`;
  }
  const x = item.exact;
  if (x && (x.cost[0] > 0 || x.cost[1] > 0)) {
    const best = x.best_moves.map((c) => (c === "show_trump" ? "show trump" : cardText(c))).join(", ");
    text += `. With every hand known it cost ${x.cost[0]} game point${x.cost[0] === 1 ? "" : "s"}`
      + ` and ${x.cost[1]} card point${x.cost[1] === 1 ? "" : "s"} (best: ${best})`;
  }
  return `${text}.`;
}

// Plain words for the table: names of seats and teams, the log's sentences, the round result.
// Every sentence is one translatable string with named placeholders (../i18n.js).

import { fmt, gettext, ngettext, orList, pgettext } from "../i18n.js";
import { signed } from "../numbers.js";
import { SUIT_NAME, cardName, cardText } from "./cards.js";

/** A seat's shown name ("Seat 2" while empty). */
export function seatName(table, seat) {
  const player = (table?.players || []).find((p) => p.seat === seat);
  return player?.name || fmt(gettext("Seat %(number)s"), { number: seat + 1 });
}

/** A team named by its players: team 0 = seats 0 and 2, team 1 = seats 1 and 3. */
export function teamName(table, team) {
  return fmt(gettext("%(first)s & %(second)s"), { first: seatName(table, team), second: seatName(table, team + 2) });
}

/** A score change or score with its sign, written with a true minus sign: "+1", "0", "−2". */
export { signed };

// The site's languages whose sentences end in a danda ("।").
const DANDA_LANGUAGES = ["bn", "hi", "ne"];

/** A message as one sentence: a capital first letter and exactly one full stop at the end
 * (a danda "।" in Bengali, Hindi and Nepali). */
export function sentence(text) {
  const words = String(text || "").trim().replace(/[.\s]+$/, "");
  if (!words) return "";
  const capital = words[0].toUpperCase() + words.slice(1);
  if (/[!?…।]$/.test(capital)) return capital;
  // The page's language decides (a Bengali line may end in a bracket or a card, an English
  // one in a name written in Devanagari); without one, the script of the last letter.
  const lang = (globalThis.document?.documentElement?.lang || "").slice(0, 2);
  const danda = lang ? DANDA_LANGUAGES.includes(lang) : /[\u0900-\u09FF]$/.test(capital);
  return danda ? `${capital}।` : `${capital}.`;
}

const lowerFirst = (text) => text.charAt(0).toLowerCase() + text.slice(1);

/** A sentence of the engine the socket sends in English (why a deal was annulled) in the
 * reader's language: the page's catalogue holds the engine's sentences too (learn/catalogue.py). */
export const reasonWords = (text) => gettext(String(text || ""));

/** A message as a clause inside a line: no full stop at its end. */
export function clause(text) {
  return String(text || "").trim().replace(/[.।\s]+$/, "");
}

/** "Team Asha & Chitra made 17 of 16: +1", or why a deal was annulled. */
export function roundResultText(table, result) {
  if (!result) return "";
  if (result.annulled) {
    return fmt(gettext("Deal annulled: %(reason)s %(dealer)s deals again."), {
      reason: sentence(reasonWords(result.reason_text) || gettext("no score")),
      dealer: seatName(table, result.dealer),
    });
  }
  const team = teamName(table, result.team);
  const delta = signed(result.delta);
  const points = result.points ? result.points[result.team] : 0;
  if (result.kind === "single_hand") {
    const caller = seatName(table, result.bidder);
    const tricks = result.tricks ? result.tricks[result.team] : 0;
    return result.made
      ? fmt(gettext("%(caller)s's Single Hand took all 8 tricks: team %(team)s %(delta)s"), { caller, team, delta })
      : fmt(ngettext(
        "%(caller)s's Single Hand lost a trick after winning %(tricks)s: team %(team)s %(delta)s",
        "%(caller)s's Single Hand lost a trick after winning %(tricks)s: team %(team)s %(delta)s",
        tricks,
      ), { caller, tricks, team, delta });
  }
  const values = { team, points, target: result.target, delta };
  let text = result.made
    ? fmt(gettext("Team %(team)s made %(points)s of %(target)s"), values)
    : fmt(gettext("Team %(team)s fell short with %(points)s of %(target)s"), values);
  if (result.bonus) text += " " + (result.made ? gettext("(all 8 tricks: bonus)") : gettext("(no trick: penalty)"));
  if (result.ended_early) {
    const played = result.tricks ? result.tricks[0] + result.tricks[1] : 8;
    text += " " + fmt(ngettext("(decided after %(count)s trick)", "(decided after %(count)s tricks)", played), { count: played });
  }
  return `${text}: ${delta}`;
}

/** The name of a call, as on its button. */
export function callName(type) {
  return {
    double: gettext("Double"),
    redouble: gettext("Redouble"),
    set_double: gettext("SetDouble"),
    single_hand: gettext("Single Hand"),
  }[type];
}

const resetWhat = (what) => ({
  score: gettext("The host reset the score"),
  round: gettext("The host abandoned this deal: the same dealer deals again"),
  deck: gettext("The host reset the deck: a fresh shuffle from the next deal"),
  all: gettext("The host reset the score, the deal and the deck"),
}[what] || what);

/** The events of one change a page tells, each once: the three resets of the host's "Reset
 * all" (each marked `all`) are told as one. */
export function toldEvents(events) {
  const first = events.find((e) => e.type === "reset" && e.all);
  return events.filter((e) => !(e.type === "reset" && e.all) || e === first);
}

/** A change's events as the log tells them: the server's note that it passed a routine question
 * for a person (auto_pass) and that pass become one line ("Asha: no Double (automatic)"). */
export function logEvents(events) {
  const told = [];
  const handedOver = events.some((e) => e.type === "handover");
  for (const event of events) {
    if (event.type === "seated" && handedOver) continue; // the handover's line says it
    const before = told.at(-1);
    if (event.type === "pass" && before?.type === "auto_pass" && before.seat === event.seat) {
      told[told.length - 1] = { ...event, automatic: true };
    } else {
      told.push(event);
    }
  }
  return told;
}

/** The log line for one event, given the state it arrived with (for the bidder's seat). */
export function eventText(table, event, view) {
  const name = seatName(table, event.seat);
  switch (event.type) {
    case "deal":
      return event.packet === 2
        ? fmt(gettext("%(dealer)s deals the other four cards each"), { dealer: seatName(table, event.dealer) })
        : fmt(gettext("%(dealer)s deals four cards each"), { dealer: seatName(table, event.dealer) });
    case "bid":
      return event.match
        ? fmt(gettext("%(name)s matches %(value)s"), { name, value: event.value })
        : fmt(gettext("%(name)s bids %(value)s"), { name, value: event.value });
    case "pass":
      if (event.automatic && callName(event.question)) {
        return fmt(gettext("%(name)s: no %(call)s (automatic)"), { name, call: callName(event.question) });
      }
      return callName(event.question)
        ? fmt(gettext("%(name)s passes (no %(call)s)"), { name, call: callName(event.question) })
        : fmt(gettext("%(name)s passes"), { name });
    case "trump_set":
      return event.method === "seventh_card"
        ? fmt(gettext("%(name)s sets trump by the 7th card, face down: if trump is never shown, the deal is annulled"), { name })
        : fmt(gettext("%(name)s sets trump, face down: if trump is never shown, the deal is annulled"), { name });
    case "double":
      return fmt(gettext("%(name)s doubles"), { name });
    case "redouble":
      return fmt(gettext("%(name)s redoubles"), { name });
    case "set_double":
      return fmt(gettext("%(name)s calls SetDouble"), { name });
    case "single_hand":
      return fmt(gettext("%(name)s calls Single Hand"), { name });
    case "trump_shown": {
      const values = { name, suit: SUIT_NAME[event.suit] || event.suit, card: event.card ? cardText(event.card) : "" };
      if (event.seat === view?.bid?.seat) {
        return event.card
          ? fmt(gettext("%(name)s shows trump: %(suit)s (7th card %(card)s)"), values)
          : fmt(gettext("%(name)s shows trump: %(suit)s"), values);
      }
      return event.card
        ? fmt(gettext("%(name)s asks for trump: %(suit)s (7th card %(card)s)"), values)
        : fmt(gettext("%(name)s asks for trump: %(suit)s"), values);
    }
    case "marriage":
      return fmt(gettext("%(name)s has the marriage in %(suit)s: target now %(target)s"), {
        name,
        suit: SUIT_NAME[event.suit] || event.suit,
        target: event.target,
      });
    case "play":
      return fmt(gettext("%(name)s plays %(card)s"), { name, card: cardText(event.card) });
    case "trick":
      return fmt(ngettext("%(name)s wins the trick (%(points)s point)", "%(name)s wins the trick (%(points)s points)", event.points), {
        name: seatName(table, event.winner),
        points: event.points,
      });
    case "round_end":
      return roundResultText(table, event.last_round || event);
    case "annulled":
      return fmt(gettext("Deal annulled, no score: %(reason)s"), {
        reason: lowerFirst(clause(reasonWords(event.reason_text) || event.reason)),
      });
    case "reset":
      return resetWhat(event.all ? "all" : event.what);
    case "handover":
      return handoverText(event);
    case "seated":
      return seatedText(event);
    case "auto_pass":
      return fmt(gettext("%(name)s passes (automatic)"), { name });
    case "timeout":
      return fmt(gettext("Time ran out for %(player)s: the computer player %(computer)s made this decision"), { computer: event.name, player: event.player });
    case "match_end": {
      const won = event.sets_won[event.winner];
      return fmt(ngettext(
        "%(team)s win the match, %(won)s set to %(lost)s",
        "%(team)s win the match, %(won)s sets to %(lost)s", won),
      { team: teamName(table, event.winner), won, lost: event.sets_won[1 - event.winner] });
    }
    case "rematch":
      return fmt(gettext("The host starts a rematch (match %(number)s): both scores back to 0"), { number: event.number });
    default:
      return event.type.replaceAll("_", " ");
  }
}

/** A computer player's level in words. */
export function levelName(level) {
  return { strong: gettext("strong"), easy: gettext("easy") }[level] || level;
}

/** Whether a Show trump action of `you` asks for the opponents' trump (not your own). */
export function asksForTrump(view, you) {
  return view?.bid?.seat !== you;
}

/** A seat handed to a computer player or back: by the host, or by the server (``why``). */
function handoverText(event) {
  const values = { player: event.player, seat: event.seat + 1, computer: event.name, level: levelName(event.level) };
  if (event.to === "player") {
    return event.why === "back"
      ? fmt(gettext("%(player)s is back and takes seat %(seat)s from %(computer)s"), values)
      : fmt(gettext("%(player)s takes seat %(seat)s back from %(computer)s"), values);
  }
  if (event.why === "timeout") {
    return fmt(gettext("%(player)s's time ran out twice in a row: %(computer)s (computer, %(level)s) plays the seat until they are back"), values);
  }
  if (event.why === "away") {
    return fmt(gettext("%(player)s is away on their turn: %(computer)s (computer, %(level)s) plays the seat until they are back"), values);
  }
  return event.player
    ? fmt(gettext("The host hands %(player)s's seat to %(computer)s (computer, %(level)s)"), values)
    : fmt(gettext("%(computer)s (computer, %(level)s) takes seat %(seat)s"), values);
}

/** A seat's holder changed: someone took it by the invite link, a guest was removed, the host
 * reseated it. */
function seatedText(event) {
  const values = { name: event.name, was: event.was, seat: event.seat + 1 };
  if (!event.name) return fmt(gettext("%(was)s leaves seat %(seat)s"), values);
  return event.was
    ? fmt(gettext("%(name)s takes seat %(seat)s from %(was)s"), values)
    : fmt(gettext("%(name)s takes seat %(seat)s"), values);
}

/** The table as it was after each change of `history` ([version, events] pairs, oldest
 * first), for naming their lines: the seats' holders of `table` (today's), with the
 * `seated` events of the later changes undone. */
export function tablesAsTheyWere(history, table) {
  let players = table?.players || [];
  const tables = [];
  for (let i = history.length - 1; i >= 0; i -= 1) {
    tables[i] = { ...table, players };
    players = undoSeated(players, history[i][1]);
  }
  return tables;
}

/** The same for one list of events (a deal's, oldest first): each event to the table as it
 * was when it happened, `table` holding the seats' holders after the last one. */
export function tablesByEvent(events, table) {
  let players = table?.players || [];
  const tables = new Map();
  for (let i = events.length - 1; i >= 0; i -= 1) {
    tables.set(events[i], { ...table, players });
    players = undoSeated(players, [events[i]]);
  }
  return tables;
}

/** The seats' holders before these events' `seated` changes. */
function undoSeated(players, events) {
  const undone = events.filter((e) => e.type === "seated");
  if (!undone.length) return players;
  return players.map((p) => {
    const change = undone.find((e) => e.seat === p.seat);
    return change ? { ...p, name: change.was, computer: change.was_computer || null } : p;
  });
}

const setsText = (won, lost) => fmt(ngettext("%(won)s set to %(lost)s", "%(won)s sets to %(lost)s", won), { won, lost });

/** The turn timer's words: a seat's badge, and the line under your own turn. */
export const TIMER_WORDS = {
  badge: (seconds) => fmt(gettext("%(seconds)s s"), { seconds }),
  badgeTitle: (seconds) => fmt(ngettext("%(seconds)s second left to decide", "%(seconds)s seconds left to decide", seconds), { seconds }),
  yours: (seconds) => fmt(gettext("%(seconds)s s left — then the computer decides for you"), { seconds }),
};

/** The note of a person whose seat the server handed to a computer player. */
export const BACK_WORDS = {
  note: (bot) => fmt(gettext("%(computer)s is playing your seat: your time ran out or you were away."), { computer: bot }),
  button: gettext("I'm back"),
};

/** What is said as a card is raised by a first tap or played for you, and while the server
 * passes a routine question for you. */
export const PLAY_WORDS = {
  lifted: (card) => fmt(gettext("%(card)s raised: tap it again to play it."), { card }),
  only: (card) => fmt(gettext("%(card)s is your only legal card: it is played for you."), { card }),
  passing: gettext("Passing for you: you skip routine questions"),
};

/** The winner's banner, the score panel's match line and the rematch. */
export const MATCH_WORDS = {
  title: (number) => fmt(gettext("Match %(number)s over"), { number }),
  winners: (team) => fmt(gettext("%(team)s win the match!"), { team }),
  sets: setsText,
  finalScore: (winners, won, losers, lost) => fmt(gettext("Final score: %(winners)s %(won)s, %(losers)s %(lost)s"), {
    winners, won: signed(won), losers, lost: signed(lost),
  }),
  lastDeal: (result) => fmt(gettext("The deciding deal: %(result)s"), { result }),
  deals: gettext("Every deal of this game"),
  rematch: gettext("Rematch"),
  waitHost: gettext("Waiting for the host to start a rematch."),
  playTo: (sets) => fmt(ngettext("First to win %(sets)s set", "First to win %(sets)s sets", sets), { sets }),
  setsWon: (a, b) => fmt(gettext("sets won %(us)s : %(them)s"), { us: a, them: b }),
  wonBy: (team, won, lost) => fmt(ngettext(
    "%(team)s won the match, %(won)s set to %(lost)s.",
    "%(team)s won the match, %(won)s sets to %(lost)s.", won), { team, won, lost }),
  ended: gettext("match won"),
};

/** The label of a control for one legal action. */
export function actionLabel(action, view, you) {
  switch (action.type) {
    case "bid":
      return view?.bid && view.bid.value === action.value
        ? fmt(gettext("Match %(value)s"), { value: action.value })
        : String(action.value);
    case "pass":
      return gettext("Pass");
    case "trump":
      return SUIT_NAME[action.suit];
    case "seventh_card":
      return gettext("7th card");
    case "double":
    case "redouble":
    case "set_double":
    case "single_hand":
      return callName(action.type);
    case "show_trump":
      return asksForTrump(view, you) ? gettext("Ask for trump") : gettext("Show trump");
    case "marriage":
      return gettext("Declare marriage");
    default:
      return action.type.replaceAll("_", " ");
  }
}

/** What a player in this phase decides, as the end of "Your turn: …". */
function phaseTask(phase) {
  return {
    bidding: gettext("bid or pass"),
    trump: gettext("choose trump"),
    doubling: gettext("raise the stake or pass"),
    seventh_card: gettext("Redouble or pass, having seen the 7th card"),
    single_hand: gettext("call Single Hand or pass"),
    single_hand_doubling: gettext("raise the Single Hand's stake or pass"),
    play: gettext("play a card"),
  }[phase];
}

/** An action named inside the status line. */
function taskName(action, view, you) {
  if (action.type === "pass") return gettext("pass");
  if (action.type === "show_trump") return asksForTrump(view, you) ? gettext("ask for trump") : gettext("show trump");
  return actionLabel(action, view, you);
}

/** The status line: whose turn it is and what they decide ({text, mine, task}). */
export function statusText(table, view, you, legal = []) {
  if (!view) return { text: "", mine: false, task: "" };
  const turn = view.turn || [];
  let task = phaseTask(view.phase);
  if (!task) return { text: "", mine: false, task: "" };
  if (you != null && turn.includes(you)) {
    const calls = legal.filter((a) => a.type !== "bid" && a.type !== "play");
    const canPlay = legal.some((a) => a.type === "play");
    if (calls.length && view.phase !== "bidding" && view.phase !== "trump") {
      const named = calls.map((a) => taskName(a, view, you));
      task = orList(canPlay ? [gettext("play a card"), ...named] : named);
    }
    const partner = turn.filter((s) => s !== you);
    const text = partner.length
      ? fmt(gettext("You or %(partner)s: %(task)s"), { partner: seatName(table, partner[0]), task })
      : fmt(gettext("Your turn: %(task)s"), { task });
    return { text, mine: true, task };
  }
  const names = turn.map((s) => seatName(table, s));
  if (!names.length) return { text: "", mine: false, task };
  return { text: fmt(gettext("%(names)s to %(task)s"), { names: orList(names), task }), mine: false, task };
}

// -- the coach: hints and the analysis of a finished deal ---------------------------------

export const COACH = {
  hint: gettext("Hint"),
  hintTitle: gettext("What would the strong computer player do? Everyone's log will say you asked."),
  thinking: gettext("Thinking…"),
  analysing: gettext("Analysing…"),
  analysisTitle: gettext("Analysis"),
  analysisFailed: gettext("The analysis of this deal failed."),
  analysisOff: gettext("This server does not analyse deals."),
  noAnalysis: gettext("No analysis for this deal (only deals played to a score made here are analysed)."),
  turning: gettext("Turning point"),
  agreed: gettext("The strong player agrees."),
  noneShown: gettext("Every decision here matched the strong player's choice or had no choice."),
  legend: gettext("How to read this: each choice is set beside the strong computer player's, judged from what that player knew at the time. The expected game points and the share of contracts made are averaged over sampled deals that fit what they had seen, not over the real hands, so a choice can look safe and still lose."),
};

/** An action as words inside a sentence: "play the A♠", "bid 17", "pass", "hearts as trump". */
export function actionWords(action) {
  switch (action.type) {
    case "play":
      return fmt(gettext("play the %(card)s"), { card: cardText(action.card) });
    case "bid":
      return fmt(gettext("bid %(value)s"), { value: action.value });
    case "trump":
      return fmt(gettext("%(suit)s as trump"), { suit: SUIT_NAME[action.suit] });
    case "pass":
      return gettext("pass");
    case "show_trump":
      return gettext("show trump");
    case "marriage":
      return gettext("declare the marriage");
    case "seventh_card":
      return gettext("choose the 7th card as trump");
    case "double":
    case "redouble":
    case "set_double":
    case "single_hand":
      return fmt(gettext("call %(call)s"), { call: callName(action.type) });
    default:
      return actionLabel(action, null);
  }
}

/** An action as what someone would do: "play the A♠", "bid 17", "choose hearts as trump". */
export function actionVerb(action) {
  return action.type === "trump"
    ? fmt(gettext("choose %(suit)s as trump"), { suit: SUIT_NAME[action.suit] })
    : actionWords(action);
}

/** What the strong player would do, as a line: "Hint: play the A♠ — draws trump." (``you``:
 * the seat asking, which asks for the opponents' trump or shows its own.) */
export function hintLine(action, view, reason, you) {
  if (!action) return gettext("Hint: declare your marriage.");
  // The card in words ("play the 9 of clubs"): the hinted card is described by this line.
  // A call equal to the one standing matches it, as its button says ("Match 17").
  const matching = action.type === "bid" && view?.bid && view.bid.value === action.value;
  const what = action.type === "play"
    ? fmt(gettext("play the %(card)s"), { card: cardName(action.card) })
    : matching ? fmt(gettext("match %(value)s"), { value: action.value })
      : action.type === "show_trump" ? taskName(action, view, you) : actionVerb(action);
  return reason
    ? fmt(gettext("Hint: %(what)s — %(reason)s."), { what, reason })
    : fmt(gettext("Hint: %(what)s."), { what });
}

/** The log line of a hint asked for. */
export function hintAskedLine(name) {
  return fmt(gettext("%(name)s asked for a hint"), { name });
}

/** One decision of the analysis in words. */
export function analysisLine(table, item) {
  const who = seatName(table, item.seat);
  // What was chosen, as a thing chosen ("pass", not "please pass" as a hint says it).
  // A call equal to the one standing then (``item.high``) matched it.
  const matches = (a) => a.type === "bid" && item.high != null && a.value === item.high;
  const act = (a) => {
    if (a.type === "play") return cardText(a.card);
    if (matches(a)) return fmt(gettext("match %(value)s"), { value: a.value });
    return a.type === "pass" ? pgettext("a call chosen", "pass") : actionWords(a);
  };
  const values = { who, trick: item.trick, played: act(item.played), suggested: act(item.suggested) };
  const would = item.suggested.type === "play" || matches(item.suggested)
    ? values.suggested : actionVerb(item.suggested);
  let text = item.trick
    ? fmt(gettext("Trick %(trick)s: %(who)s chose %(played)s"), values)
    : fmt(gettext("Calls: %(who)s chose %(played)s"), values);
  if (!item.same) {
    text += item.suggested.type === "play"
      ? fmt(gettext("; the analysis would play %(suggested)s"), values)
      : fmt(gettext("; the analysis would %(suggested)s"), { suggested: would });
  }
  // Why the strong player would call otherwise (sent only to the person who called).
  if (item.why_text && !item.same) text += ` — ${item.why_text}`;
  const e = item.expected;
  if (e && !item.same) {
    // Whose points and whose contract: a defender wants that contract to fail.
    const worth = {
      gain: signed(e.suggested - e.played, 2),
      team: teamName(table, item.seat % 2),
      bidder: table?.bidder == null ? "" : seatName(table, table.bidder),
      played: Math.round(100 * e.made_played),
      suggested: Math.round(100 * e.made_suggested),
    };
    text += worth.bidder
      ? fmt(gettext(" (the computer's choice: %(gain)s game points on average for %(team)s; %(bidder)s's contract makes in %(suggested)s%% of the deals it tried with it, %(played)s%% with the choice made)"), worth)
      : fmt(gettext(" (the computer's choice: %(gain)s game points on average; the contract makes in %(suggested)s%% of the deals it tried with it, %(played)s%% with the choice made)"), worth);
  }
  const x = item.exact;
  if (x && (x.cost[0] > 0 || x.cost[1] > 0)) {
    const best = x.best_moves.map((c) => (c === "show_trump" ? gettext("show trump") : cardText(c))).join(", ");
    const game = fmt(ngettext("%(count)s game point", "%(count)s game points", x.cost[0]), { count: x.cost[0] });
    const card = fmt(ngettext("%(count)s card point", "%(count)s card points", x.cost[1]), { count: x.cost[1] });
    text += fmt(gettext(". With every hand known it cost %(game)s and %(card)s (best: %(best)s)"), { game, card, best });
  }
  return sentence(text);  // its full stop in the reader's script ("।" in Bengali and Devanagari)
}

// The round-result panel on the felt: from the end of a deal until the next deal is dealt it
// says what the contract was, what each team took, how the score moved and why, in plain
// words (annulled deals included); during the next auction a short "Last deal" line stays.

import { fmt, gettext, ngettext } from "../i18n.js";
import { SUIT_NAME } from "./cards.js";
import { reasonWords, seatName, sentence, signed, teamName } from "./words.js";

const pointsText = (n) => fmt(ngettext("%(count)s point", "%(count)s points", n), { count: n });
const tricksText = (n) => fmt(ngettext("%(count)s trick", "%(count)s tricks", n), { count: n });

function para(cls, text) {
  return Object.assign(document.createElement("p"), { className: cls, textContent: text });
}

/** "Vikram bid 16, stake 2" or "Dev called Single Hand, stake 6": the contract. */
export function contractText(table, result) {
  if (result.kind === "single_hand") {
    return fmt(gettext("%(name)s called Single Hand, stake %(stake)s"), { name: seatName(table, result.bidder), stake: result.stake });
  }
  if (result.bidder == null || result.bid == null) return "";
  const values = { name: seatName(table, result.bidder), bid: result.bid, stake: result.stake };
  return result.stake > 1
    ? fmt(gettext("%(name)s bid %(bid)s, stake %(stake)s"), values)
    : fmt(gettext("%(name)s bid %(bid)s"), values);
}

/** A deal's trump as the table saw it: "hearts" or "hearts (7th card)" ("" if never shown). */
export function suitOfTrump(result) {
  if (!result.trump) return "";
  const suit = SUIT_NAME[result.trump];
  return result.trump_method === "seventh_card" ? fmt(gettext("%(suit)s (7th card)"), { suit }) : suit;
}

/** The deal's trump line if the table saw it: "Trump: hearts". */
function trumpText(result) {
  return result.trump ? fmt(gettext("Trump: %(suit)s"), { suit: suitOfTrump(result) }) : "";
}

/** "Asha & Chitra made it: +1", "Dev's Single Hand failed: −3", "Deal annulled: no score". */
export function resultHeadline(table, result) {
  if (result.annulled) return gettext("Deal annulled: no score");
  const change = signed(result.delta);
  if (result.kind === "single_hand") {
    const values = { name: seatName(table, result.bidder), change };
    return result.made
      ? fmt(gettext("%(name)s's Single Hand made it: %(change)s"), values)
      : fmt(gettext("%(name)s's Single Hand failed: %(change)s"), values);
  }
  const values = { team: teamName(table, result.team), change };
  return result.made
    ? fmt(gettext("%(team)s made it: %(change)s"), values)
    : fmt(gettext("%(team)s fell short: %(change)s"), values);
}

/** Why the deal ended as it did, in one or two sentences (`lastTrick`: the view's last trick,
 * whose winner took the last trick's extra point where the table plays one). */
export function resultReason(table, result, lastTrick = null) {
  if (result.annulled) return sentence(reasonWords(result.reason_text) || gettext("The deal was annulled"));
  const team = teamName(table, result.team);
  const tricks = result.tricks ? result.tricks[result.team] : 0;
  if (result.kind === "single_hand") {
    const caller = seatName(table, result.bidder);
    return result.made
      ? fmt(gettext("%(name)s took all 8 tricks alone."), { name: caller })
      : fmt(ngettext(
        "%(name)s had to take every trick and lost one after winning %(count)s.",
        "%(name)s had to take every trick and lost one after winning %(count)s.",
        tricks,
      ), { name: caller, count: tricks });
  }
  const points = result.points ? result.points[result.team] : 0;
  const target = result.target ?? result.bid;
  const values = { team, target, points, bid: result.bid, others: teamName(table, 1 - result.team) };
  let why;
  if (result.bid != null && target < result.bid) {
    why = result.made
      ? fmt(gettext("%(team)s needed %(target)s card points (the call of %(bid)s, lowered by their own marriage) and took %(points)s."), values)
      : fmt(gettext("%(team)s needed %(target)s card points (the call of %(bid)s, lowered by their own marriage) but took only %(points)s."), values);
  } else if (result.bid != null && target > result.bid) {
    why = result.made
      ? fmt(gettext("%(team)s needed %(target)s card points (the call of %(bid)s, raised by the marriage of %(others)s) and took %(points)s."), values)
      : fmt(gettext("%(team)s needed %(target)s card points (the call of %(bid)s, raised by the marriage of %(others)s) but took only %(points)s."), values);
  } else {
    why = result.made
      ? fmt(gettext("%(team)s needed %(target)s card points and took %(points)s."), values)
      : fmt(gettext("%(team)s needed %(target)s card points but took only %(points)s."), values);
  }
  if (table.rules?.last_trick_point && !result.ended_early && lastTrick) {
    why += " " + fmt(gettext("The last trick carried 1 extra point (29 in all); %(winners)s won it."), {
      winners: teamName(table, lastTrick.winner % 2),
    });
  }
  if (result.bonus) {
    why += " " + (result.made ? gettext("All 8 tricks: 2 instead of 1.") : gettext("Not one trick: 2 instead of 1."));
  }
  if (result.ended_early) {
    const played = result.tricks ? result.tricks[0] + result.tricks[1] : 8;
    why += " " + fmt(ngettext(
      "Decided after %(count)s trick, so the rest was not played.",
      "Decided after %(count)s tricks, so the rest was not played.",
      played,
    ), { count: played });
  }
  return why;
}

/** One row per team: name, card points, tricks (the bidding team marked). */
function teamRows(table, result) {
  const box = document.createElement("div");
  box.className = "result-teams";
  for (const team of [0, 1]) {
    const name = Object.assign(document.createElement("span"), { textContent: teamName(table, team) });
    if (result.bidder != null && result.bidder % 2 === team) name.className = "bidding-team";
    box.append(
      name,
      Object.assign(document.createElement("span"), { textContent: pointsText(result.points[team]) }),
      Object.assign(document.createElement("span"), { textContent: tricksText(result.tricks[team]) }),
    );
    box.lastElementChild.dataset.key = `tricks-${team}`;
    box.children[box.children.length - 2].dataset.key = `points-${team}`;
  }
  return box;
}

function scoreValues(table, result) {
  const [a, b] = result.score;
  return {
    team: teamName(table, result.team),
    change: signed(result.delta),
    first: teamName(table, 0),
    firstScore: signed(a),
    second: teamName(table, 1),
    secondScore: signed(b),
  };
}

/** The score change, and when it made a set, that 6 of it went into the set (the banner of a
 * match's deciding deal says this much; `scoreLine` adds where the scores stand). */
export function scoreChange(table, result) {
  const values = scoreValues(table, result);
  const parts = [fmt(gettext("Score change: %(team)s %(change)s."), values)];
  const [red, black] = result.new_sets?.[result.team] || [0, 0];
  if (red) {
    parts.push(fmt(ngettext(
      "That passes +5, so %(team)s win a red set: 6 of their score goes into it.",
      "That passes +5, so %(team)s win %(count)s red sets: 6 of their score goes into each.",
      red,
    ), { ...values, count: red }));
  }
  if (black) {
    parts.push(fmt(ngettext(
      "That passes −5, so %(team)s take a black set: 6 of their minus score goes into it.",
      "That passes −5, so %(team)s take %(count)s black sets: 6 of their minus score goes into each.",
      black,
    ), { ...values, count: black }));
  }
  if ((red || black) && table.rules?.reset_after_set) parts.push(gettext("At this table both scores then start again from 0."));
  return parts.join(" ");
}

/** How the score moved: the change, and when it made a set, that 6 of it went into the set
 * (so "−6, now −2" adds up), then both teams' scores by name. */
export function scoreLine(table, result) {
  const values = scoreValues(table, result);
  const [red, black] = result.new_sets?.[result.team] || [0, 0];
  if (!red && !black) {
    return fmt(gettext("Score change: %(team)s %(change)s; now %(first)s %(firstScore)s, %(second)s %(secondScore)s."), values);
  }
  return `${scoreChange(table, result)} ${fmt(gettext("Now %(first)s %(firstScore)s, %(second)s %(secondScore)s."), values)}`;
}

/**
 * Draw the panel into `box` for `result` (a view's last_round). `full` while no deal is in
 * progress (with a button for `lastTrick`, the view's last trick, if any); otherwise (the next
 * auction) only the headline stays, marked "Last deal".
 */
export function drawResult(box, table, result, roundNo, full, lastTrick = null) {
  box.dataset.annulled = String(Boolean(result.annulled));
  box.dataset.made = String(Boolean(result.made));
  box.classList.toggle("earlier", !full);
  const dealer = seatName(table, result.dealer);
  const title = full ? fmt(gettext("Deal %(number)s · dealt by %(dealer)s"), { number: roundNo, dealer }) : gettext("Last deal");
  const headline = resultHeadline(table, result);
  const parts = [para("result-title", title), para("result-headline", headline)];
  if (!full) {
    if (result.annulled) parts.push(para("result-why", resultReason(table, result)));
    box.replaceChildren(...parts);
    return;
  }
  const contract = contractText(table, result);
  if (contract) parts.push(para("result-contract", contract));
  const trump = trumpText(result);
  if (trump) parts.push(para("result-trump", trump));
  if (result.points && result.tricks) parts.push(teamRows(table, result));
  parts.push(para("result-why", resultReason(table, result, lastTrick)));
  if (!result.annulled) parts.push(para("result-score", scoreLine(table, result)));
  if (lastTrick) {
    // The last trick stays one tap away from the felt (on a phone the side panel is closed).
    parts.push(Object.assign(document.createElement("button"), {
      type: "button",
      className: "button small show-last-trick",
      textContent: gettext("Show the last trick"),
    }));
  }
  const next = para("countdown", "");
  next.id = "countdown";
  parts.push(next);
  box.replaceChildren(...parts);
}

// The round-result panel on the felt: from the end of a deal until the next deal is dealt it
// says what the contract was, what each team took, how the score moved and why, in plain
// words (annulled deals included); during the next auction a short "Last deal" line stays.

import { seatName, sentence, signed, teamName } from "./words.js";

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

function para(cls, text) {
  return Object.assign(document.createElement("p"), { className: cls, textContent: text });
}

/** "Vikram bid 16, stake 2 (doubled)" or "Dev called Single Hand, stake 6": the contract. */
export function contractText(table, result) {
  if (result.kind === "single_hand") {
    return `${seatName(table, result.bidder)} called Single Hand, stake ${result.stake}`;
  }
  if (result.bidder == null || result.bid == null) return "";
  const stake = result.stake > 1 ? `, stake ${result.stake}` : "";
  return `${seatName(table, result.bidder)} bid ${result.bid}${stake}`;
}

/** "Asha & Chitra made it: +1", "Dev's Single Hand failed: -3", "Deal annulled: no score". */
export function resultHeadline(table, result) {
  if (result.annulled) return "Deal annulled: no score";
  const change = signed(result.delta);
  if (result.kind === "single_hand") {
    return `${seatName(table, result.bidder)}'s Single Hand ${result.made ? "made it" : "failed"}: ${change}`;
  }
  return `${teamName(table, result.team)} ${result.made ? "made it" : "fell short"}: ${change}`;
}

/** Why the deal ended as it did, in one or two sentences. */
export function resultReason(table, result) {
  if (result.annulled) return sentence(result.reason_text || "The deal was annulled");
  const team = teamName(table, result.team);
  const tricks = result.tricks ? result.tricks[result.team] : 0;
  if (result.kind === "single_hand") {
    const caller = seatName(table, result.bidder);
    return result.made
      ? `${caller} took all 8 tricks alone.`
      : `${caller} had to take every trick and lost one after ${plural(tricks, "trick")}.`;
  }
  const points = result.points ? result.points[result.team] : 0;
  const target = result.target ?? result.bid;
  const moved = result.bid != null && target !== result.bid ? ` (${result.bid} moved by a marriage)` : "";
  let why = result.made
    ? `${team} needed ${target} card points${moved} and took ${points}.`
    : `${team} needed ${target} card points${moved} but took only ${points}.`;
  if (result.bonus) {
    why += result.made ? " All 8 tricks: 2 instead of 1." : " Not one trick: 2 instead of 1.";
  }
  if (result.ended_early) {
    const played = result.tricks ? result.tricks[0] + result.tricks[1] : 8;
    why += ` Decided after ${plural(played, "trick")}, so the rest was not played.`;
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
      Object.assign(document.createElement("span"), { textContent: plural(result.points[team], "point") }),
      Object.assign(document.createElement("span"), { textContent: plural(result.tricks[team], "trick") }),
    );
    box.lastElementChild.dataset.key = `tricks-${team}`;
    box.children[box.children.length - 2].dataset.key = `points-${team}`;
  }
  return box;
}

function scoreLine(table, result) {
  const [a, b] = result.score;
  const sets = (result.new_sets || []).flatMap(([red, black], team) => [
    red ? `${teamName(table, team)} win a red set!` : "",
    black ? `${teamName(table, team)} take a black set.` : "",
  ]).filter(Boolean);
  const moved = `${teamName(table, result.team)} ${signed(result.delta)}`;
  return [`Score change: ${moved}; now ${signed(a)} : ${signed(b)}.`, ...sets].join(" ");
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
  const title = full ? `Deal ${roundNo} · dealt by ${dealer}` : "Last deal";
  const headline = resultHeadline(table, result);
  const parts = [para("result-title", title), para("result-headline", headline)];
  if (!full) {
    if (result.annulled) parts.push(para("result-why", resultReason(table, result)));
    box.replaceChildren(...parts);
    return;
  }
  const contract = contractText(table, result);
  if (contract) parts.push(para("result-contract", contract));
  if (result.points && result.tricks) parts.push(teamRows(table, result));
  parts.push(para("result-why", resultReason(table, result)));
  if (!result.annulled) parts.push(para("result-score", scoreLine(table, result)));
  if (lastTrick) {
    // The last trick stays one tap away from the felt (on a phone the side panel is closed).
    parts.push(Object.assign(document.createElement("button"), {
      type: "button",
      className: "button small show-last-trick",
      textContent: "Show the last trick",
    }));
  }
  const next = para("countdown", "");
  next.id = "countdown";
  parts.push(next);
  box.replaceChildren(...parts);
}

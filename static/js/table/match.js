// A match that ends: the winner's banner over the felt for everyone (final sets and score, the
// game's deals, and Rematch for the host), and the match line in the score panel.

import { contractText, scoreChange } from "./result.js";
import { MATCH_WORDS, roundResultText, teamName } from "./words.js";

const para = (cls, text) => Object.assign(document.createElement("p"), { className: cls, textContent: text });

/** Whether a team has won the match shown (the table then waits for the host's rematch). */
export function matchOver(state) {
  return state.table?.match?.winner != null;
}

/** The banner, while a team has won; hidden otherwise. */
export function drawMatchOver(root, state) {
  const box = root.querySelector("#match-over");
  const match = state.table?.match;
  if (!matchOver(state)) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  const { table, view } = state;
  const won = match.sets_won[match.winner];
  const lost = match.sets_won[1 - match.winner];
  const score = view?.score || [0, 0];
  const [winners, losers] = [teamName(table, match.winner), teamName(table, 1 - match.winner)];
  const parts = [
    para("match-title", MATCH_WORDS.title(match.number)),
    para("match-winners", MATCH_WORDS.winners(winners)),
    para("match-sets", MATCH_WORDS.sets(won, lost)),
  ];
  // The deal that decided it: its result panel gives way to this banner, so it is said here.
  // Its contract and stake, and how its score change made the last set, as its panel says.
  const last = view?.last_round;
  if (last) {
    parts.push(para("match-last", MATCH_WORDS.lastDeal(roundResultText(table, last))));
    const contract = contractText(table, last);
    if (contract) parts.push(para("match-contract", contract));
    if (!last.annulled) parts.push(para("match-why", scoreChange(table, last)));
  }
  // The score left over after the last set (none when the deciding deal took it to a set).
  if (score[0] || score[1]) {
    parts.push(para("match-score", MATCH_WORDS.finalScore(winners, score[match.winner], losers, score[1 - match.winner])));
  }
  const deals = Object.assign(document.createElement("a"), {
    className: "match-deals",
    href: `/table/${table.game}/deals/`,
    textContent: MATCH_WORDS.deals,
  });
  parts.push(deals);
  if (table.you?.host) {
    const button = Object.assign(document.createElement("button"), {
      type: "button",
      className: "button rematch-button",
      textContent: MATCH_WORDS.rematch,
    });
    button.dataset.rematch = "true";
    parts.push(button);
  } else {
    parts.push(para("match-wait", MATCH_WORDS.waitHost));
  }
  box.dataset.winner = String(match.winner);
  box.replaceChildren(...parts);
  box.hidden = false;
}

/** "First to win 3 sets · sets won 1 : 0" in the score panel (nothing for a match with no end). */
export function drawMatchLine(root, state) {
  const line = root.querySelector("#match-line");
  const match = state.table?.match;
  line.hidden = !match?.play_to;
  line.textContent = match?.play_to
    ? `${MATCH_WORDS.playTo(match.play_to)} · ${MATCH_WORDS.setsWon(match.sets_won[0], match.sets_won[1])}`
    : "";
}

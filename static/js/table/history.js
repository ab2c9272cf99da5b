// Previous deals: the list (a panel at the table and the game's history page) and the review
// of one deal, trick by trick. Everything drawn comes from the server's deal records, which
// hold only what the table saw.

import { fmt, gettext, ngettext } from "../i18n.js";
import { SUIT_NAME, cardText, suitedText } from "./cards.js";
import { drawTrick, markLed } from "./centre.js";
import { positionOf } from "./seats.js";
import { COACH, MATCH_WORDS, analysisLine, callName, eventText, logEvents, roundResultText, seatName, signed, tablesByEvent, teamName } from "./words.js";

/** A table description for words.js and seat positions: the deal's players and the viewer. */
export function dealTable(deal, viewer) {
  return {
    players: (deal.players || [null, null, null, null]).map((name, seat) => ({ seat, name })),
    you: { seat: viewer?.seat ?? null, spectator: viewer?.seat == null },
    host_seat: viewer?.host_seat ?? null,
    play_direction: viewer?.play_direction || "ccw",
    bidder: deal.kind === "single_hand" ? null : deal.bidder ?? null,
  };
}

/** The table as the deal's auction ended (who sat where when the calls were made), for naming
 * the dealer, the contract and the doubles; older records name everyone as at the deal's end. */
function atAuction(deal, table) {
  if (!deal.auction_players) return table;
  return { ...table, players: deal.auction_players.map((name, seat) => ({ seat, name })) };
}

/** The contract in a few words: "Bilal 17" or "Bilal Single Hand". */
export function contractText(deal, table) {
  if (deal.kind === "single_hand" && deal.single_hand != null) {
    return fmt(gettext("%(name)s: Single Hand"), { name: seatName(table, deal.single_hand) });
  }
  if (deal.bidder == null) return gettext("No bid");
  const values = { name: seatName(table, deal.bidder), bid: deal.bid ?? "", target: deal.target };
  return deal.target != null && deal.target !== deal.bid
    ? fmt(gettext("%(name)s %(bid)s (target %(target)s)"), values)
    : `${values.name} ${values.bid}`.trim();
}

/** The trump as the table saw it: its suit once shown, else whether one was set. */
export function trumpText(deal) {
  if (deal.kind === "single_hand") return gettext("none (Single Hand)");
  if (deal.trump) {
    return deal.trump_card
      ? fmt(gettext("%(suit)s (7th card %(card)s)"), { suit: SUIT_NAME[deal.trump], card: cardText(deal.trump_card) })
      : SUIT_NAME[deal.trump];
  }
  return deal.trump_method ? gettext("never shown") : "—";
}

export function doublesText(deal, table) {
  if (!deal.doubles?.length) return "—";
  return deal.doubles.map((d) => fmt(gettext("%(call)s (%(name)s)"), { call: callName(d.call), name: seatName(table, d.seat) })).join(", ");
}

/** The result in plain words. */
export function resultText(deal, table) {
  if (deal.outcome === "annulled") return fmt(gettext("Annulled: %(reason)s"), { reason: deal.reason_text });
  if (deal.outcome === "abandoned") return deal.reason_text || gettext("Abandoned: the host abandoned the deal.");
  const result = roundResultText(table, { ...deal, annulled: false });
  if (deal.match_winner == null) return result;
  const [won, lost] = [deal.sets_won[deal.match_winner], deal.sets_won[1 - deal.match_winner]];
  return `${result}. ${MATCH_WORDS.wonBy(teamName(table, deal.match_winner), won, lost)}`;
}

/** The cells of one row of the deals table, as text. */
export function dealCells(deal, table) {
  const auction = atAuction(deal, table);
  return {
    number: String(deal.number),
    dealer: deal.dealer == null ? "—" : seatName(auction, deal.dealer),
    contract: contractText(deal, auction),
    trump: trumpText(deal),
    stake: `×${deal.stake}`,
    doubles: doublesText(deal, auction),
    result: resultText(deal, table),
    outcome: shortResult(deal),
    sets: setsText(deal) || "—",
    score: `${signed(deal.score[0])} : ${signed(deal.score[1])}`,
  };
}

/** The sets a deal made, for the team that moved ("a black set"), or "": the score after it
 * is what stayed once 6 went into each set. */
export function setsText(deal) {
  const [red, black] = deal.team == null ? [0, 0] : deal.new_sets?.[deal.team] || [0, 0];
  return [
    red ? fmt(ngettext("a red set", "%(count)s red sets", red), { count: red }) : "",
    black ? fmt(ngettext("a black set", "%(count)s black sets", black), { count: black }) : "",
  ].filter(Boolean).join(", ");
}

/** The result in a word or two, for the narrow panel: "Made 17/16 +1", "Annulled". */
export function shortResult(deal) {
  if (deal.outcome === "annulled") return gettext("Annulled");
  if (deal.outcome === "abandoned") return gettext("Abandoned");
  const made = deal.outcome === "made";
  const values = { change: signed(deal.delta), points: deal.team == null ? "" : deal.points[deal.team], target: deal.target };
  let line;
  if (deal.kind === "single_hand") line = fmt(made ? gettext("Made Single Hand %(change)s") : gettext("Failed Single Hand %(change)s"), values);
  else if (deal.team == null) line = fmt(made ? gettext("Made %(change)s") : gettext("Failed %(change)s"), values);
  else line = fmt(made ? gettext("Made %(points)s/%(target)s %(change)s") : gettext("Failed %(points)s/%(target)s %(change)s"), values);
  // The stake, where the Stake column is left out: "+6 (×6)" is not a bonus of 6.
  if (deal.stake > 1) line = `${line} (×${deal.stake})`;
  // Where the Sets column is left out (the narrow panel, a phone), the sets ride along here.
  const extra = [setsText(deal), deal.match_winner == null ? "" : MATCH_WORDS.ended].filter(Boolean);
  return [line, ...extra].join(" · ");
}

const columns = () => [
  ["number", "#"],
  ["dealer", gettext("Dealer")],
  ["contract", gettext("Bidder and call")],
  ["trump", gettext("Trump")],
  ["stake", gettext("Stake")],
  ["doubles", gettext("Doubles")],
  ["result", gettext("Result")],
  ["outcome", gettext("Result")],
  ["sets", gettext("Sets")],
  ["score", gettext("Score after")],
];

/** A table of deals, newest first; each row opens its review through `onOpen(number)`. */
export function drawDealList(box, deals, viewer, { onOpen, hrefFor } = {}) {
  box.replaceChildren();
  if (!deals.length) {
    const empty = document.createElement("p");
    empty.className = "deals-empty";
    empty.textContent = gettext("No deal has ended yet.");
    box.append(empty);
    return;
  }
  const tableEl = document.createElement("table");
  tableEl.className = "deals-table";
  const head = tableEl.createTHead().insertRow();
  const COLUMNS = columns();
  for (const [key, label] of COLUMNS) {
    const th = document.createElement("th");
    th.scope = "col";
    th.dataset.col = key;
    th.textContent = label;
    head.append(th);
  }
  const body = tableEl.createTBody();
  // Several matches: each one's deals under its own heading row ("Match 2"), newest first.
  const matches = new Set(deals.map((d) => d.match ?? 1));
  let heading = null;
  for (const deal of [...deals].reverse()) {
    if (matches.size > 1 && (deal.match ?? 1) !== heading) {
      heading = deal.match ?? 1;
      const cell = document.createElement("th");
      cell.scope = "rowgroup";
      cell.colSpan = COLUMNS.length;
      cell.textContent = fmt(gettext("Match %(number)s"), { number: heading });
      const divider = body.insertRow();
      divider.className = "match-divider";
      divider.dataset.match = String(heading);
      divider.append(cell);
    }
    const table = dealTable(deal, viewer);
    const cells = dealCells(deal, table);
    const row = body.insertRow();
    row.dataset.deal = String(deal.number);
    row.dataset.outcome = deal.outcome;
    if (deal.match_winner != null) row.dataset.matchWinner = String(deal.match_winner);
    for (const [key] of COLUMNS) {
      const cell = row.insertCell();
      cell.dataset.col = key;
      if (key === "number") {
        const link = document.createElement(hrefFor ? "a" : "button");
        link.className = "deal-open";
        link.textContent = fmt(gettext("Deal %(number)s"), { number: cells.number });
        link.setAttribute("aria-label", fmt(gettext("Review deal %(number)s"), { number: cells.number }));
        if (hrefFor) link.href = hrefFor(deal.number);
        else link.type = "button";
        link.addEventListener("click", (e) => {
          if (!onOpen) return;
          e.preventDefault();
          onOpen(deal.number);
        });
        cell.append(link);
      } else {
        cell.textContent = cells[key];
      }
    }
  }
  box.append(tableEl);
}

/** Whether an event ends a deal: scored, annulled, or abandoned by the host's round reset. */
export const endsDeal = (e) => e.type === "round_end" || e.type === "annulled" || (e.type === "reset" && e.what === "round");

/**
 * The steps of a deal: the calls first, then one step per trick (with what happened during
 * it: trump shown, a marriage), then the result. Built from the deal's public events.
 */
export function dealSteps(deal) {
  const steps = [{ kind: "calls", events: [] }];
  let open = null; // the trick being played
  let loose = []; // events after a trick, before the next card
  for (const event of logEvents(deal.events || [])) {
    if (endsDeal(event)) {
      steps.push({ kind: "result", events: [...loose, event] });
      loose = [];
      open = null;
    } else if (event.type === "play") {
      if (!open) {
        open = { kind: "trick", events: loose, plays: [], number: steps.length };
        loose = [];
        steps.push(open);
      }
      open.plays.push(event);
      open.events.push(event);
    } else if (event.type === "trick" && open) {
      open.trick = event;
      open.events.push(event);
      open = null;
    } else if (open) {
      open.events.push(event);
    } else if (steps.length === 1) {
      steps[0].events.push(event);
    } else {
      loose.push(event);
    }
  }
  if (steps.at(-1).kind !== "result") steps.push({ kind: "result", events: loose });
  return steps;
}

// While a deal is being analysed its review asks again after this long, then less and less
// often (a queue of deals behind it can take minutes), never less often than the last.
const ANALYSIS_POLL_MS = 3000;
const ANALYSIS_POLL_MAX_MS = 30000;
// Below this (game points, or share of deals made) a different choice is not listed.
const SMALL_GAIN = 0.05;

/** The analysis of a deal as a list: turning points first, then every decision the strong
 * player would have made otherwise (or that cost points with every hand known). */
export function drawAnalysis(box, review, table) {
  const title = Object.assign(document.createElement("h3"), { className: "analysis-title", textContent: COACH.analysisTitle });
  box.dataset.status = review?.status || "none";
  if (!review || review.status !== "ready") {
    const words = { analysing: COACH.analysing, failed: COACH.analysisFailed, off: COACH.analysisOff };
    const word = words[review?.status] || COACH.noAnalysis;
    box.replaceChildren(title, Object.assign(document.createElement("p"), { className: "analysis-state", textContent: word }));
    return;
  }
  const turning = new Set(review.turning);
  const worth = (item) => {
    if (turning.has(item.at)) return true;
    if (item.exact) return item.exact.cost[0] > 0 || item.exact.cost[1] > 0;
    const e = item.expected;
    if (item.same) return false;
    // A card the samples value the same as the one played is no lesson: leave it out.
    return !e || e.suggested - e.played >= SMALL_GAIN || Math.abs(e.made_suggested - e.made_played) >= SMALL_GAIN;
  };
  const items = review.decisions.filter(worth);
  items.sort((a, b) => Number(turning.has(b.at)) - Number(turning.has(a.at)) || a.at - b.at);
  const list = document.createElement("ol");
  list.className = "analysis-list";
  for (const item of items) {
    const li = document.createElement("li");
    li.dataset.at = String(item.at);
    if (turning.has(item.at)) {
      li.classList.add("turning");
      li.append(Object.assign(document.createElement("strong"), { textContent: `${COACH.turning}: ` }));
    }
    li.append(analysisLine(table, item));
    list.append(li);
  }
  if (!items.length) {  // a sentence, not a list of one
    box.replaceChildren(title, Object.assign(document.createElement("p"), { className: "analysis-state", textContent: COACH.noneShown }));
    return;
  }
  const legend = Object.assign(document.createElement("p"), { className: "analysis-legend", textContent: COACH.legend });
  box.replaceChildren(title, legend, list);
}

/** One deal, stepped through with Previous / Next (and the arrow keys), and its analysis;
 * ``reload`` fetches the deal again while it is being analysed. */
export class DealReview {
  constructor(box, deal, viewer, reload = null) {
    this.box = box;
    this.deal = deal;
    this.table = dealTable(deal, viewer);
    this.steps = dealSteps(deal);
    // Each line names who held the seat then (the deal's players are its holders at the end).
    this.tables = tablesByEvent(this.steps.flatMap((step) => step.events), this.table);
    this.at = 0;
    this.reload = reload;
    this.polls = 0;
    this.build();
    this.show(0);
    this.drawReview(deal.review);
  }

  /** Draw the analysis; while it is being made, ask again a little later. */
  drawReview(review) {
    drawAnalysis(this.analysis, review, this.table);
    if (review?.status !== "analysing" || !this.reload) return;
    const wait = Math.min(ANALYSIS_POLL_MS * 1.5 ** this.polls, ANALYSIS_POLL_MAX_MS);
    this.polls += 1;
    clearTimeout(this.pollTimer);
    this.pollTimer = setTimeout(() => this.refreshReview(), wait);
  }

  /** Fetch the deal again and draw its analysis (the analysis is ready, or may be). */
  async refreshReview() {
    if (!this.reload || !this.box.isConnected) return;
    try {
      const deal = await this.reload();
      this.drawReview(deal.review);
    } catch {
      // Offline for a moment: the next poll or a reopening tries again.
    }
  }

  build() {
    const title = document.createElement("h2");
    title.className = "review-title";
    title.textContent = fmt(gettext("Deal %(number)s"), { number: this.deal.number });
    const facts = document.createElement("dl");
    facts.className = "review-facts";
    const cells = dealCells(this.deal, this.table);
    for (const [label, value] of [
      [gettext("Dealer"), cells.dealer],
      [gettext("Call"), cells.contract],
      [gettext("Trump"), cells.trump],
      [gettext("Stake"), cells.stake],
      [gettext("Doubles"), cells.doubles],
      [gettext("Score after"), cells.score],
    ]) {
      const dt = document.createElement("dt");
      dt.textContent = label;
      const dd = document.createElement("dd");
      dd.textContent = value;
      facts.append(dt, dd);
    }
    this.heading = document.createElement("p");
    this.heading.className = "review-step";
    this.heading.setAttribute("aria-live", "polite");
    this.felt = document.createElement("div");
    this.felt.className = "review-felt";
    this.trickBox = document.createElement("div");
    this.trickBox.className = "trick review-trick";
    this.felt.append(this.trickBox);
    for (let seat = 0; seat < 4; seat += 1) {
      const name = document.createElement("span");
      name.className = `review-seat at-${positionOf(seat, this.table)}`;
      name.dataset.seat = String(seat);
      name.textContent = seatName(this.table, seat);
      this.felt.append(name);
    }
    this.lines = document.createElement("ol");
    this.lines.className = "review-lines";
    const nav = document.createElement("div");
    nav.className = "review-nav";
    this.prev = Object.assign(document.createElement("button"), { type: "button", textContent: gettext("← Previous") });
    this.next = Object.assign(document.createElement("button"), { type: "button", textContent: gettext("Next →") });
    this.prev.className = this.next.className = "button small";
    this.prev.dataset.review = "prev";
    this.next.dataset.review = "next";
    this.prev.addEventListener("click", () => this.show(this.at - 1));
    this.next.addEventListener("click", () => this.show(this.at + 1));
    nav.append(this.prev, this.next);
    this.analysis = document.createElement("section");
    this.analysis.className = "review-analysis";
    this.box.replaceChildren(title, facts, this.heading, this.felt, this.lines, nav, this.analysis);
    this.box.addEventListener("keydown", (e) => {
      if (e.key === "ArrowLeft") this.show(this.at - 1);
      if (e.key === "ArrowRight") this.show(this.at + 1);
    });
  }

  show(at) {
    this.at = Math.max(0, Math.min(this.steps.length - 1, at));
    const step = this.steps[this.at];
    const table = this.table;
    const view = { bid: this.deal.bidder == null ? null : { seat: this.deal.bidder } };
    const lines = step.events.filter((e) => !endsDeal(e))
      .map((event) => eventText(this.tables.get(event) || table, event, view));
    let heading = "";
    this.felt.hidden = !step.plays;
    if (step.kind === "calls") {
      heading = gettext("The calls");
      if (!lines.length) lines.push(gettext("Only the result of this deal was kept."));
    } else if (step.plays) {
      const leader = step.plays[0].seat;
      const total = this.steps.filter((s) => s.plays).length;
      const values = { number: step.number, total, leader: seatName(table, leader) };
      if (step.trick) {
        const points = step.trick.points;
        heading = fmt(ngettext(
          "Trick %(number)s of %(total)s: %(leader)s led, %(winner)s won %(points)s point",
          "Trick %(number)s of %(total)s: %(leader)s led, %(winner)s won %(points)s points",
          points,
        ), { ...values, winner: seatName(table, step.trick.winner), points });
      } else {
        heading = fmt(gettext("Trick %(number)s of %(total)s: %(leader)s led"), values);
      }
      drawTrick(this.trickBox, step.plays, table, step.trick?.winner ?? null);
      const led = this.trickBox.querySelector(`.card[data-seat="${leader}"]`);
      if (led) markLed(led);
    } else {
      heading = gettext("The result");
      const deal = this.deal;
      lines.push(resultText(deal, table));
      if (deal.outcome === "made" || deal.outcome === "lost") {
        for (const team of [0, 1]) {
          const tricks = deal.tricks[team];
          lines.push(fmt(ngettext(
            "%(team)s took %(points)s points in %(count)s trick",
            "%(team)s took %(points)s points in %(count)s tricks",
            tricks,
          ), { team: teamName(table, team), points: deal.points[team], count: tricks }));
        }
      }
      lines.push(fmt(gettext("Score after: %(first)s %(firstScore)s, %(second)s %(secondScore)s"), {
        first: teamName(table, 0),
        firstScore: signed(deal.score[0]),
        second: teamName(table, 1),
        secondScore: signed(deal.score[1]),
      }));
    }
    this.heading.textContent = heading;
    this.box.dataset.step = String(this.at);
    this.box.dataset.stepKind = step.kind;
    this.lines.replaceChildren(...lines.map((text) => {
      const li = document.createElement("li");
      li.append(suitedText(text));
      return li;
    }));
    this.prev.disabled = this.at === 0;
    this.next.disabled = this.at === this.steps.length - 1;
  }
}

/** Fetch JSON from the site (same origin, with the session cookie). */
export async function fetchJson(url) {
  const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`${response.status}`);
  return response.json();
}

/** The viewer's side of a table description: their seat and how the table is drawn. */
export function viewerOf(table) {
  return { seat: table?.you?.seat ?? null, host_seat: table?.host_seat ?? null, play_direction: table?.play_direction };
}

/** The "Previous deals" panel at the table, and the review of one deal over the table. */
export class DealsPanel {
  /**
   * @param {HTMLElement} box  where the list goes
   * @param {HTMLElement} overlay  the dialog that shows one deal
   * @param {number} gameId
   * @param {() => object} table  the latest table description
   */
  constructor(box, overlay, gameId, table) {
    this.box = box;
    this.overlay = overlay;
    this.gameId = gameId;
    this.table = table;
    this.deals = null;
    this.loading = null;
    overlay.addEventListener("click", (e) => {
      if (e.target === overlay || (e.target instanceof Element && e.target.closest(".review-close"))) this.close();
    });
    overlay.addEventListener("keydown", (e) => {
      if (e.key !== "Escape") return;
      e.stopPropagation(); // close the review only, not the side sheet under it
      this.close();
    });
  }

  /** Fetch the list again (after a deal ends, and once at the start). */
  refresh() {
    const url = `/table/${this.gameId}/deals.json`;
    this.loading = fetchJson(url)
      .then((data) => {
        this.deals = data.deals;
        this.draw();
      })
      .catch(() => {
        this.box.textContent = gettext("The previous deals could not be loaded.");
      });
    return this.loading;
  }

  draw() {
    if (!this.deals) return;
    drawDealList(this.box, this.deals, viewerOf(this.table()), { onOpen: (n) => this.open(n) });
  }

  /** Show one deal over the table, at its first step. */
  async open(number) {
    let deal;
    try {
      deal = await fetchJson(`/table/${this.gameId}/deals/${number}.json`);
    } catch {
      return;
    }
    const review = document.createElement("section");
    review.className = "deal-review";
    review.tabIndex = 0;
    review.setAttribute("aria-label", fmt(gettext("Deal %(number)s, step by step"), { number }));
    const close = Object.assign(document.createElement("button"), {
      type: "button",
      className: "button small review-close",
      textContent: gettext("Close"),
    });
    const url = `/table/${this.gameId}/deals/${number}.json`;
    this.review = new DealReview(review, deal, viewerOf(this.table()), () => fetchJson(url));
    this.reviewing = number;
    review.append(close);
    this.overlay.replaceChildren(review);
    this.overlay.hidden = false;
    review.focus();
  }

  /** A deal's analysis is ready: an open review of it fetches it now. */
  analysed(number) {
    if (!this.overlay.hidden && this.reviewing === number) this.review?.refreshReview();
  }

  /** Close the review; the focus goes back to the deal's button in the list (the list may
   * have been drawn again meanwhile), unless `refocus` is false. */
  close(refocus = true) {
    const number = this.reviewing;
    this.reviewing = null;
    this.overlay.hidden = true;
    this.overlay.replaceChildren();
    if (refocus && number != null) this.box.querySelector(`tr[data-deal="${number}"] .deal-open`)?.focus();
  }

  /** It just became your turn: a review open over the table closes, so the table's question
   * (and, at a timed table, its countdown) is in sight; the review opens again from the list. */
  yourTurn() {
    if (!this.overlay.hidden) this.close(false);
  }
}

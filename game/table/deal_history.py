"""The deals of a game as the table saw them: recorded when a deal ends, read back for review.

A deal's record is built from its public events alone (the engine returns only
public events: calls, plays, tricks, a trump once shown, the result), so it can
never hold a card that stayed hidden: the unplayed cards of a deal decided
early, the trump of a deal annulled before it was shown, a 7th card never shown.
``record_ended_deals`` runs inside the transaction of the change that ended a
deal (``game.table.service``); ``deal_list`` and ``deal_detail`` are what the history
endpoints send, after ``fill_past`` has recorded the deals of a game played
before deals were recorded (from its action log, which holds every change).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.utils.translation import gettext_noop

from game.engine import Match
from game.engine.stake import REGULAR_STAKE
from game.models import DealRecord, GameAction
from game.table.engine_words import spoken
from game.table.events import Event, ends_deal, is_deal_start
from game.table.hints import reason_text
from game.table.seats import SEATED

STAKE_CALLS = ("double", "redouble", "set_double")
# Why a deal was abandoned, kept in English with its record and said in the reader's
# language when sent (``game.table.engine_words.spoken``); the words of older records.
ABANDONED = gettext_noop("The host abandoned the deal.")
ABANDONED_BY_RESET_ALL = gettext_noop("The host reset the score, the deal and the deck.")
ABANDONED_BEFORE = "The host reset the round."
# The outcomes of deals that are analysed (annulled and abandoned ones are not).
ANALYSED = ("made", "lost")
# How far back the log is read for the start of a deal when no earlier deal was recorded.
SCAN_LIMIT = 400


@dataclass(frozen=True)
class Ended:
    """The match after a change that ends a deal, and who sat where then: each seat's shown
    name, and the person holding it (None: nobody, or a computer player held it); the
    game's match number."""

    match: Match
    names: list[str | None]
    people: list[int | None]
    match_no: int = 1
    # What only the deal's analysis reads (its deck, dealer, number and who held each seat):
    # kept with a whole deal that was scored, never sent (``DealRecord.private``).
    private: dict[str, Any] | None = None


def record_ended_deals(game_id: int, version: int, events: list[Event], ended: Ended) -> None:
    """Record every deal that the change making ``version`` (with ``events``) ended, with
    who sat where then (``ended``).

    Call inside that change's transaction. Reads the earlier events of the deal
    from the action log; a deal whose start is not found there (a log cut short)
    is recorded with its result only.
    """
    match = ended.match
    if not any(ends_deal(e) for e in events):
        return
    stream = _earlier_events(game_id, version) + events
    records = []
    for deal_events, deals_after in _ended_deals(stream):
        number = match.round_no - deals_after
        whole = is_deal_start(deal_events[0])
        if not whole:
            deal_events = [deal_events[-1]]
        summary = summarize(deal_events, match.score)
        summary["number"] = number
        summary["results_only"] = not whole
        summary["players"] = list(ended.names)
        summary["auction_players"] = names_after_auction(deal_events, ended.names)
        _take_match_end(summary, events)
        private = ended.private
        analysable = (
            private and whole and private.get("number") == number
            and summary["outcome"] in ANALYSED
        )
        records.append(
            DealRecord(
                game_id=game_id,
                number=number,
                version=version,
                outcome=summary["outcome"],
                summary=summary,
                events=deal_events,
                match_no=ended.match_no,
                **{f"player_{seat}_id": person for seat, person in enumerate(ended.people)},
                private=private if analysable else {},
            )
        )
    DealRecord.objects.bulk_create(records, ignore_conflicts=True)


def names_after_auction(events: list[Event], names_at_end: list[str | None]) -> list[str | None]:
    """Each seat's shown name as the deal's auction ended (its first card played): the
    names at its end with the later ``seated`` changes undone, so that the deal's contract
    and calls are named by who made them, not by who held the seat at the end."""
    first_play = next((i for i, e in enumerate(events) if e["type"] == "play"), len(events))
    names = list(names_at_end)
    for event in reversed(events[first_play:]):
        if event["type"] == SEATED:
            names[event["seat"]] = event["was"]
    return names


def _take_match_end(summary: dict[str, Any], events: list[Event]) -> None:
    """The sets each team had won and the match's winner, when the change that ended the
    deal also ended the match (its ``match_end`` event, ``game.table.match_end``)."""
    for event in events:
        if event["type"] == "match_end":
            summary["match_winner"] = event["winner"]
            summary["sets_won"] = list(event["sets_won"])


def _earlier_events(game_id: int, version: int) -> list[Event]:
    """The events before ``version`` of the deal in progress then, oldest first.

    Read backwards to the deal's first packet; [] when a deal's end comes first (no
    deal was in progress); the whole window read when neither does (the deal began
    before it: its record keeps the result only).
    """
    last = (
        DealRecord.objects.filter(game_id=game_id, version__lt=version)
        .order_by("-version")
        .values_list("version", flat=True)
        .first()
    )
    oldest = last if last is not None else version - SCAN_LIMIT
    rows = GameAction.objects.filter(game_id=game_id, seq__lt=version, seq__gte=oldest)
    earlier: list[Event] = []
    for saved in rows.order_by("-seq").values_list("events", flat=True):
        events: list[Event] = saved
        for at in range(len(events) - 1, -1, -1):
            if is_deal_start(events[at]):
                return events[at:] + earlier
            if ends_deal(events[at]):
                return []
        earlier = events + earlier
    return earlier


def _ended_deals(stream: list[Event]) -> list[tuple[list[Event], int]]:
    """Each deal the stream ends, with its events and how many deals start after its end.

    The stream runs from the first packet of the deal in progress (or from inside
    it, when its start was not found) to the end of the latest change.
    """
    ended: list[tuple[list[Event], int]] = []
    current: list[Event] = []
    open_deal = True
    starts = 0
    for event in stream:
        if is_deal_start(event):
            starts += 1
            current, open_deal = [event], True
        elif open_deal:
            current.append(event)
            if ends_deal(event):
                ended.append((current, starts))
                current, open_deal = [], False
    return [(events, starts - started) for events, started in ended]


def summarize(events: list[Event], score: list[int]) -> dict[str, Any]:
    """What the table knew of one deal at its end, from its public events.

    ``score`` is the match's score after the change, used when the deal was not
    scored (annulled or abandoned: the score did not move).
    """
    summary: dict[str, Any] = {
        "dealer": None,
        "bidder": None,
        "bid": None,
        "target": None,
        "kind": "regular",
        "trump": None,
        "trump_method": None,
        "trump_card": None,
        "stake": 1,
        "doubles": [],
        "single_hand": None,
        "marriage": None,
        "points": [0, 0],
        "tricks": [0, 0],
        "made": None,
        "bonus": False,
        "delta": 0,
        "team": None,
        "score": list(score),
        "reason_text": None,
        "ended_early": False,
        "tricks_played": 0,
    }
    for event in events:
        _take(summary, event)
    last = events[-1]
    if last["type"] == "round_end":
        summary["outcome"] = "made" if last["made"] else "lost"
    elif last["type"] == "annulled":
        summary["outcome"] = "annulled"
        summary["reason_text"] = last["reason_text"]
    else:
        summary["outcome"] = "abandoned"
        summary["reason_text"] = ABANDONED_BY_RESET_ALL if last.get("all") else ABANDONED
    return summary


def _take(summary: dict[str, Any], event: Event) -> None:
    """Fold one public event into the summary."""
    kind = event["type"]
    if is_deal_start(event):
        summary["dealer"] = event["dealer"]
    elif kind == "bid":
        summary["bidder"], summary["bid"] = event["seat"], event["value"]
        summary["target"] = event["value"]
    elif kind == "trump_set":
        summary["bidder"], summary["trump_method"] = event["seat"], event["method"]
    elif kind in STAKE_CALLS:
        on_single_hand = summary["single_hand"] is not None
        summary["doubles"].append(
            {"seat": event["seat"], "call": kind, "single_hand": on_single_hand}
        )
        if not on_single_hand:
            summary["stake"] = REGULAR_STAKE[kind]
    elif kind == "single_hand":
        summary["single_hand"] = event["seat"]
        summary["kind"] = "single_hand"
    elif kind == "trump_shown":
        summary["trump"] = event["suit"]
        summary["trump_card"] = event.get("card")
    elif kind == "marriage":
        summary["marriage"] = {"seat": event["seat"], "suit": event["suit"]}
        summary["target"] = event["target"]
    elif kind == "trick":
        summary["tricks_played"] += 1
        team = event["winner"] & 1
        summary["points"][team] += event["points"]
        summary["tricks"][team] += 1
    elif kind == "round_end":
        for key in ("kind", "stake", "made", "bonus", "delta", "team"):
            summary[key] = event[key]
        if event["kind"] == "regular":  # a Single Hand's caller is kept apart from the bidder
            summary["bidder"], summary["bid"], summary["target"] = (
                event["bidder"],
                event["bid"],
                event["target"],
            )
        summary["points"] = list(event["points"])
        summary["tricks"] = list(event["tricks"])
        summary["score"] = list(event["score"])
        summary["ended_early"] = event["ended_early"]
        summary["dealer"] = event["dealer"]
        summary["new_sets"] = [list(gained) for gained in event.get("new_sets", [])]


def record_past_deals(
    game_id: int,
    names: list[str | None],
    actions: Any = GameAction,
    records: Any = DealRecord,
) -> int:
    """Record every deal in a game's whole action log (for games played before deals were
    recorded); returns how many were new. ``actions`` and ``records`` may be a migration's
    historical models. A deal already recorded is left as it is."""
    made = []
    score = [0, 0]
    current: list[Event] = []
    open_deal = False
    number = 0  # every deal starts with exactly one first packet: this is the round number
    rows = actions.objects.filter(game_id=game_id).order_by("seq").values_list("seq", "events")
    for seq, events in rows.iterator():
        for event in events:
            if is_deal_start(event):
                number, current, open_deal = number + 1, [event], True
                continue
            if event["type"] == "reset" and event.get("what") == "score":
                score = [0, 0]
            if event["type"] == "round_end":
                score = list(event["score"])
            if not open_deal:
                continue
            current.append(event)
            if ends_deal(event):
                summary = summarize(current, score)
                summary.update(
                    number=number, results_only=False, players=list(names),
                    auction_players=names_after_auction(current, names),
                )
                made.append(
                    records(
                        game_id=game_id,
                        number=number,
                        version=seq,
                        outcome=summary["outcome"],
                        summary=summary,
                        events=current,
                    )
                )
                current, open_deal = [], False
    known = set(records.objects.filter(game_id=game_id).values_list("number", flat=True))
    new = [record for record in made if record.number not in known]
    records.objects.bulk_create(new, ignore_conflicts=True)
    return len(new)


def fill_past(game_id: int, names: list[str | None]) -> None:
    """Record the earlier deals of a game played before deals were recorded, once: when its
    first deal has no record, rebuild the records from the action log."""
    first = (
        DealRecord.objects.filter(game_id=game_id)
        .order_by("number")
        .values_list("number", flat=True)
        .first()
    )
    if first != 1:
        record_past_deals(game_id, names)


def deal_list(game_id: int) -> list[dict[str, Any]]:
    """Every recorded deal of a game, oldest first, as summaries (no events) with the state
    of their analysis (``"review"``: none, analysing, ready or failed) and the number of the
    match it belongs to (``"match"``)."""
    rows = DealRecord.objects.filter(game_id=game_id).order_by("number")
    return [
        {
            **said(row.summary),
            "match": row.match_no,
            "review": review_for(row.analysis, row.private, None)["status"],
        }
        for row in rows
    ]


def deal_detail(game_id: int, number: int, viewer_id: int | None) -> dict[str, Any] | None:
    """One recorded deal with its public events and its analysis as ``viewer_id`` may see
    it, or None if there is no such deal."""
    row = DealRecord.objects.filter(game_id=game_id, number=number).first()
    if row is None:
        return None
    review = review_for(row.analysis, row.private, viewer_id)
    events = [
        {**event, "reason_text": spoken(event["reason_text"])} if "reason_text" in event else event
        for event in row.events
    ]
    return {**said(row.summary), "events": events, "review": review}


def said(summary: dict[str, Any]) -> dict[str, Any]:
    """A deal's summary with why it was annulled or abandoned in the reader's language."""
    why = summary.get("reason_text")
    if not why:
        return summary
    return {**summary, "reason_text": spoken(ABANDONED if why == ABANDONED_BEFORE else why)}


def review_for(
    analysis: dict[str, Any] | None, private: dict[str, Any], viewer_id: int | None
) -> dict[str, Any]:
    """The analysis as one viewer may see it: an item that names a card never played or a
    trump never shown only for the person who held that seat in the deal; without the
    deck and holders (``DealRecord.private``) there is none, and a server that does not
    analyse deals (``DEAL_ANALYSIS`` off) says so instead of "analysing" for ever."""
    if not private:
        return {"status": "none"}
    if analysis is None:
        return {"status": "analysing" if settings.DEAL_ANALYSIS else "off"}
    if analysis.get("status") != "ready":
        return {"status": analysis.get("status", "analysing")}
    holders = private.get("holders", [None] * 4)

    def holds(item: dict[str, Any]) -> bool:
        return viewer_id is not None and holders[item["seat"]] == viewer_id

    shown = [
        _shown_item(item, holds(item))
        for item in analysis["decisions"]
        if not item["private"] or holds(item)
    ]
    kept = {item["at"] for item in shown}
    return {
        "status": "ready",
        "exact": analysis["exact"],
        "decisions": shown,
        "turning": [at for at in analysis["turning"] if at in kept],
    }



def _shown_item(item: dict[str, Any], holder: bool) -> dict[str, Any]:
    """One analysed decision as a viewer gets it: without its privacy mark, and with the
    reason for a call in words (``"why_text"``, read from the caller's four cards and worded
    to them: "with four cards like yours...") only for the person who made it."""
    shown = {key: value for key, value in item.items() if key not in ("private", "why")}
    why = item.get("why")
    if why and holder:
        shown["why_text"] = reason_text(why)
    return shown

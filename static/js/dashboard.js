// The dashboard, live: a websocket (/ws/dashboard/) sends each game's card as it changes
// (whose turn, "your turn", the score, who is at the table) and says "refresh" when the
// list itself changed (a friend hosted a game, a seat changed hands); the sections are
// then fetched again and swapped in, without reloading the page. docs/protocol.md.

import { signed } from "./numbers.js";

const sections = () => document.querySelector(".sections");
const games = new Map();     // game id -> the latest "game" message
const here = new Map();      // game id -> the latest "presence" message
let known = new Set([...document.querySelectorAll(".game-card[data-game]")].map((c) => c.dataset.game));
let received = 0;
let fetching = null;
let again = false;           // a refresh was asked for while one was under way
let delay = 1000;

function card(gameId) {
  return document.querySelector(`.game-card[data-game="${gameId}"]`);
}

function drawGame(message) {
  const el = card(message.game);
  if (!el) return;
  el.querySelector(".live-status").textContent = message.status;
  // Once the match is over its status says the sets; the score (back to 0 : 0) would mislead.
  const over = message.match?.winner != null;
  el.querySelector(".live-score").textContent = message.started && !over
    ? `· ${signed(message.score[0])} : ${signed(message.score[1])}` : "";
  el.querySelector(".your-turn").hidden = !message.your_turn;
  const started = el.querySelector(".live-started");
  if (started) started.textContent = over ? started.dataset.over : message.started ? started.dataset.yes : started.dataset.no;
  // The host's Rematch, while a team has won.
  const rematch = document.querySelector(`.rematch-row[data-game="${message.game}"]`);
  if (rematch) rematch.hidden = !over;
  el.classList.toggle("mine", message.your_turn);
  el.dataset.version = String(message.version);
}

// Whether the card on the page shows other seat holders than a newer "game" message: the
// page was drawn before a seat changed hands and the socket's "refresh" for it did not come
// (the change happened before the socket followed the game).
function older(message) {
  const el = card(message.game);
  if (!el || el.dataset.seats === undefined) return false;
  const seats = JSON.stringify(message.seats.map((name, i) => [name, message.computers[i]]));
  return message.version > Number(el.dataset.rendered) && seats !== el.dataset.seats;
}

function drawPresence(message) {
  const el = card(message.game);
  if (el) el.querySelector(".live-here").textContent = message.here;
}

function drawAll() {
  games.forEach(drawGame);
  here.forEach(drawPresence);
}

// What a person is typing (an email to befriend, say) survives the sections being drawn again:
// read from the old sections (no `typed` given) and written into the new ones, focus included.
function typedInto(box, typed = null) {
  const key = (input) => `${input.form?.getAttribute("action") || ""}|${input.name}`;
  const inputs = [...box.querySelectorAll("input[name]:not([type=hidden]), textarea[name]")];
  if (!typed) {
    return {
      values: new Map(inputs.filter((i) => i.value).map((i) => [key(i), i.value])),
      focused: inputs.find((i) => i === document.activeElement),
    };
  }
  for (const input of inputs) {
    if (typed.values.has(key(input))) input.value = typed.values.get(key(input));
    if (typed.focused && key(input) === key(typed.focused)) input.focus();
  }
  return typed;
}

// A "refresh" that arrives while the sections are being fetched may be about a change the
// fetch under way began too early to see: fetch once more when it ends.
async function refresh() {
  if (fetching) {
    again = true;
    return fetching;
  }
  fetching = (async () => {
    try {
      const response = await fetch("/", { credentials: "same-origin" });
      const doc = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = doc.querySelector(".sections");
      if (!fresh || !sections()) return;
      for (const el of fresh.querySelectorAll(".game-card[data-game]")) {
        if (!known.has(el.dataset.game)) el.classList.add("just-added");
      }
      const typed = typedInto(sections());
      sections().replaceWith(fresh);
      typedInto(fresh, typed);
      known = new Set([...document.querySelectorAll(".game-card[data-game]")].map((c) => c.dataset.game));
      drawAll();
      document.body.dataset.refreshes = String(Number(document.body.dataset.refreshes || 0) + 1);
    } finally {
      fetching = null;
      if (again) {
        again = false;
        refresh();
      }
    }
  })();
  return fetching;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/dashboard/`);
  socket.addEventListener("open", () => {
    delay = 1000;
    document.body.dataset.live = "on";
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    received += 1;
    document.body.dataset.received = String(received);
    if (message.type === "game") {
      games.set(String(message.game), message);
      drawGame(message);
      if (older(message)) refresh();
    } else if (message.type === "presence") {
      here.set(String(message.game), message);
      drawPresence(message);
    } else if (message.type === "refresh") {
      refresh();
    }
  });
  socket.addEventListener("close", (event) => {
    document.body.dataset.live = "off";
    if (event.code === 4401 || event.code === 4403) return;
    // 4429: this account holds as many sockets as a server allows; try again when tabs close.
    if (event.code === 4429) delay = 30000;
    setTimeout(connect, delay);
    delay = Math.min(delay * 2, 30000);
  });
}

if (sections()) connect();

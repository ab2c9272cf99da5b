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
let delay = 1000;

function card(gameId) {
  return document.querySelector(`.game-card[data-game="${gameId}"]`);
}

function drawGame(message) {
  const el = card(message.game);
  if (!el) return;
  el.querySelector(".live-status").textContent = message.status;
  el.querySelector(".live-score").textContent = message.started
    ? `· ${signed(message.score[0])} : ${signed(message.score[1])}` : "";
  el.querySelector(".your-turn").hidden = !message.your_turn;
  const started = el.querySelector(".live-started");
  if (started) started.textContent = message.started ? started.dataset.yes : started.dataset.no;
  el.classList.toggle("mine", message.your_turn);
  el.dataset.version = String(message.version);
}

function drawPresence(message) {
  const el = card(message.game);
  if (el) el.querySelector(".live-here").textContent = message.here;
}

function drawAll() {
  games.forEach(drawGame);
  here.forEach(drawPresence);
}

async function refresh() {
  if (fetching) return fetching;
  fetching = (async () => {
    try {
      const response = await fetch("/", { credentials: "same-origin" });
      const doc = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = doc.querySelector(".sections");
      if (!fresh || !sections()) return;
      for (const el of fresh.querySelectorAll(".game-card[data-game]")) {
        if (!known.has(el.dataset.game)) el.classList.add("just-added");
      }
      sections().replaceWith(fresh);
      known = new Set([...document.querySelectorAll(".game-card[data-game]")].map((c) => c.dataset.game));
      drawAll();
      document.body.dataset.refreshes = String(Number(document.body.dataset.refreshes || 0) + 1);
    } finally {
      fetching = null;
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
    setTimeout(connect, delay);
    delay = Math.min(delay * 2, 30000);
  });
}

if (sections()) connect();

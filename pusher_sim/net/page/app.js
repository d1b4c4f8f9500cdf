// The page: the lobby, the seats and the chat, the move list, and the hosted game's table
// (table.js, which the host makes from the game's registry entry: its own table, or the
// readable default for a game without one).
import { Connection, heldToken } from "./connection.js";
import { el, actionText } from "./dom.js";

const NAME_KEY = "pusher-name";
const $ = (id) => document.getElementById(id);

const state = {
  game: null,
  config: null,
  seat: -3,
  toMove: -1,
  observation: null,
  legal: [],
  moves: 0,
  over: false,
  returns: null,
  seats: [],
  module: null,
  table: null,
  chatSeen: -1,
  busy: false, // a move is being played back: the board takes no input until it ends
  started: false,
};
window.pusherPage = state; // for the tests and the benchmark: what the page holds, read-only use

// The host's messages are handled one at a time, in order: a "start" or a move that arrives
// while the welcome is still loading the table waits for it.
let handled = Promise.resolve();
function pageError(e) {
  console.error(e);
  status(`page error: ${e.message}`);
}

const connection = new Connection({
  message: (data) => {
    handled = handled.then(() => receive(data)).catch(pageError);
  },
  status: (text) => status(text),
  lost: () => {
    // nothing can be played until the host has said where the game stands
    state.legal = [];
    state.table?.render(state, null);
  },
  refused: (code, message) => {
    status(`the host refused: ${message}`);
    if (code === "bad-token" || code === "no-seat" || code === "seat-taken") showLobby(message);
  },
});

function status(text) {
  $("status").textContent = text;
}

function showLobby(note) {
  $("lobby").hidden = false;
  $("lobby-note").textContent = note ?? "";
  $("name").value = localStorage.getItem(NAME_KEY) ?? "";
}

function join(role) {
  const name = $("name").value.trim().slice(0, 32);
  localStorage.setItem(NAME_KEY, name);
  $("lobby").hidden = true;
  connection.open(role, name);
}

$("play").addEventListener("click", () => join("play"));
$("watch").addEventListener("click", () => join("watch"));
$("rules-button").addEventListener("click", showRules);
$("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("chat-text").value.trim();
  if (text) connection.send("chat", { text });
  $("chat-text").value = "";
});

if (heldToken()) connection.open("play", localStorage.getItem(NAME_KEY) ?? "");
else {
  status("not joined");
  showLobby();
}

function seatLabel(n) {
  if (n === -3) return "a spectator";
  if (state.module?.seatLabel) return state.module.seatLabel(n, state.config);
  return `seat ${n}`;
}

function act(action) {
  if (state.over || state.busy || state.toMove !== state.seat) return;
  connection.send("act", { move: state.moves, action });
  state.legal = [];
  state.table.render(state, null);
}

async function receive(data) {
  switch (data.kind) {
    case "welcome":
      return welcome(data);
    case "start":
      state.started = true;
      return news(data, null);
    case "move":
      return news(data, data);
    case "seats":
      return seats(data);
    case "chat":
      return chat(data);
    case "end":
      return end(data);
    case "error":
      return status(`${data.code}: ${data.message}`);
    default:
      return undefined;
  }
}

async function welcome(data) {
  const view = data.view;
  state.seat = data.seat;
  state.game = view.game;
  state.config = view.config;
  state.toMove = view.to_move;
  state.observation = view.observation;
  state.started = data.started;
  state.legal = view.legal;
  state.moves = data.moves;
  state.over = false;
  state.module = await import("./table.js");
  document.title = `${state.module.TITLE ?? view.game}: play in a browser`;
  $("title").textContent = state.module.TITLE ?? view.game;
  $("rules-button").hidden = false;
  $("lobby").hidden = true;
  $("table").hidden = false;
  const root = $("game");
  root.replaceChildren();
  state.table = state.module.createTable(root, {
    act,
    seatLabel,
    busy: (b) => {
      state.busy = b;
      if (state.started && !state.over) status(turnStatus());
    },
  });
  $("moves").replaceChildren(...view.history.map((seen, n) => moveItem(seen, n + 1)));
  $("chat").replaceChildren();
  state.chatSeen = -1;
  for (const line of data.chat ?? []) chat(line);
  status(
    !data.started
      ? "waiting for the other players"
      : data.seat >= 0
        ? `you play ${seatLabel(data.seat)}`
        : "you are watching",
  );
  seats(data);
  state.table.render(state, null);
  if (!performance.getEntriesByName("board").length) performance.mark("board"); // bench_page.py
}

function news(data, move) {
  if (move) {
    state.moves = move.number;
    $("moves").append(moveItem(move.seen, move.number));
    scrollToEnd($("moves"));
  }
  state.toMove = data.to_move;
  state.observation = data.observation;
  state.legal = data.legal;
  state.table.render(state, move);
  if (!state.over) status(turnStatus());
}

function turnStatus() {
  if (state.busy) return "playing the last move back…";
  return state.toMove === state.seat ? "your move" : turnText();
}

// A list's own box scrolled to its last line; the page itself never moves (on a phone a
// scrollIntoView took the header and the board's top off the screen).
function scrollToEnd(list) {
  list.scrollTop = list.scrollHeight;
}

function turnText() {
  if (state.toMove >= 0) return `${seatLabel(state.toMove)} to move`;
  return state.toMove === -2 ? "the game is over" : "…";
}

function moveItem(seen, number) {
  const who = seen.mover >= 0 ? seatLabel(seen.mover) : "chance";
  const what =
    seen.action === null
      ? "(hidden)"
      : (state.module?.describe ?? actionText)(seen.action, state.config);
  return el("li", { value: number, text: `${who}: ${what}` });
}

function seats(data) {
  if (!Array.isArray(data.seats)) return;
  state.seats = data.seats;
  $("seats").replaceChildren(
    ...data.seats.map((s, n) => {
      const who = s.name ? `${seatLabel(n)}: ${s.name}` : seatLabel(n);
      const person = s.kind === "person" || s.kind === "open";
      const what =
        s.kind === "open"
          ? "open"
          : person
            ? s.present
              ? ""
              : "away"
            : s.kind === "bot"
              ? "bot"
              : `bot: ${s.kind}`;
      const extra = person && s.bot ? "played by a bot" : what;
      return el("li", { class: n === state.seat ? "you" : "" }, [
        el("span", { class: `dot${s.present || !person ? " on" : ""}` }),
        el("span", { text: who }),
        extra ? el("small", { text: `(${extra})` }) : null,
        n === state.seat ? el("small", { text: "you" }) : null,
      ]);
    }),
  );
  const watchers = Array.isArray(data.watchers) ? data.watchers : [];
  $("watchers").textContent = watchers.length
    ? `watching: ${watchers.map((w) => w || "someone").join(", ")}`
    : "";
  if (typeof data.note === "string") $("seat-note").textContent = data.note;
  if (typeof data.waiting === "number" && data.waiting > 0) {
    status(`waiting for ${data.waiting} more player${data.waiting > 1 ? "s" : ""}`);
  }
}

function chat(line) {
  if (typeof line.n === "number") {
    if (line.n <= state.chatSeen) return;
    state.chatSeen = line.n;
  }
  const label = line.seat >= 0 ? seatLabel(line.seat) : "watching";
  const who = line.name ? `${line.name} · ${label}` : line.seat >= 0 ? label : "a spectator";
  $("chat").append(
    el("li", {}, [el("span", { class: "who", text: `${who}:` }), el("span", { text: line.text })]),
  );
  scrollToEnd($("chat"));
}

function end(data) {
  state.over = true;
  state.returns = data.returns;
  state.legal = [];
  state.table.render(state, null);
  const mine = state.seat >= 0 ? data.returns[state.seat] : null;
  const verdict =
    mine === null ? "" : mine > 0 ? ": you won" : mine < 0 ? ": you lost" : ": a draw";
  status(
    `the game is over${verdict} (${data.returns.map((r, n) => `${seatLabel(n)} ${r > 0 ? "+" : ""}${r}`).join(", ")})`,
  );
}

// The rules' plain text (hard-wrapped paragraphs, "- " lists, one-line headings) as elements.
function rulesNodes(text) {
  return text.split(/\n\s*\n/).map((block) => {
    const lines = block.split("\n");
    if (lines[0].startsWith("- ")) {
      const items = block.split(/\n(?=- )/).map((item) => item.slice(2).replace(/\s*\n\s*/g, " "));
      return el(
        "ul",
        {},
        items.map((item) => el("li", { text: item })),
      );
    }
    const joined = block.replace(/\s*\n\s*/g, " ").trim();
    const heading = lines.length === 1 && joined.length < 60 && !/[.:]$/.test(joined);
    return el(heading ? "h3" : "p", { text: joined });
  });
}

async function showRules() {
  const dialog = $("rules");
  if (!$("rules-text").childElementCount) {
    const answer = await fetch(`/rules/${encodeURIComponent(state.game)}`);
    const text = answer.ok ? await answer.text() : "the rules are not available here";
    $("rules-text").replaceChildren(...rulesNodes(text));
  }
  dialog.showModal();
}

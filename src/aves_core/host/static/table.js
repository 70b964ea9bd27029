// A table: the socket and its catch-up (the whole history on every load), whose turn it
// is, the seats' clocks under a time control (and a word to a player whose time ran out),
// undo when it can work, what happened, refusals, the connection's state, the result, a
// word that the table was dealt from a chosen seed, and the game's drawing (or the
// fallback) in between. Nothing here names a game.

import { SEEDED, call, el, list, reasonWords, refusal, show, sleep, motion, tokenKey } from "./kit.js";
import { gameInfo, loadDrawing, makeContext, rulesButton } from "./games.js";
import { App, current } from "./state.js";
import { drawClocks } from "./clocks.js";
import * as fallback from "./fallback.js";

const RETRY_FIRST_MS = 500, RETRY_MAX_MS = 15000;
const BOT_PAUSE_MS = 450;  // between two moves of other seats, so that a person can follow
const SENT_WAIT_MS = 5000;  // the longest a sent move keeps another from being sent

export async function openTable(here, table, seat) {
  Object.assign(App, { table, seat, token: seat === null ? null : localStorage.getItem(tokenKey(table, seat)),
                       view: null, next: 0, received: 0, lines: [], final: null, board: null, undo: false,
                       updates: Promise.resolve(), pending: 0, idle: true, retries: 0, seats: [],
                       clocks: null, seeded: false, sentAt: null });
  try {
    const summary = await call("GET", `tables/${table}`);
    App.game = summary.game;
    App.names = summary.players;
    App.seats = summary.seats;
    App.seeded = Boolean(summary.seeded);
    App.info = await gameInfo(summary.game);
    App.drawing = await loadDrawing(App.info);
  } catch (error) {
    if (current(here)) {
      show(el("p", {}, error.code === "no_such_table" ? "There is no such table." : `The server did not answer: ${error.message}`),
           el("a", { href: "#/" }, "Back to the lobby"));
    }
    return;
  }
  if (!current(here)) return;
  // Asked only once the table is known to be there: a table that is not has nothing to
  // take.
  if (seat !== null && !App.token) {
    return show(el("p", {}, "This browser holds no token for that seat. "),
      el("a", { href: `#/table/${table}/join/${seat}` }, "Take the seat"), " or ",
      el("a", { href: `#/table/${table}` }, "watch the table"), ".");
  }
  // For tests and the curious: draw a message as if the socket had brought it.
  App.receive = (message) => receive(here, message);
  show(el("p", { class: "muted" }, "Connecting…"));
  connect(here);
}

function socketUrl() {
  const base = new URL(`api/tables/${App.table}/socket`, location.href);
  base.protocol = base.protocol === "https:" ? "wss:" : "ws:";
  return base.href;
}

// One socket at a time. Its hello always asks for the events since the last one drawn
// (0 on a first load: the whole history, for "What happened"); a closed socket is
// reopened after a growing wait (0.5 s, 1 s, 2 s ... 15 s), and the page says so.
function connect(here) {
  App.closing = false;
  const socket = new WebSocket(socketUrl());
  App.socket = socket;
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ type: "hello", seat: App.seat, token: App.token, since: App.received }));
  });
  socket.addEventListener("message", (message) => receive(here, JSON.parse(message.data)));
  socket.addEventListener("close", (closed) => {
    if (App.socket !== socket || App.closing || !current(here)) return;
    if (closed.code === 4403) return connection(`You no longer hold this seat: ${closed.reason || "it was left"}.`, null);
    const wait = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** App.retries);
    App.retries += 1;
    const again = () => { if (App.socket === socket && current(here)) { clearTimeout(App.retryTimer); connect(here); } };
    App.retryTimer = setTimeout(again, wait);
    connection(`The connection to the server is lost. Trying again in ${Math.round(wait / 100) / 10} s…`, again);
    drawButtons();
  });
}

// The notice above the board while the server cannot be reached (null: none).
function connection(message, retry) {
  const box = document.getElementById("connection");
  if (!box) return;
  box.hidden = !message;
  box.replaceChildren(...(message ? [el("span", {}, message), retry
    ? el("button", { id: "reconnect", onclick: retry }, "Try now") : null] : []));
}

function connected() { return App.socket && App.socket.readyState === WebSocket.OPEN; }

function send(move) {
  if (!connected()) return notice({ message: "Not connected to the server: your move was not sent" });
  // One move at a time: until the server answers (its events, or a refusal), another
  // click (a double click, the old drawing clicked again) sends nothing, where it
  // would be refused as out of turn and said as an error. (After SENT_WAIT_MS without
  // an answer a click sends again, whatever kept the answer.)
  const now = performance.now();
  if (App.sentAt !== null && App.sentAt.received === App.received
      && now - App.sentAt.time < SENT_WAIT_MS) return;
  App.sentAt = { received: App.received, time: now };
  App.socket.send(JSON.stringify({ type: "move", move }));
}

function hook(name) { return App.drawing[name] || fallback[name]; }

function context() { return makeContext(App.info, App.seat, App.names, send, { seats: App.seats }); }

// Messages are drawn in order: a drawing's update may take its time (an animation). The
// first batch after a hello is history (drawn at once); the rest happen now.
function receive(here, message) {
  // A running clock counts down from when its message arrived, not from when it is drawn.
  const clocks = message.clocks ? { data: message.clocks, arrived: performance.now() } : null;
  if (message.type === "error") {
    App.sentAt = null;
    if (App.board || !current(here)) return notice(message.error);
    // Refused before anything was drawn (a token that no longer holds the seat).
    App.closing = true;
    return show(el("p", { class: "notice", id: "notice" }, refusal(message.error)),
      el("p", { class: "row" }, el("a", { href: `#/table/${App.table}` }, "Watch the table"),
        el("a", { href: "#/" }, "Back to the lobby")));
  }
  if (message.type === "welcome") {
    App.retries = 0;
    App.sentAt = null;
    App.undo = Boolean(message.undo);
    App.catchingUp = true;
    connection(null);
    App.clocks = clocks;
    if (App.board) drawSeatClocks();
    return;
  }
  const live = !App.catchingUp;
  // The first batch of a page is the whole history: the drawing starts afresh with it.
  const fresh = App.catchingUp && App.view === null;
  App.catchingUp = false;
  const events = message.events || [];
  App.received = message.next;
  App.pending += 1;
  App.idle = false;
  App.updates = App.updates.then(async () => {
    if (!current(here)) return;
    if (!App.board) mountBoard();
    const ctx = context();
    // A seat whose time just ran out: said before the move the stand-in bot played for it.
    if (live) for (const seat of newlyTimedOut(App.clocks && App.clocks.data, message.clocks)) {
      App.lines.push(seat === App.seat ? "Your time ran out: a bot played your move"
        : `Time ran out for ${seatWord(seat)}: a bot played the move`);
    }
    for (const event of events) {
      const text = hook("narrate")(event, ctx);
      if (text) App.lines.push(text);
    }
    try { await App.board.update(message.view, events, { live, fresh }); } catch (error) { console.error(error); }
    App.view = message.view;
    App.next = message.next;
    App.undo = Boolean(message.undo);
    App.clocks = clocks;
    drawShell();
    // Another seat's move (a bot's most often) stays on the table a moment before the next.
    if (live && motion() && events.length && !message.view.legal_moves.length) await sleep(BOT_PAUSE_MS);
  }).finally(() => {
    App.pending -= 1;
    App.idle = App.pending === 0;
  });
}

// The seats timed out in `after` (a message's clocks) that were not in `before`.
function newlyTimedOut(before, after) {
  if (!after || !Array.isArray(after.seats)) return [];
  const was = new Set(((before && before.seats) || []).filter((seat) => seat.timed_out).map((seat) => seat.seat));
  return after.seats.filter((seat) => seat.timed_out && !was.has(seat.seat)).map((seat) => seat.seat);
}

function mountBoard() {
  const root = el("div", { id: "board" });
  show(el("div", { class: "table-head" }, el("h1", {}, App.info.name),
      el("nav", { class: "row table-links", "aria-label": "this table" },
        el("a", { href: "#/" }, "← Lobby"),
        el("a", { href: `#/new/${App.info.id}/from/${App.table}/${App.seat === null ? "watch" : App.seat}`,
                  id: "new-game" }, "New game"),
        el("span", { id: "replay-link" }),
        rulesButton(App.drawing, context()))),
    el("div", { id: "connection", class: "connection", role: "status", hidden: true }),
    el("p", { id: "seeded", class: "seeded-note", hidden: !App.seeded }, `${SEEDED}.`),
    el("div", { id: "status-bar", class: "status-bar" },
      el("div", { id: "status-box" }),
      el("div", { id: "status-actions", class: "row status-actions", role: "group", "aria-label": "your moves", hidden: true })),
    el("ul", { id: "clocks", class: "clocks", "aria-label": "clocks", hidden: true }),
    el("p", { id: "timed-out", class: "timed-out-note", role: "status", hidden: true }),
    el("div", { id: "notice", class: "notice", role: "alert", hidden: true }),
    root,
    el("div", { class: "row", id: "buttons" }),
    el("section", { class: "panel", "aria-labelledby": "log-title" },
      el("h2", { id: "log-title" }, "What happened"), el("div", { class: "log", id: "log", tabindex: "0" })));
  try {
    App.board = App.drawing.mount(root, context());
  } catch (error) {
    console.error(error);
    notice({ message: `The drawing of ${App.info.name} failed (${error.message}): showing its data` });
    App.drawing = fallback;
    App.board = fallback.mount(root, context());
  }
  // The drawing redraws its buttons as the view changes and as a person picks: the bar
  // follows every change of the board.
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; mirrorActions(root); });
  }).observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["disabled"] });
}

// The status bar stays at the top of the screen (as Board Game Arena's does): whose turn,
// what to do, and the moves a drawing marks as the turn's actions (`data-status-action`
// on a button: Draw, Pass, Stop examining ...), so that a person scrolled down to a hand
// on a phone still sees and reaches them. Each is a stand-in that clicks the drawing's
// own button, which stays where the drawing put it.
function mirrorActions(root) {
  const box = document.getElementById("status-actions");
  if (!box) return;
  const actions = [...root.querySelectorAll("button[data-status-action]")]
    .filter((button) => button.isConnected && !button.closest("[hidden]"));
  box.replaceChildren(...actions.map((button) => el("button", {
    type: "button", class: `${button.classList.contains("primary") ? "primary " : ""}status-action`,
    disabled: button.disabled, "aria-label": button.getAttribute("aria-label"),
    onclick: () => button.click() }, button.textContent)));
  box.hidden = actions.length === 0;
}

let noticeTimer = null;
// A refusal or a problem, in words, just under the status line (never over the log).
function notice(error) {
  const box = document.getElementById("notice");
  if (!box) return;
  box.replaceChildren(el("span", {}, refusal(error)),
    el("button", { class: "close", "aria-label": "dismiss", onclick: () => { box.hidden = true; } }, "×"));
  box.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => { box.hidden = true; }, 9000);
}

function who(seat) { return context().name(seat); }

function drawButtons() {
  const buttons = document.getElementById("buttons");
  if (!buttons || !App.view) return;
  buttons.replaceChildren();
  // Undo only when the game's policy lets this seat take its last move back now.
  if (App.seat !== null && !App.view.result && App.undo) {
    buttons.append(el("button", { id: "undo", disabled: !connected(),
      onclick: () => connected() && App.socket.send(JSON.stringify({ type: "undo" })) }, "Undo my last move"));
  }
  const links = JSON.parse(sessionStorage.getItem(`aves:links:${App.table}`) || "[]");
  if (links.length && !App.view.result) {
    buttons.append(el("span", { class: "muted" }, "Send each friend their link: ", links.map((link) =>
      el("code", { class: "share" }, link, " "))));
  }
}

function drawShell() {
  const view = App.view;
  document.getElementById("status-box").replaceChildren(status(view));
  drawSeatClocks();
  drawButtons();
  if (view.result) {
    document.getElementById("replay-link").replaceChildren(el("a", { href: `#/replay/${App.table}`, id: "replay-table" }, "Replay"));
  }
  const log = document.getElementById("log");
  log.replaceChildren(...App.lines.slice(-300).map((line) => {
    const sub = /^\s+/.test(line);
    return el("div", { class: sub ? "sub" : "" }, line.trim());
  }));
  log.scrollTop = log.scrollHeight;
  if (view.result && App.final === null) finalOutcome(App.route);
}

// Who won and why, in words: "Ann, Bo and you won (collected all seven colours)".
export function resultWords(result, info, name) {
  return `${list(result.winners.map(name))} won (${reasonWords(info, result.reason)})`;
}

// Each seat's clock beside its name ("Ana (you)", "Bo (bot)"), when the table has a time
// control.
function drawSeatClocks() {
  const name = (seat) => {
    const found = App.seats[seat];
    const base = App.names[seat] ?? `seat ${seat + 1}`;
    return seat === App.seat ? `${base} (you)` : found && found.bot ? `${base} (bot)` : base;
  };
  const clocks = App.clocks && App.clocks.data;
  drawClocks(document.getElementById("clocks"), clocks, App.clocks && App.clocks.arrived, name);
  // The player whose time ran out is told what happened and how to come back: the mark
  // stays until the seat moves itself.
  const mine = App.seat !== null && clocks && clocks.control && Array.isArray(clocks.seats)
    && clocks.seats.find((seat) => seat.seat === App.seat);
  const out = Boolean(mine && mine.timed_out && !(App.view && App.view.result));
  const note = document.getElementById("timed-out");
  if (!note || note.hidden === !out) return;
  note.replaceChildren(...(out ? [el("strong", {}, "Your time ran out: "),
    "a bot played your move. Move to take your seat back."] : []));
  note.hidden = !out;
}

function seatWord(seat) {
  const found = App.seats[seat];
  return found && found.bot ? `${who(seat)} (bot)` : who(seat);
}

// Whose turn it is, or the result: read from the fields every game's view carries.
function status(view) {
  const result = view.result;
  if (result) {
    return el("div", { class: "result", id: "result" }, `Game over: ${resultWords(result, App.info, who)}.`,
      App.final ? App.final : null);
  }
  const mine = view.legal_moves.length > 0;
  const waiting = view.to_move.length ? `Waiting for ${list(view.to_move.map(seatWord))}…` : "Waiting…";
  // Several seats moving at once (a sealed bid): who else is still to move.
  const others = view.to_move.filter((seat) => seat !== App.seat);
  const also = mine && others.length ? el("span", { class: "muted", id: "also-moving" },
    ` (also to move: ${list(others.map(seatWord))})`) : null;
  return el("div", { class: "status", id: "status" }, mine ? el("span", { class: "you" }, "Your move: ") : null,
    mine ? hook("describe")(view, context()) : waiting, also,
    App.seat === null ? el("span", { class: "muted" }, " (you are watching)") : null);
}

// Once over, the game's own account of the end (each hand, each seat's tokens), drawn
// from the last report of the table's log, which holds everything.
async function finalOutcome(here) {
  App.final = el("div", { class: "muted" }, "");
  if (!App.drawing.outcome) return;
  try {
    // A seat's token: where the rules keep some of the log hidden for good, only the
    // table's seats get it (a spectator sees the result alone).
    const headers = App.token ? { Authorization: `Bearer ${App.token}` } : {};
    const answer = await fetch(`api/tables/${App.table}/log`, { headers });
    if (!answer.ok) return;
    const log = await answer.text();
    const steps = await call("POST", "replay", log);
    const report = steps.steps[steps.steps.length - 1].report;
    if (!current(here)) return;
    App.final = App.drawing.outcome(report, context());
    document.getElementById("status-box").replaceChildren(status(App.view));
  } catch (error) { /* the result itself is shown already */ }
}

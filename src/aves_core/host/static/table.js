// A table: the socket and its catch-up, whose turn it is, undo, what happened, the result,
// and the game's drawing (or the fallback) in between. Nothing here names a game.

import { call, el, show, toast, tokenKey } from "./kit.js";
import { gameInfo, loadDrawing, makeContext } from "./games.js";
import { App, current } from "./state.js";
import * as fallback from "./fallback.js";

export async function openTable(here, table, seat) {
  Object.assign(App, { table, seat, token: seat === null ? null : localStorage.getItem(tokenKey(table, seat)),
                       view: null, next: 0, lines: [], final: null, board: null, updates: Promise.resolve() });
  if (seat !== null && !App.token) return show(el("p", {}, "This browser has no token for that seat. "),
    el("a", { href: `#/table/${table}/join/${seat}` }, "Take the seat"), " or ",
    el("a", { href: `#/table/${table}` }, "watch"));
  try {
    const summary = await call("GET", `tables/${table}`);
    App.game = summary.game;
    App.names = summary.players;
    App.info = await gameInfo(summary.game);
    App.drawing = await loadDrawing(App.info);
  } catch (error) {
    if (current(here)) show(el("p", {}, `No such table: ${error.message}`));
    return;
  }
  if (!current(here)) return;
  show(el("p", { class: "muted" }, "Connecting…"));
  connect(here);
}

function socketUrl() {
  const base = new URL(`api/tables/${App.table}/socket`, location.href);
  base.protocol = base.protocol === "https:" ? "wss:" : "ws:";
  return base.href;
}

function connect(here) {
  App.closing = false;
  const socket = new WebSocket(socketUrl());
  App.socket = socket;
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ type: "hello", seat: App.seat, token: App.token,
                                 since: App.view ? App.next : null }));
  });
  socket.addEventListener("message", (message) => receive(here, JSON.parse(message.data)));
  socket.addEventListener("close", () => {
    if (App.socket === socket && !App.closing) setTimeout(() => { if (App.socket === socket) connect(here); }, 400);
  });
}

function send(move) {
  if (!App.socket || App.socket.readyState !== WebSocket.OPEN) return toast("Not connected yet: try again");
  App.socket.send(JSON.stringify({ type: "move", move }));
}

function hook(name) { return App.drawing[name] || fallback[name]; }

function context() { return makeContext(App.info, App.seat, App.names, send); }

// Messages are drawn in order: a drawing's update may take its time (an animation).
function receive(here, message) {
  if (message.type === "error") {
    toast(`Refused (${message.error.code}): ${message.error.message}`);
    return;
  }
  const events = message.type === "events" ? message.events : [];
  App.updates = App.updates.then(async () => {
    if (!current(here)) return;
    if (!App.board) mountBoard();
    for (const event of events) {
      const text = hook("narrate")(event, context());
      if (text) App.lines.push(text);
    }
    try { await App.board.update(message.view, events); } catch (error) { console.error(error); }
    App.view = message.view;
    App.next = message.next;
    drawShell();
  });
}

function mountBoard() {
  const root = el("div", { id: "board" });
  show(el("h2", {}, `${App.info.name} · table ${App.table}`), el("div", { id: "status-box" }), root,
    el("div", { class: "row", id: "buttons" }),
    el("div", { class: "panel" }, el("h3", {}, "What happened"), el("div", { class: "log", id: "log" })));
  try {
    App.board = App.drawing.mount(root, context());
  } catch (error) {
    console.error(error);
    toast(`The drawing of ${App.info.name} failed (${error.message}): showing its data`);
    App.drawing = fallback;
    App.board = fallback.mount(root, context());
  }
}

function who(seat) { return context().name(seat); }

function drawShell() {
  const view = App.view;
  document.getElementById("status-box").replaceChildren(status(view));
  const buttons = document.getElementById("buttons");
  buttons.replaceChildren();
  if (App.seat !== null && !view.result) {
    buttons.append(el("button", { id: "undo", onclick: () => App.socket.send(JSON.stringify({ type: "undo" })) }, "Undo"));
  }
  const links = JSON.parse(sessionStorage.getItem(`aves:links:${App.table}`) || "[]");
  if (links.length) buttons.append(el("span", { class: "muted" }, "Share: ", links.map((link) =>
    el("code", { class: "share" }, link, " "))));
  const log = document.getElementById("log");
  log.replaceChildren(...App.lines.slice(-60).map((line) => el("div", {}, line)));
  log.scrollTop = log.scrollHeight;
  if (view.result && App.final === null) finalOutcome(App.route);
}

// Whose turn it is, or the result: read from the fields every game's view carries.
function status(view) {
  const result = view.result;
  if (result) {
    const winners = result.winners.map(who).join(" and ");
    return el("div", { class: "result", id: "result" }, `Game over: ${winners} won (${result.reason.replace(/_/g, " ")})`,
      App.final ? App.final : null);
  }
  const mine = view.legal_moves.length > 0;
  const waiting = view.to_move.length ? `Waiting for ${view.to_move.map(who).join(" and ")}…` : "Waiting…";
  return el("div", { class: "status", id: "status" }, mine ? el("span", { class: "you" }, "Your move: ") : null,
    mine ? hook("describe")(view, context()) : waiting,
    App.seat === null ? el("span", { class: "muted" }, " (you are watching)") : null);
}

// Once over, the game's own account of the end (each hand, each seat's tokens), drawn
// from the last report of the table's log, which holds everything.
async function finalOutcome(here) {
  App.final = el("div", { class: "muted" }, "");
  if (!App.drawing.outcome) return;
  try {
    const log = await fetch(`api/tables/${App.table}/log`).then((answer) => answer.text());
    const steps = await call("POST", "replay", log);
    const report = steps.steps[steps.steps.length - 1].report;
    if (!current(here)) return;
    App.final = App.drawing.outcome(report, context());
    document.getElementById("status-box").replaceChildren(status(App.view));
  } catch (error) { /* the result itself is shown already */ }
}

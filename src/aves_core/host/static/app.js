// aves-core's browser client: a lobby, the tables of every game, spectating and a
// replay viewer. Plain JavaScript, no build step, nothing fetched from outside the
// server. Every path is relative to the page, so the app works mounted anywhere.
"use strict";

const App = { socket: null, table: null, seat: null, token: null, game: null, names: [],
              view: null, next: 0, selected: null, cell: null, lines: [], last: null,
              closing: false, final: null };
window.avesClient = App;  // for tests and the curious: avesClient.socket.close()

const COLOURS = { R: "red", O: "orange", Y: "yellow", G: "green", B: "blue", I: "indigo",
                  V: "violet", C: "crow" };
const CHARACTERS = { little_death: "Little Death", anubis: "Anubis", hei_bai: "Hei & Bai" };

// --- small helpers -----------------------------------------------------------------

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function show(...nodes) {
  const main = document.getElementById("main");
  main.replaceChildren(...nodes);
}

let toastTimer = null;
function toast(message, ok) {
  const box = document.getElementById("toast");
  box.textContent = message;
  box.className = ok ? "ok" : "";
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, 5000);
}

async function call(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const answer = await fetch(`api/${path}`, { method, headers,
    body: body === undefined ? undefined : (typeof body === "string" ? body : JSON.stringify(body)) });
  const text = await answer.text();
  let data = null;
  try { data = JSON.parse(text); } catch (error) { data = { error: { code: "not_json", message: text } }; }
  if (!answer.ok) {
    const error = new Error(data.error ? data.error.message : answer.statusText);
    error.code = data.error ? data.error.code : String(answer.status);
    throw error;
  }
  return data;
}

function refused(error) { toast(`Refused (${error.code}): ${error.message}`); }

function tokenKey(table, seat) { return `aves:${table}:${seat}`; }

// --- routing ---------------------------------------------------------------------------

function route() {
  closeSocket();
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean);
  if (parts[0] === "table" && parts[1]) {
    if (parts[2] === "join" && parts[3] !== undefined) return joinSeat(parts[1], Number(parts[3]));
    if (parts[2] === "seat" && parts[3] !== undefined) return openTable(parts[1], Number(parts[3]));
    return openTable(parts[1], null);
  }
  if (parts[0] === "replay") return replayPage(parts[1] || null);
  return lobbyPage();
}
window.addEventListener("hashchange", route);
window.addEventListener("DOMContentLoaded", route);

// --- the lobby ---------------------------------------------------------------------------

async function lobbyPage() {
  show(el("p", { class: "muted" }, "Loading the lobby…"));
  let games, tables;
  try {
    [games, tables] = await Promise.all([call("GET", "games"), call("GET", "tables")]);
  } catch (error) { return show(el("p", {}, `The server did not answer: ${error.message}`)); }
  const form = el("div", { class: "panel", id: "new-table" });
  const list = el("div", { class: "panel" }, el("h2", {}, "Tables"), tableList(tables.tables));
  show(el("h1", {}, "Play AVES, Soulaween and more"), form, list);
  newTableForm(form, games.games);
}

function tableList(tables) {
  if (!tables.length) return el("p", { class: "muted" }, "No table yet: start one above.");
  return el("table", { class: "list" }, el("tr", {}, el("th", {}, "Game"), el("th", {}, "Players"),
      el("th", {}, "")),
    tables.map((table) => el("tr", {},
      el("td", {}, table.game), el("td", {}, table.players.join(", ")),
      el("td", {}, el("div", { class: "row" },
        table.open.map((seat) => el("a", { href: `#/table/${table.table}/join/${seat}` },
                                    `take seat ${seat}`)),
        el("a", { href: `#/table/${table.table}` }, "watch"),
        table.over ? el("a", { href: `#/replay/${table.table}` }, "replay") : null)))));
}

function newTableForm(form, games) {
  const gameSelect = el("select", { id: "game" },
    games.map((game) => el("option", { value: game.id }, `${game.name} — ${game.summary}`)));
  const body = el("div");
  form.append(el("h2", {}, "New table"), el("div", { class: "row" }, el("label", {}, "Game ",
    gameSelect)), body);
  const draw = () => drawGameForm(body, games.find((game) => game.id === gameSelect.value));
  gameSelect.addEventListener("change", draw);
  draw();
}

function drawGameForm(body, game) {
  const counts = [];
  for (let n = game.min_players; n <= game.max_players; n++) counts.push(n);
  const count = el("select", { id: "players" }, counts.map((n) =>
    el("option", { value: n, selected: n === Math.min(Math.max(3, game.min_players), game.max_players) }, n)));
  const seats = el("div", { class: "seats" });
  const options = el("div", { class: "row" });
  const create = el("button", { class: "primary", id: "create" }, "Create the table");
  body.replaceChildren(el("div", { class: "row" }, el("label", {}, "Players ", count)), seats,
    el("h3", {}, "Options"), options, el("p", {}, create));
  const drawSeats = () => {
    seats.replaceChildren(...Array.from({ length: Number(count.value) }, (_, seat) => el("div",
      { class: "seat panel" }, el("div", {}, `Seat ${seat}`),
      el("input", { class: "name", value: `player ${seat}`, maxlength: 40 }),
      el("select", { class: "who" }, seat === 0 ? el("option", { value: "me" }, "me") : null,
        el("option", { value: "human" }, "a friend (share a link)"),
        game.bots.map((bot) => el("option", { value: bot, selected: seat > 0 && bot === "greedy" },
                                  `bot: ${bot}`))))));
  };
  count.addEventListener("change", drawSeats);
  drawSeats();
  const inputs = optionInputs(options, game);
  create.addEventListener("click", () => createTable(game, seats, inputs));
}

function optionInputs(box, game) {
  // Each option of the game's defaults: a checkbox for a flag, a choice for the rest.
  const read = {};
  for (const [key, value] of Object.entries(game.options)) {
    if (typeof value === "boolean") {
      const box2 = el("input", { type: "checkbox", id: `option-${key}` });
      box.append(el("label", {}, box2, ` ${key}`));
      read[key] = () => box2.checked;
    } else if (key === "mode") {
      const select = el("select", { id: "option-mode" }, ["simple", "standard"].map((mode) =>
        el("option", { value: mode }, mode)));
      box.append(el("label", {}, "mode ", select));
      read[key] = () => select.value;
    }
  }
  if (!Object.keys(read).length) box.append(el("span", { class: "muted" }, "none"));
  return read;
}

async function createTable(game, seats, inputs) {
  const players = [], bots = {}, humans = [];
  let me = null;
  seats.querySelectorAll(".seat").forEach((seat, index) => {
    players.push(seat.querySelector(".name").value.trim() || `player ${index}`);
    const who = seat.querySelector(".who").value;
    if (who === "me") me = index;
    else if (who === "human") humans.push(index);
    else bots[String(index)] = who;
  });
  const options = {};
  for (const [key, read] of Object.entries(inputs)) options[key] = read();
  try {
    const table = await call("POST", "tables", { game: game.id, players, options, bots });
    if (me !== null) {
      const joined = await call("POST", `tables/${table.table}/seats/${me}/join`);
      localStorage.setItem(tokenKey(table.table, me), joined.token);
    }
    if (humans.length) {
      const links = humans.map((seat) => `${location.href.split("#")[0]}#/table/${table.table}/join/${seat}`);
      sessionStorage.setItem(`aves:links:${table.table}`, JSON.stringify(links));
    }
    location.hash = me !== null ? `#/table/${table.table}/seat/${me}` : `#/table/${table.table}`;
  } catch (error) { refused(error); }
}

async function joinSeat(table, seat) {
  try {
    const joined = await call("POST", `tables/${table}/seats/${seat}/join`);
    localStorage.setItem(tokenKey(table, seat), joined.token);
    location.hash = `#/table/${table}/seat/${seat}`;
  } catch (error) {
    show(el("p", {}, `You cannot take seat ${seat}: ${error.message}`),
         el("a", { href: `#/table/${table}` }, "Watch the table instead"));
  }
}

// --- a table -------------------------------------------------------------------------------

async function openTable(table, seat) {
  Object.assign(App, { table, seat, token: seat === null ? null : localStorage.getItem(tokenKey(table, seat)),
                       view: null, next: 0, selected: null, cell: null, lines: [], last: null, final: null });
  if (seat !== null && !App.token) return show(el("p", {}, "This browser has no token for that seat. "),
    el("a", { href: `#/table/${table}/join/${seat}` }, "Take the seat"), " or ",
    el("a", { href: `#/table/${table}` }, "watch"));
  try {
    const summary = await call("GET", `tables/${table}`);
    App.game = summary.game;
    App.names = summary.players;
  } catch (error) { return show(el("p", {}, `No such table: ${error.message}`)); }
  show(el("p", { class: "muted" }, "Connecting…"));
  connect();
}

function socketUrl() {
  const base = new URL(`api/tables/${App.table}/socket`, location.href);
  base.protocol = base.protocol === "https:" ? "wss:" : "ws:";
  return base.href;
}

function connect() {
  App.closing = false;
  const socket = new WebSocket(socketUrl());
  App.socket = socket;
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ type: "hello", seat: App.seat, token: App.token,
                                 since: App.view ? App.next : null }));
  });
  socket.addEventListener("message", (message) => receive(JSON.parse(message.data)));
  socket.addEventListener("close", () => {
    if (App.socket === socket && !App.closing) setTimeout(() => { if (App.socket === socket) connect(); }, 400);
  });
}

function closeSocket() {
  App.closing = true;
  if (App.socket) App.socket.close();
  App.socket = null;
}

function receive(message) {
  if (message.type === "error") {
    toast(`Refused (${message.error.code}): ${message.error.message}`);
    return;
  }
  if (message.type === "events") {
    for (const event of message.events) {
      const text = eventText(event);
      if (text) App.lines.push(text);
      if (event.type === "card_placed" || event.type === "card_returned") App.last = event.card;
      if (event.type === "piece_put") App.last = event.cell;
    }
  }
  App.view = message.view;
  App.next = message.next;
  App.selected = null;
  App.cell = null;
  draw();
}

function send(move) {
  if (!App.socket || App.socket.readyState !== WebSocket.OPEN) return toast("Not connected yet: try again");
  App.socket.send(JSON.stringify({ type: "move", move }));
}

function who(seat) { return seat === App.seat ? "you" : (App.names[seat] || `seat ${seat}`); }

function draw() {
  const view = App.view;
  const board = App.game === "soulaween" ? soulaween(view) : aves(view);
  const buttons = el("div", { class: "row" });
  if (App.seat !== null && !resultOf(view)) {
    buttons.append(el("button", { id: "undo", onclick: () => App.socket.send(JSON.stringify({ type: "undo" })) }, "Undo"));
  }
  const links = JSON.parse(sessionStorage.getItem(`aves:links:${App.table}`) || "[]");
  if (links.length) buttons.append(el("span", { class: "muted" }, "Share: ", links.map((link) =>
    el("code", { class: "share" }, link, " "))));
  show(el("h2", {}, `${App.game === "soulaween" ? "Soulaween" : "AVES"} · table ${App.table}`),
    status(view), board, buttons,
    el("div", { class: "panel" }, el("h3", {}, "What happened"),
       el("div", { class: "log", id: "log" }, App.lines.slice(-60).map((line) => el("div", {}, line)))));
  const log = document.getElementById("log");
  log.scrollTop = log.scrollHeight;
  if (resultOf(view) && App.final === null) finalRanking();
}

// AVES's view holds its result; Soulaween's is inside the state its players see.
function resultOf(view) { return App.game === "soulaween" ? view.state.result : view.result; }

function status(view) {
  const result = resultOf(view);
  if (result) {
    const winners = result.winners.map(who).join(" and ");
    return el("div", { class: "result", id: "result" }, `Game over: ${winners} won (${result.reason.replace(/_/g, " ")})`,
      App.final ? App.final : null);
  }
  const active = App.game === "soulaween" ? view.state.active : view.active_player;
  const mine = view.legal_moves.length > 0;
  return el("div", { class: "status", id: "status" }, mine ? el("span", { class: "you" }, "Your move: ") : null,
    mine ? prompt(view) : `Waiting for ${who(active)}…`,
    App.seat === null ? el("span", { class: "muted" }, " (you are watching)") : null);
}

function prompt(view) {
  const phase = App.game === "soulaween" ? view.state.phase : view.phase;
  return { forcedReturn: "you hold 8 cards: return one to any gap",
           playerTurn: App.game === "soulaween" ? "put a piece on an empty cell" : "place a card in a gap",
           chooseReap: "choose the pattern to reap", chooseRotation: "rotate or keep your stance" }[phase] || phase;
}

async function finalRanking() {
  App.final = el("div", { class: "muted" }, "");
  try {
    const log = await fetch(`api/tables/${App.table}/log`).then((answer) => answer.text());
    const steps = await call("POST", "replay", log);
    const report = steps.steps[steps.steps.length - 1].report;
    App.final = rankingOf(report);
    draw();
  } catch (error) { /* the result itself is shown already */ }
}

function rankingOf(report) {
  if (!report.hands) return el("div", { class: "tokens" }, report.tokens.map((tokens, seat) =>
    el("div", {}, `${who(seat)}: ${tokens.length} token(s) `, tokens.map((token) => el("span", {}, token)))));
  return el("div", { class: "ranking" }, report.hands.map((hand, seat) => {
    const colours = new Set(hand.filter((code) => code[0] !== "C").map((code) => code[0])).size;
    const crows = hand.filter((code) => code[0] === "C").length;
    return el("div", { class: "row" }, el("b", {}, who(seat)),
      `${colours} colour(s), ${hand.length - crows} fruit, ${crows} crow(s)`,
      el("span", { class: "hand" }, hand.map((code) => card(code, true))));
  }));
}

// --- AVES --------------------------------------------------------------------------------------

function card(code, small) {
  if (!code) return el("span", { class: "card back" });
  const letter = code[0];
  return el("span", { class: `card c-${letter}`, "data-card": code, title: `${COLOURS[letter]} ${code.slice(1)}` },
    letter === "C" ? "C" : code.slice(1), small ? null : el("small", {}, COLOURS[letter]));
}

function eventText(event) {
  const c = (code) => code || "a card";
  switch (event.type) {
    case "card_placed": return `${who(event.seat)} put ${event.card} into gap ${event.gap}`;
    case "cards_taken": return `  match: ${who(event.seat)} took ${event.cards.join(" and ")}`;
    case "card_drawn": return `  miss: ${who(event.seat)} drew ${c(event.card)} from the deck`;
    case "card_returned": return `${who(event.seat)} returned ${event.card} to gap ${event.gap} (hand limit)`;
    case "circle_refilled": return `  the circle is refilled: ${event.cards.join(" ")}`;
    case "passed": return `${who(event.seat)} passed (only crows, no equal pair)`;
    case "return_due": return `  ${who(event.seat)} must return a card`;
    case "trade_undone": return `${who(event.seat)} took back ${event.card}`;
    case "piece_put": return `${who(event.seat)} put ${event.face} on ${event.cell}`;
    case "pieces_flipped": return `  flipped ${event.cells.join(" ")}`;
    case "reap_due": return `  ${who(event.seat)} must choose a pattern to reap`;
    case "pieces_reaped": return `  ${who(event.seat)} reaped ${event.cells.join("-")} for a ${event.token} token`;
    case "mat_cleaned": return `  the mat was full: every ${event.face} piece left it`;
    case "rotation_due": return `  ${who(event.seat)} may rotate`;
    case "rotated": return `${who(event.seat)} rotated to ${event.stance}`;
    case "kept": return `${who(event.seat)} kept the stance`;
    case "move_undone": return `${who(event.seat)} took back the last move`;
    case "game_ended": return `Game over: ${event.result.winners.map(who).join(" and ")} won`;
    default: return "";
  }
}

function aves(view) {
  const moves = view.legal_moves;
  const playable = new Set(moves.filter((move) => move.card).map((move) => move.card));
  const k = view.circle.length;
  const ring = el("div", { class: "circle", id: "circle" });
  const place = (angle, node) => {
    node.style.left = `${50 + 42 * Math.cos(angle)}%`;
    node.style.top = `${50 + 40 * Math.sin(angle)}%`;
    ring.append(node);
  };
  const step = (2 * Math.PI) / k;
  view.circle.forEach((code, index) => {
    const slot = el("span", { class: "slot" }, card(code));
    if (code === App.last) slot.firstChild.classList.add("last");
    place(-Math.PI / 2 + index * step, slot);
  });
  const chosen = App.selected;
  for (let gap = 0; gap < k; gap++) {
    const move = chosen && moves.find((m) => m.card === chosen && m.gap === gap);
    const node = el("span", { class: `gap${move ? " legal" : ""}`, "data-gap": gap }, gap);
    if (move) {
      const left = Number(view.circle[gap][1]), right = Number(view.circle[(gap + 1) % k][1]);
      if (move.type === "trade" && Math.abs(left - right) === Number(chosen[1])) node.classList.add("match");
      node.addEventListener("click", () => send(move));
    }
    place(-Math.PI / 2 + (gap + 0.5) * step, node);
  }
  ring.append(el("div", { class: "deck" }, el("span", { class: "card back" }), el("div", {}, `deck ${view.deck_size}`)));
  const seats = el("div", { class: "seats" }, view.hand_sizes.map((size, seat) =>
    el("div", { class: `seat${seat === view.active_player ? " active" : ""}` },
      el("b", {}, who(seat)), ` · ${size} card${size === 1 ? "" : "s"}`,
      view.hands[seat] && seat !== view.seat ? el("div", { class: "cards" }, view.hands[seat].map((code) => card(code, true))) : null)));
  const hand = view.seat === null ? null : el("div", { class: "panel" }, el("h3", {}, "Your hand"),
    el("div", { class: "hand", id: "hand" }, (view.hands[view.seat] || []).map((code) => {
      const node = card(code);
      if (playable.has(code)) {
        node.classList.add("playable");
        if (code === chosen) node.classList.add("selected");
        node.addEventListener("click", () => { App.selected = code === App.selected ? null : code; draw(); });
      }
      return node;
    })),
    moves.some((move) => move.type === "pass")
      ? el("button", { class: "primary", id: "pass", onclick: () => send(moves[0]) }, "Pass") : null,
    playable.size && !chosen ? el("p", { class: "muted" }, "Choose a card, then a golden gap (a ring marks a match).") : null);
  return el("div", {}, el("div", { class: "felt" }, seats, ring), hand);
}


// --- Soulaween ------------------------------------------------------------------------------

const CELLS = [];
for (const column of "abcd") for (let row = 1; row <= 4; row++) CELLS.push(`${column}${row}`);
function cellIndex(name) { return (Number(name[1]) - 1) * 4 + "abcd".indexOf(name[0]); }

function soulaween(view) {
  const state = view.state, moves = view.legal_moves;
  const puts = moves.filter((move) => move.type === "put");
  const reaps = moves.filter((move) => move.type === "reap");
  const mat = el("div", { class: "mat", id: "mat" });
  for (let row = 4; row >= 1; row--) {
    mat.append(el("span", { class: "label" }, row));
    for (const column of "abcd") {
      const name = `${column}${row}`, bit = 1 << cellIndex(name);
      const face = state.black & bit ? "black" : state.white & bit ? "white" : null;
      const node = el("div", { class: `cell${face ? "" : " empty"}`, "data-cell": name },
        face ? el("div", { class: `soul ${face}${App.last === name ? " last" : ""}` }) : null);
      if (!face && puts.some((move) => move.cell === name)) {
        node.classList.add("legal");
        if (App.cell === name) node.classList.add("chosen");
        node.addEventListener("click", () => { App.cell = name; draw(); });
      }
      mat.append(node);
    }
  }
  mat.append(el("span"), ..."abcd".split("").map((column) => el("span", { class: "label" }, column)));
  const actions = el("div", { class: "chooser", id: "actions" });
  if (App.cell) {
    for (const face of ["black", "white"]) {
      const move = puts.find((m) => m.cell === App.cell && m.face === face);
      actions.append(el("button", { class: "primary", "data-face": face, onclick: () => send(move) }, `${face} up on ${App.cell}`));
    }
  }
  for (const move of reaps) {
    const button = el("button", { class: "primary reap", onclick: () => send(move) }, `reap ${move.cells.join("-")}`);
    button.addEventListener("mouseenter", () => move.cells.forEach((cell) =>
      mat.querySelector(`[data-cell="${cell}"]`).classList.add("pattern")));
    button.addEventListener("mouseleave", () => mat.querySelectorAll(".pattern").forEach((node) => node.classList.remove("pattern")));
    actions.append(button);
  }
  for (const move of moves.filter((m) => m.type === "rotate" || m.type === "keep")) {
    actions.append(el("button", { class: "primary", id: move.type, onclick: () => send(move) }, move.type));
  }
  const seats = el("div", { class: "seats" }, [0, 1].map((seat) => el("div",
    { class: `seat${seat === state.active ? " active" : ""}` }, el("b", {}, who(seat)),
    ` · ${CHARACTERS[state.characters[seat]] || "no character"}`,
    state.stances[seat] ? ` (${state.stances[seat]})` : null,
    el("div", { class: "tokens" }, state.tokens[seat].length ? state.tokens[seat].map((token) => el("span", {}, token)) : "no token"),
    state.restrictions[seat] ? el("div", {}, `next token from ${state.restrictions[seat]} pieces only`) : null)));
  return el("div", {}, el("div", { class: "felt" }, seats, mat), actions);
}

// --- the replay viewer ---------------------------------------------------------------------

async function replayPage(table) {
  const input = el("input", { type: "file", id: "log-file", accept: ".json,.jsonl" });
  const area = el("div", { id: "replay" });
  show(el("h2", {}, "Replay a log"), el("div", { class: "panel" },
    el("p", {}, "Load a log (.json or .jsonl) of any game, or open a finished table's replay from the lobby."), input), area);
  input.addEventListener("change", async () => {
    const file = input.files[0];
    if (file) loadReplay(area, await file.text());
  });
  if (table) {
    try {
      const answer = await fetch(`api/tables/${table}/log`);
      if (!answer.ok) throw new Error((await answer.json()).error.message);
      loadReplay(area, await answer.text());
    } catch (error) { toast(`No replay: ${error.message}`); }
  }
}

async function loadReplay(area, text) {
  let replay;
  try { replay = await call("POST", "replay", text); } catch (error) {
    return area.replaceChildren(el("p", { class: "result", id: "problem" }, `Not a readable log: ${error.code}: ${error.message}`));
  }
  App.names = replay.players;
  App.seat = null;
  let at = 0;
  const board = el("div");
  const list = el("div", { class: "movelist" });
  const go = (index) => { at = Math.max(0, Math.min(replay.steps.length - 1, index)); render(); };
  const controls = el("div", { class: "steps" },
    el("button", { id: "first", onclick: () => go(0) }, "« first"),
    el("button", { id: "previous", onclick: () => go(at - 1) }, "◀ previous"),
    el("span", { id: "position" }),
    el("button", { id: "next", onclick: () => go(at + 1) }, "next ▶"),
    el("button", { id: "last", onclick: () => go(replay.steps.length - 1) }, "last »"));
  document.onkeydown = (event) => { if (event.key === "ArrowRight") go(at + 1); if (event.key === "ArrowLeft") go(at - 1); };
  const render = () => {
    const step = replay.steps[at];
    controls.querySelector("#position").textContent = ` move ${at} of ${replay.steps.length - 1}${step.move ? `: ${step.move}` : ""} `;
    list.replaceChildren(...replay.steps.slice(1).map((s, index) =>
      el("button", { class: index + 1 === at ? "here" : "", onclick: () => go(index + 1) }, s.move)));
    board.replaceChildren(replayBoard(replay.game, step.report, step.move));
  };
  area.replaceChildren(...(replay.valid ? [] : [el("p", { class: "result", id: "problem" },
    `The log breaks a rule at move ${replay.problem.move_index}: ${replay.problem.code}: ${replay.problem.message}`)]),
    el("div", { class: "panel" }, controls, board), el("div", { class: "panel" }, el("h3", {}, "Moves"), list));
  render();
}

function replayBoard(game, report, move) {
  const over = report.winners ? el("p", { class: "result" }, `Won by ${report.winners.map(who).join(" and ")} (${report.reason.replace(/_/g, " ")})`) : null;
  const turn = report.active_player !== null && report.active_player !== undefined ? el("p", { class: "status" }, `${who(report.active_player)} to move (${report.phase})`) : null;
  if (game === "soulaween") {
    // The report's mat is four rows of text, row 4 first: B black, W white, . empty.
    const mat = el("div", { class: "mat" }, report.mat.map((text, index) => [el("span", { class: "label" }, 4 - index),
      text.split("").map((letter) => el("div", { class: "cell" }, letter === "." ? null : el("div", { class: `soul ${letter === "B" ? "black" : "white"}` })))]),
      el("span"), "abcd".split("").map((column) => el("span", { class: "label" }, column)));
    return el("div", {}, over, turn, el("div", { class: "felt" }, mat,
      el("div", {}, report.tokens.map((tokens, seat) => el("div", { class: "tokens" },
        el("b", {}, who(seat)), ` · ${CHARACTERS[report.characters[seat]] || "no character"}`,
        report.stances[seat] ? ` (${report.stances[seat]})` : "", ": ",
        tokens.length ? tokens.map((token) => el("span", {}, token)) : "no token")))));
  }
  return el("div", {}, over, turn, el("div", { class: "felt" },
    el("div", { class: "row" }, "circle: ", el("span", { class: "hand" }, report.circle.map((code) => card(code))), `deck ${report.deck.length}`),
    report.hands.map((hand, seat) => el("div", { class: "row" }, el("b", {}, who(seat)), el("span", { class: "hand" }, hand.map((code) => card(code, true)))))));
}

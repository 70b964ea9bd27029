// The lobby: "your tables" (the seats this browser holds, whose turn it is at each), the
// form that starts a table of any registered game (with its time control), and the
// newest tables with their status, time control and whether they were dealt from a
// chosen seed. The form never sends a seed: a server deals from its own randomness
// unless its operator allows seeds, and whoever chooses one knows every hidden card.

import { SEEDED, call, el, list, refused, show, tokenKey } from "./kit.js";
import { controlExplained, controlWords } from "./clocks.js";
import { gameList } from "./games.js";
import { current } from "./state.js";

const MY_TABLES = 12;  // the seats of "your tables" asked about at each visit

export async function lobbyPage(here, chosenGame, fromTable = null, fromSeat = null) {
  show(el("p", { class: "muted" }, "Loading the lobby…"));
  let games, tables, again = null;
  try {
    [games, tables] = await Promise.all([gameList(), call("GET", "tables")]);
    // "New game" from a table: the form starts as that table was set (a table gone, or
    // of another game, leaves the game's own defaults).
    if (fromTable) again = await call("GET", `tables/${fromTable}`).catch(() => null);
    if (again && again.game !== chosenGame) again = null;
    if (again) again.me = /^\d+$/.test(fromSeat || "") ? Number(fromSeat) : null;
  } catch (error) {
    if (current(here)) show(el("p", {}, `The server did not answer: ${error.message}`));
    return;
  }
  if (!current(here)) return;
  const names = Object.fromEntries(games.map((game) => [game.id, game.name]));
  const mine = el("section", { class: "panel", id: "your-tables", hidden: true, "aria-labelledby": "your-title" },
    el("h2", { id: "your-title" }, "Your tables"), el("p", { class: "muted" }, "Looking…"));
  const form = el("section", { class: "panel", id: "new-table", "aria-labelledby": "new-title" });
  const listed = el("section", { class: "panel", "aria-labelledby": "tables-title" },
    el("h2", { id: "tables-title" }, "Tables"), tableList(tables.tables, names));
  show(el("h1", {}, `Play ${list(games.map((game) => game.name))}`), mine, form, listed);
  newTableForm(form, games, chosenGame, again);
  yourTables(here, mine, names);
}

// --- your tables -------------------------------------------------------------------------

// The seats this browser holds: every token it was given, newest first.
function heldSeats() {
  const held = [];
  for (let index = 0; index < localStorage.length; index++) {
    const match = /^aves:([0-9a-f]+):(\d+)$/.exec(localStorage.key(index));
    if (match) {
      const since = Number(localStorage.getItem(`aves:since:${match[1]}:${match[2]}`) || 0);
      held.push({ table: match[1], seat: Number(match[2]), since });
    }
  }
  return held.sort((a, b) => b.since - a.since).slice(0, MY_TABLES);
}

async function yourTables(here, box, names) {
  const held = heldSeats();
  if (!held.length) return;
  box.hidden = false;
  const rows = await Promise.all(held.map(async (seat) => {
    try { return { ...seat, summary: await call("GET", `tables/${seat.table}`) }; } catch (error) {
      if (error.code === "no_such_table") localStorage.removeItem(tokenKey(seat.table, seat.seat));
      return null;
    }
  }));
  if (!current(here)) return;
  const found = rows.filter(Boolean);
  if (!found.length) { box.hidden = true; return; }
  box.replaceChildren(box.firstChild, el("table", { class: "list" },
    el("thead", {}, el("tr", {}, el("th", {}, "Game"), el("th", {}, "You are"), el("th", {}, "Now"), el("th", {}, ""))),
    el("tbody", {}, found.map(({ table, seat, summary }) => {
      const name = (who) => (who === seat ? "you" : summary.players[who]);
      const yours = !summary.result && summary.to_move.includes(seat);
      const now = summary.result ? `over: ${list(summary.result.winners.map(name))} won`
        : yours ? "your move!" : summary.to_move.length ? `${list(summary.to_move.map(name))} to move` : "in play";
      return el("tr", { class: yours ? "yours" : "" },
        el("td", {}, names[summary.game] || summary.game),
        el("td", {}, `${summary.players[seat]} (seat ${seat + 1})`),
        el("td", { class: yours ? "turn" : "" }, now),
        el("td", {}, el("a", { href: `#/table/${table}/seat/${seat}`, class: "resume", "data-table": table },
          summary.result ? "see the end" : "back to your seat")));
    }))));
}

// --- the newest tables ------------------------------------------------------------------

function seatNames(table) {
  return table.players.map((name, seat) => {
    const bot = table.bots && table.bots[seat];
    return el("span", { class: "player" }, name, bot ? el("span", { class: "badge bot", title: `a bot: ${bot}` }, "bot") : null);
  }).flatMap((node, index) => (index ? [", ", node] : [node]));
}

function tableStatus(table) {
  if (table.over) return `over: ${list((table.winners || []).map((seat) => table.players[seat]))} won`;
  if (table.open.length) return `${table.open.length} free seat${table.open.length === 1 ? "" : "s"}`;
  return "in play";
}

// Under the game's name: its time control in words, and a word that the table was dealt
// from a chosen seed (its chooser knows every card).
function tableNotes(table) {
  const clock = controlWords(table.clock);
  return [clock ? el("div", { class: "table-clock" }, `clock: ${clock}`) : null,
          table.seeded ? el("div", { class: "table-seeded" }, SEEDED) : null];
}

function tableList(tables, names) {
  if (!tables.length) return el("p", { class: "muted" }, "No table yet: start one above.");
  return el("table", { class: "list" }, el("thead", {}, el("tr", {}, el("th", {}, "Game"), el("th", {}, "Players"),
      el("th", {}, "Status"), el("th", {}, ""))),
    el("tbody", {}, tables.map((table) => el("tr", { "data-table": table.table },
      el("td", {}, el("div", {}, names[table.game] || table.game), tableNotes(table)), el("td", {}, seatNames(table)),
      el("td", { class: "table-status" }, tableStatus(table)),
      el("td", {}, el("div", { class: "row" },
        table.open.map((seat) => el("a", { href: `#/table/${table.table}/join/${seat}` },
                                    `take seat ${seat + 1}`)),
        el("a", { href: `#/table/${table.table}` }, table.over ? "see the end" : "watch"),
        table.over ? el("a", { href: `#/replay/${table.table}` }, "replay") : null))))));
}

// --- a new table -------------------------------------------------------------------------

function newTableForm(form, games, chosenGame, again = null) {
  const gameSelect = el("select", { id: "game" },
    games.map((game) => el("option", { value: game.id, selected: game.id === chosenGame }, game.name)));
  const summary = el("p", { class: "muted", id: "game-summary" });
  const body = el("div");
  const clock = clockChoice(again);  // kept when the game changes
  form.append(el("h2", { id: "new-title" }, "New table"), el("div", { class: "row" }, el("label", {}, "Game ",
    gameSelect)), summary, body);
  const draw = () => {
    const game = games.find((item) => item.id === gameSelect.value);
    summary.textContent = `${game.name}: ${game.summary}. ${game.min_players === game.max_players
      ? `${game.min_players} players` : `${game.min_players} to ${game.max_players} players`}.`;
    drawGameForm(body, game, clock, game.id === (again && again.game) ? again : null);
  };
  gameSelect.addEventListener("change", draw);
  draw();
  if (chosenGame) gameSelect.focus();
}

// The time controls offered, as Board Game Arena offers them: none, a few real-time
// ones (a bank for the whole game and a bonus after each move) and a few turn-based
// ones (a time for each move). docs/hosting.md, "Clocks", has the server's rules.
const CLOCKS = [
  { group: null, choices: [["none", null]] },
  { group: "Real time", choices: [
    ["realtime-3", { kind: "realtime", bank: 180, bonus: 5 }],
    ["realtime-5", { kind: "realtime", bank: 300, bonus: 10 }],
    ["realtime-15", { kind: "realtime", bank: 900, bonus: 30 }]] },
  { group: "Turn-based", choices: [
    ["turn-1", { kind: "turn", per_move: 86400 }],
    ["turn-3", { kind: "turn", per_move: 259200 }]] },
];

function clockChoice(again = null) {
  const controls = Object.fromEntries(CLOCKS.flatMap((group) => group.choices));
  const option = ([value, control]) => el("option", { value },
    control === null ? "No clock" : control.kind === "realtime" ? `${controlWords(control)} a move` : controlWords(control));
  const select = el("select", { id: "clock", "aria-describedby": "clock-help" }, CLOCKS.map((group) =>
    (group.group ? el("optgroup", { label: group.group }, group.choices.map(option)) : group.choices.map(option))));
  const help = el("p", { class: "muted help", id: "clock-help" });
  const explain = () => { help.textContent = controlExplained(controls[select.value]); };
  const kept = again && again.clocks ? again.clocks.control : null;
  const same = kept && Object.entries(controls).find(([, control]) => control
    && Object.keys(control).length === Object.keys(kept).length
    && Object.entries(control).every(([key, value]) => kept[key] === value));
  if (same) select.value = same[0];
  select.addEventListener("change", explain);
  explain();
  const box = el("div", { class: "time-control" }, el("label", { for: "clock" }, "Time control "), select, help);
  return { box, read: () => controls[select.value] };
}

// The form of one game: its players (the count, each seat's name and who plays it), its
// options and the clock; `again` a table's summary to start from ("New game").
function drawGameForm(body, game, clock, again = null) {
  const counts = [];
  for (let n = game.min_players; n <= game.max_players; n++) counts.push(n);
  const first = again ? again.players.length : Math.min(Math.max(3, game.min_players), game.max_players);
  const count = el("select", { id: "players" }, counts.map((n) =>
    el("option", { value: n, selected: n === first }, n)));
  // Who plays each seat again: the bots as they were; the seat this page held is "me"
  // (the first seat when it watched), another person's a friend's.
  const me = again ? (again.me === null || again.me === undefined ? 0 : again.me) : 0;
  const whoAgain = (seat) => {
    if (!again || seat >= again.seats.length) return null;
    if (seat === me) return "me";
    return again.seats[seat].bot || "human";
  };
  const seats = el("div", { class: "seats" });
  const options = el("div", { class: "options" });
  const create = el("button", { class: "primary", id: "create" }, "Create the table");
  body.replaceChildren(el("div", { class: "row" }, el("label", {}, "Players ", count)), seats,
    el("h3", {}, "Options"), options, el("h3", {}, "Clock"), clock.box, el("p", {}, create));
  const drawSeats = () => {
    seats.replaceChildren(...Array.from({ length: Number(count.value) }, (_, seat) => {
      const was = whoAgain(seat);
      const mine = again ? seat === me : seat === 0;
      return el("div",
        { class: "seat panel" }, el("label", { for: `name-${seat}` }, `Seat ${seat + 1}`),
        el("input", { class: "name", id: `name-${seat}`, maxlength: 40,
                      value: again && seat < again.players.length ? again.players[seat] : `player ${seat + 1}` }),
        el("select", { class: "who", "aria-label": `who plays seat ${seat + 1}` },
          mine ? el("option", { value: "me" }, "me, in this browser") : null,
          el("option", { value: "human", selected: was === "human" }, "a friend (gets a link)"),
          game.bots.map((bot) => el("option", { value: bot, selected: was ? was === bot : !mine && bot === "greedy" },
                                    `a bot: ${bot}`))));
    }));
  };
  count.addEventListener("change", drawSeats);
  drawSeats();
  const inputs = optionInputs(options, game, again ? again.options : null);
  create.addEventListener("click", () => createTable(game, seats, inputs, clock.read()));
}

// Each of the game's options: a checkbox for a flag, a choice for one that takes one of a
// few values (`option_choices`), each with its words; the others keep their defaults.
function optionInputs(box, game, chosen = null) {
  const read = {};
  const values = { ...game.options, ...(chosen || {}) };
  const choices = game.option_choices || {};
  const help = game.option_help || {};
  const explain = (key) => (help[key] ? el("span", { class: "muted help", id: `help-${key}` }, help[key]) : null);
  for (const [key, value] of Object.entries(values)) {
    if (!(key in game.options)) continue;
    const label = key.replace(/_/g, " ");
    if (typeof value === "boolean") {
      const check = el("input", { type: "checkbox", id: `option-${key}`, checked: value,
                                  "aria-describedby": help[key] ? `help-${key}` : null });
      box.append(el("div", { class: "option" }, el("label", {}, check, ` ${label}`), explain(key)));
      read[key] = () => check.checked;
    } else if (choices[key]) {
      const select = el("select", { id: `option-${key}`, "aria-describedby": help[key] ? `help-${key}` : null },
        choices[key].map((choice) => el("option", { value: String(choice), selected: choice === value }, String(choice))));
      box.append(el("div", { class: "option" }, el("label", {}, `${label} `, select), explain(key)));
      read[key] = () => choices[key][select.selectedIndex];
    }
  }
  if (!Object.keys(read).length) box.append(el("span", { class: "muted" }, "none"));
  return read;
}

// A seat this browser holds: its token, and when it was taken (for "your tables").
function keep(table, seat, token) {
  localStorage.setItem(tokenKey(table, seat), token);
  localStorage.setItem(`aves:since:${table}:${seat}`, String(Date.now()));
}

async function createTable(game, seats, inputs, clock) {
  const players = [], bots = {}, humans = [];
  let me = null;
  seats.querySelectorAll(".seat").forEach((seat, index) => {
    players.push(seat.querySelector(".name").value.trim() || `player ${index + 1}`);
    const who = seat.querySelector(".who").value;
    if (who === "me") me = index;
    else if (who === "human") humans.push(index);
    else bots[String(index)] = who;
  });
  const options = {};
  for (const [key, read] of Object.entries(inputs)) options[key] = read();
  try {
    // No seed, ever: the server deals from its own randomness.
    const table = await call("POST", "tables", { game: game.id, players, options, bots, clock });
    if (me !== null) {
      const joined = await call("POST", `tables/${table.table}/seats/${me}/join`);
      keep(table.table, me, joined.token);
    }
    if (humans.length) {
      const links = humans.map((seat) => `${location.href.split("#")[0]}#/table/${table.table}/join/${seat}`);
      sessionStorage.setItem(`aves:links:${table.table}`, JSON.stringify(links));
    }
    location.hash = me !== null ? `#/table/${table.table}/seat/${me}` : `#/table/${table.table}`;
  } catch (error) { refused(error); }
}

export async function joinSeat(here, table, seat) {
  try {
    const joined = await call("POST", `tables/${table}/seats/${seat}/join`);
    keep(table, seat, joined.token);
    if (current(here)) location.hash = `#/table/${table}/seat/${seat}`;
  } catch (error) {
    if (!current(here)) return;
    const held = localStorage.getItem(tokenKey(table, seat));
    // The API numbers seats from 0; a person reads them from 1, so the reason is said here.
    const why = error.code === "seat_taken" ? "someone holds it already" : error.message;
    show(el("p", {}, `You cannot take seat ${seat + 1}: ${why}.`),
         held ? el("p", {}, el("a", { href: `#/table/${table}/seat/${seat}` }, "This browser holds that seat: go back to it")) : null,
         el("a", { href: `#/table/${table}` }, "Watch the table instead"));
  }
}

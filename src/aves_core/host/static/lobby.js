// The lobby: the newest tables, and the form that starts a table of any registered game.

import { call, el, refused, show, tokenKey } from "./kit.js";
import { gameList } from "./games.js";
import { current } from "./state.js";

export async function lobbyPage(here) {
  show(el("p", { class: "muted" }, "Loading the lobby…"));
  let games, tables;
  try {
    [games, tables] = await Promise.all([gameList(), call("GET", "tables")]);
  } catch (error) {
    if (current(here)) show(el("p", {}, `The server did not answer: ${error.message}`));
    return;
  }
  if (!current(here)) return;
  const form = el("div", { class: "panel", id: "new-table" });
  const list = el("div", { class: "panel" }, el("h2", {}, "Tables"), tableList(tables.tables));
  show(el("h1", {}, `Play ${games.slice(0, 2).map((game) => game.name).join(", ")} and more`), form, list);
  newTableForm(form, games);
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

// Each of the game's options: a checkbox for a flag, a choice for one that takes one of a
// few values (`option_choices`); the others keep their defaults.
function optionInputs(box, game) {
  const read = {};
  const choices = game.option_choices || {};
  for (const [key, value] of Object.entries(game.options)) {
    if (typeof value === "boolean") {
      const check = el("input", { type: "checkbox", id: `option-${key}`, checked: value });
      box.append(el("label", {}, check, ` ${key}`));
      read[key] = () => check.checked;
    } else if (choices[key]) {
      const select = el("select", { id: `option-${key}` }, choices[key].map((choice) =>
        el("option", { value: String(choice), selected: choice === value }, String(choice))));
      box.append(el("label", {}, `${key} `, select));
      read[key] = () => choices[key][select.selectedIndex];
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

export async function joinSeat(here, table, seat) {
  try {
    const joined = await call("POST", `tables/${table}/seats/${seat}/join`);
    localStorage.setItem(tokenKey(table, seat), joined.token);
    if (current(here)) location.hash = `#/table/${table}/seat/${seat}`;
  } catch (error) {
    if (!current(here)) return;
    show(el("p", {}, `You cannot take seat ${seat}: ${error.message}`),
         el("a", { href: `#/table/${table}` }, "Watch the table instead"));
  }
}

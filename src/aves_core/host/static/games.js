// The registered games and their drawings: which module draws a game, loaded with its
// stylesheet, the context a drawing is given, and its rules panel (docs/hosting.md,
// "The browser client").

import * as fallback from "./fallback.js";
import { call, el, fly, list, motion, toast } from "./kit.js";

let games = null;
export async function gameList() {
  if (!games) games = call("GET", "games").then((answer) => answer.games);
  try { return await games; } catch (error) { games = null; throw error; }
}

export async function gameInfo(id) {
  const found = (await gameList()).find((game) => game.id === id);
  return found || { id, name: id, web: null, reasons: {} };
}

// One game's stylesheet at a time: a drawing's class names cannot clash with another's.
function useStyle(href) {
  let link = document.getElementById("game-style");
  if (!href) { if (link) link.remove(); return Promise.resolve(); }
  const url = new URL(href, document.baseURI).href;
  if (link && link.href === url) return Promise.resolve();
  if (link) link.remove();
  link = el("link", { rel: "stylesheet", id: "game-style" });
  const loaded = new Promise((resolve) => { link.onload = resolve; link.onerror = resolve; });
  link.href = url;
  document.head.append(link);
  return loaded;
}

// The game's drawing module (the shell's fallback when it has none or it fails to load),
// its stylesheet loaded first so that nothing is drawn unstyled.
export async function loadDrawing(info) {
  if (!info.web) { await useStyle(null); return fallback; }
  try {
    const [module] = await Promise.all([import(new URL(info.web.module, document.baseURI).href),
                                        useStyle(info.web.style)]);
    return module;
  } catch (error) {
    toast(`The drawing of ${info.name} did not load (${error.message}): showing its data`);
    await useStyle(null);
    return fallback;
  }
}

// What a drawing gets: who is looking, who plays (and which seats are bots), how to
// move, and the shell's tools: `el`, `list`, `fly`, `motion`.
export function makeContext(info, seat, players, play, extra = {}) {
  const seats = extra.seats && extra.seats.length ? extra.seats
    : players.map((name, index) => ({ seat: index, name, bot: null }));
  const name = (who) => (who === seat && seat !== null ? "you" : (players[who] || `player ${who + 1}`));
  const tags = seatTags(players.map((_, who) => name(who)));
  return {
    game: info, seat, players, seats, el, fly, name,
    tag: (who) => tags[who] || `P${who + 1}`,
    list: (whos) => list(whos.map(name)),
    motion: motion(),
    replay: Boolean(extra.replay),
    play: play || (() => {}),
  };
}

// A short tag for each seat's name, each different, for a marker on a card or a cell:
// a name of up to 4 letters as it is ("you", "Bo"), else its first letter and its digits
// ("player 3": "P3") or its first two letters ("Cyril": "Cy"); where two tags would read
// the same, the seat's number ("P1", "P2"), so that two seats never look alike.
export function seatTags(names) {
  const tags = names.map((name) => {
    if (name.length <= 4) return name;
    const digits = /(\d+)$/.exec(name);
    return digits ? `${name[0].toUpperCase()}${digits[1]}` : name.slice(0, 2);
  });
  return tags.map((tag, who) => (tags.indexOf(tag) === tags.lastIndexOf(tag) ? tag : `P${who + 1}`));
}

// "Rules": a button opening the game's help panel (its drawing's `help`), in a dialog.
export function rulesButton(drawing, context) {
  if (!drawing.help) return null;
  const dialog = el("dialog", { id: "rules", "aria-labelledby": "rules-title" });
  const open = () => {
    let body;
    try { body = drawing.help(context); } catch (error) { body = el("p", {}, `No help: ${error.message}`); }
    dialog.replaceChildren(el("div", { class: "rules-head" },
      el("h2", { id: "rules-title" }, `How to play ${context.game.name}`),
      el("button", { id: "rules-close", "aria-label": "close the rules", onclick: () => dialog.close() }, "×")), body);
    dialog.showModal();
  };
  return el("span", {}, el("button", { id: "rules-button", onclick: open }, "Rules"), dialog);
}

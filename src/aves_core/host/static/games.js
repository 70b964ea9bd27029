// The registered games and their drawings: which module draws a game, loaded with its
// stylesheet, and the context a drawing is given (docs/hosting.md, "The browser client").

import * as fallback from "./fallback.js";
import { call, el, toast } from "./kit.js";

let games = null;
export async function gameList() {
  if (!games) games = call("GET", "games").then((answer) => answer.games);
  try { return await games; } catch (error) { games = null; throw error; }
}

export async function gameInfo(id) {
  const found = (await gameList()).find((game) => game.id === id);
  return found || { id, name: id, web: null };
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

// What a drawing gets: who is looking, who plays, how to move, and `el`.
export function makeContext(info, seat, players, play) {
  return {
    game: info, seat, players, el,
    name: (who) => (who === seat && seat !== null ? "you" : (players[who] || `seat ${who}`)),
    play: play || (() => {}),
  };
}

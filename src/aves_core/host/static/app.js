// aves-core's browser client, the shell: the lobby, the tables of every game, spectating
// and a replay viewer. It names no game: each game's drawing is an ES module of its own
// (games/<id>/web/index.js, served by the host), and a game without one is shown by the
// fallback (fallback.js). Plain ES modules, no build step, nothing fetched from outside
// the server. Every path is relative to the page, so the app works mounted anywhere.

import { App, route } from "./state.js";
import { lobbyPage, joinSeat } from "./lobby.js";
import { openTable } from "./table.js";
import { replayPage } from "./replay.js";

window.avesClient = App;  // for tests and the curious: avesClient.socket.close()

function go() {
  const here = route();
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean);
  if (parts[0] === "table" && parts[1]) {
    if (parts[2] === "join" && parts[3] !== undefined) return joinSeat(here, parts[1], Number(parts[3]));
    if (parts[2] === "seat" && parts[3] !== undefined) return openTable(here, parts[1], Number(parts[3]));
    return openTable(here, parts[1], null);
  }
  if (parts[0] === "replay") return replayPage(here, parts[1] || null);
  // #/new/<game>: the lobby's form for that game; #/new/<game>/from/<table>/<seat>: the
  // same table again (its players, bots, options and clock), from a seat (or "watch").
  if (parts[0] === "new") return lobbyPage(here, parts[1] || null, parts[2] === "from" ? parts[3] : null, parts[4]);
  return lobbyPage(here, null);
}
window.addEventListener("hashchange", go);
if (document.readyState === "loading") window.addEventListener("DOMContentLoaded", go);
else go();

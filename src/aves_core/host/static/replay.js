// The replay viewer: a finished table's log, or a log file of any game, stepped through
// move by move; each step is pictured by the game's drawing (or the fallback).

import { call, el, show, toast } from "./kit.js";
import { gameInfo, loadDrawing, makeContext } from "./games.js";
import { current } from "./state.js";
import * as fallback from "./fallback.js";

export async function replayPage(here, table) {
  const input = el("input", { type: "file", id: "log-file", accept: ".json,.jsonl" });
  const area = el("div", { id: "replay" });
  show(el("h2", {}, "Replay a log"), el("div", { class: "panel" },
    el("p", {}, "Load a log (.json or .jsonl) of any game, or open a finished table's replay from the lobby."), input), area);
  input.addEventListener("change", async () => {
    const file = input.files[0];
    if (file) loadReplay(here, area, await file.text());
  });
  if (table) {
    try {
      const answer = await fetch(`api/tables/${table}/log`);
      if (!answer.ok) throw new Error((await answer.json()).error.message);
      loadReplay(here, area, await answer.text());
    } catch (error) { if (current(here)) toast(`No replay: ${error.message}`); }
  }
}

async function loadReplay(here, area, text) {
  let replay;
  try { replay = await call("POST", "replay", text); } catch (error) {
    return area.replaceChildren(el("p", { class: "result", id: "problem" }, `Not a readable log: ${error.code}: ${error.message}`));
  }
  const info = await gameInfo(replay.game);
  const drawing = await loadDrawing(info);
  if (!current(here)) return;
  const context = makeContext(info, null, replay.players, null);
  const picture = drawing.picture || fallback.picture;
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
    board.replaceChildren(el("div", {}, stepHeader(step.report, context), picture(step.report, context)));
  };
  area.replaceChildren(...(replay.valid ? [] : [el("p", { class: "result", id: "problem" },
    `The log breaks a rule at move ${replay.problem.move_index}: ${replay.problem.code}: ${replay.problem.message}`)]),
    el("div", { class: "panel" }, controls, board), el("div", { class: "panel" }, el("h3", {}, "Moves"), list));
  render();
}

// The winners, or whose move it is: what every game's report says.
function stepHeader(report, context) {
  const who = context.name;
  const over = report.winners ? el("p", { class: "result" }, `Won by ${report.winners.map(who).join(" and ")} (${report.reason.replace(/_/g, " ")})`) : null;
  const seats = report.to_move || (report.active_player === null || report.active_player === undefined ? [] : [report.active_player]);
  const turn = seats.length ? el("p", { class: "status" }, `${seats.map(who).join(" and ")} to move (${report.phase})`) : null;
  return [over, turn];
}

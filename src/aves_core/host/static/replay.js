// The replay viewer: a finished table's log, or a log file of any game, stepped through
// move by move with the game's own drawing (a spectator's view of each step, its move
// highlighted and said in words), a slider, and play at a chosen speed. Below the board,
// what only the log knows (every hand) as the drawing pictures it.

import { call, el, present, show, toast } from "./kit.js";
import { gameInfo, loadDrawing, makeContext, rulesButton } from "./games.js";
import { resultWords } from "./table.js";
import { App, current } from "./state.js";
import * as fallback from "./fallback.js";

const SPEEDS = [["slow", 2400], ["normal", 1200], ["fast", 500], ["fastest", 150]];

export async function replayPage(here, table) {
  const input = el("input", { type: "file", id: "log-file", accept: ".json,.jsonl" });
  const area = el("div", { id: "replay" });
  show(el("h1", {}, "Replay a game"), el("div", { class: "panel" },
    el("label", { for: "log-file" }, "Load a log (.json or .jsonl) of any game, or open a finished table's replay from the lobby. "),
    input), area);
  input.addEventListener("change", async () => {
    const file = input.files[0];
    if (file) loadReplay(here, area, await file.text());
  });
  if (table) {
    try {
      // Any seat's token this browser holds for the table: where the rules keep some
      // of the log hidden for good, only the table's seats get it.
      const key = Object.keys(localStorage).find((name) => name.startsWith(`aves:${table}:`));
      const token = key ? localStorage.getItem(key) : null;
      const answer = await fetch(`api/tables/${table}/log`,
        { headers: token ? { Authorization: `Bearer ${token}` } : {} });
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
  let drawing = await loadDrawing(info);
  if (!current(here)) return;
  if (App.stopReplay) App.stopReplay();
  const context = makeContext(info, null, replay.players, null, { replay: true });
  const narrate = drawing.narrate || fallback.narrate;
  const picture = drawing.picture || fallback.picture;
  const steps = replay.steps, last = steps.length - 1;
  const words = steps.map((step) => step.events.map((event) => narrate(event, context)).filter(Boolean));

  const root = el("div", { id: "replay-board" });
  let board;
  try { board = drawing.mount(root, context); } catch (error) {
    console.error(error);
    drawing = fallback;
    board = fallback.mount(root, context);
  }
  let at = 0, timer = null, queue = Promise.resolve();
  const slider = el("input", { type: "range", id: "slider", min: 0, max: last, value: 0, step: 1,
                               "aria-label": "move" });
  const position = el("span", { id: "position", "aria-live": "polite" });
  const said = el("div", { id: "said", class: "said" });
  const header = el("div", { id: "step-header" });
  const everything = el("div", { id: "everything" });
  const speed = el("select", { id: "speed", "aria-label": "speed" },
    SPEEDS.map(([label, ms]) => el("option", { value: ms, selected: label === "normal" }, label)));
  const playButton = el("button", { id: "play", onclick: () => (timer ? stop() : play()) }, "▶ play");
  const list = el("ol", { class: "movelist", id: "moves", start: 1 });

  // Step `index`: one step forward is drawn live (animated); a jump at once, with every
  // event from the start, so that the drawing marks every seat's last move.
  const go = (index) => {
    const next = Math.max(0, Math.min(last, index));
    const live = next === at + 1;
    at = next;
    const step = steps[at];
    const events = live ? step.events : steps.slice(1, at + 1).flatMap((each) => each.events);
    queue = queue.then(async () => {
      if (board) { try { await board.update(step.view, events, { live, fresh: !live }); } catch (error) { console.error(error); } }
    });
    slider.value = String(at);
    position.textContent = `move ${at} of ${last}`;
    said.replaceChildren(...present([
      ...(at === 0 ? [el("div", {}, "The game is set up.")]
        : words[at].map((line) => el("div", { class: /^\s/.test(line) ? "sub" : "" }, line.trim()))),
      step.move ? el("div", { class: "muted notation" }, `notation: ${step.move}`) : null]));
    header.replaceChildren(...stepHeader(step.report, info, context));
    everything.replaceChildren(picture(step.report, context));
    list.querySelectorAll("li").forEach((item, index) => {
      item.classList.toggle("here", index + 1 === at);
      if (index + 1 === at) item.setAttribute("aria-current", "step"); else item.removeAttribute("aria-current");
    });
    if (at === last) stop();
  };
  const play = () => {
    if (at === last) go(0);
    playButton.textContent = "❚❚ pause";
    const tick = () => { go(at + 1); if (at < last) timer = setTimeout(tick, Number(speed.value)); };
    timer = setTimeout(tick, 150);
  };
  const stop = () => { clearTimeout(timer); timer = null; playButton.textContent = "▶ play"; };
  App.stopReplay = stop;
  slider.addEventListener("input", () => { stop(); go(Number(slider.value)); });
  list.replaceChildren(...steps.slice(1).map((step, index) => el("li", {},
    el("button", { class: "step", onclick: () => { stop(); go(index + 1); } },
      words[index + 1][0] ? words[index + 1][0].trim() : step.move))));
  const controls = el("div", { class: "steps" },
    el("button", { id: "first", "aria-label": "first move", onclick: () => { stop(); go(0); } }, "«"),
    el("button", { id: "previous", "aria-label": "previous move", onclick: () => { stop(); go(at - 1); } }, "◀"),
    playButton,
    el("button", { id: "next", "aria-label": "next move", onclick: () => { stop(); go(at + 1); } }, "▶"),
    el("button", { id: "last", "aria-label": "last move", onclick: () => { stop(); go(last); } }, "»"),
    slider, position, el("label", {}, "speed ", speed));
  document.onkeydown = (event) => {
    if (event.target.closest && event.target.closest("input, select, textarea, dialog")) return;
    if (event.key === "ArrowRight") { stop(); go(at + 1); }
    if (event.key === "ArrowLeft") { stop(); go(at - 1); }
  };
  area.replaceChildren(...(replay.valid ? [] : [el("p", { class: "result", id: "problem" },
    `The log breaks a rule at move ${replay.problem.move_index}: ${replay.problem.code}: ${replay.problem.message}`)]),
    el("div", { class: "row replay-head" }, el("h2", {}, `${info.name}: ${context.list(replay.players.map((_, seat) => seat))}`),
      rulesButton(drawing, context)),
    el("div", { class: "panel" }, controls, header, said), root,
    el("section", { class: "panel" }, el("h2", {}, "What the log shows (every hand)"), everything),
    el("section", { class: "panel" }, el("h2", {}, "Moves"), list));
  go(0);
}

// The winners, or whose move it is: what every game's report says.
function stepHeader(report, info, context) {
  if (report.winners) {
    return [el("p", { class: "result" }, `Game over: ${resultWords({ winners: report.winners, reason: report.reason }, info, context.name)}.`)];
  }
  const seats = report.to_move || (report.active_player === null || report.active_player === undefined ? [] : [report.active_player]);
  return seats.length ? [el("p", { class: "status" }, `${context.list(seats)} to move`)] : [];
}

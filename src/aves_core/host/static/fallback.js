// The drawing of a game that has none of its own: the view as readable data beside the
// seat's legal moves, one button each, labelled with the move's words (`legal_words`)
// over its text notation, or with the notation alone. Seats are said by their names
// wherever the data holds them (kit.js, "readable data", says which fields do). It has
// the interface every game's drawing has (docs/hosting.md, "The browser client").

import { brief, humanize, readable, reasonWords } from "./kit.js";

// The fields every game's view carries: the shell shows them (whose turn, the result).
const COMMON = new Set(["seat", "phase", "to_move", "result", "legal_moves", "legal_notation", "legal_words"]);
// What a replay report says that the shell shows already.
const REPORTED = new Set(["valid", "game", "moves", "phase", "active_player", "to_move", "winners", "reason"]);

function without(data, keys) {
  return Object.fromEntries(Object.entries(data).filter(([key]) => !keys.has(key)));
}

// A move's button: its words, and under them its notation (what a log and the terminal
// say); the notation alone for a move without words.
function moveButton(context, move, text, words) {
  const said = words && words !== text;
  return context.el("button", { class: "primary move", "data-move": text, onclick: () => context.play(move) },
    said ? [context.el("span", { class: "move-words" }, words), " ",
            context.el("span", { class: "move-notation" }, text)]
      : context.el("span", { class: "move-notation" }, text));
}

export function mount(root, context) {
  const el = context.el;
  let just = [];
  return {
    update(view, events) {
      const lines = events.map((event) => narrate(event, context)).filter(Boolean);
      if (lines.length) just = lines;
      const moves = view.legal_moves || [];
      const notation = view.legal_notation || moves.map((move) => JSON.stringify(move));
      const words = view.legal_words || [];
      const table = el("div", { class: "panel fallback-view", id: "view-data" },
        el("h3", {}, `${context.game.name}: ${humanize(view.phase)}`),
        just.length ? el("p", { class: "fallback-last", id: "last-events" }, "Just now: ", just.join("; ")) : null,
        readable(without(view, COMMON), context));
      const buttons = el("div", { class: "panel fallback-moves", id: "moves" },
        el("h3", {}, moves.length ? "Your moves" : "Moves"),
        moves.length
          ? el("div", { class: "row" }, moves.map((move, index) =>
              moveButton(context, move, notation[index], words[index])))
          : el("p", { class: "muted" }, view.result ? "The game is over."
            : (view.to_move || []).length ? `${context.list(view.to_move)} to move.` : "Nobody may move now."));
      root.replaceChildren(el("div", { class: "fallback" }, table, buttons));
    },
  };
}

// The prompt after "Your move:": a few moves, each with words, said in them ("keep the
// card or swap for the deck's top card"); otherwise the phase.
export function describe(view) {
  const words = view.legal_words || [];
  const said = words.length && words.length <= 3
    && words.every((text, index) => text !== (view.legal_notation || [])[index]);
  if (!said) return `choose one of your moves (${humanize(view.phase)})`;
  return words.length === 1 ? words[0] : `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;
}

// "Bo: swapped (card hidden)", from any event's JSON; an event with a result says who won.
export function narrate(event, context) {
  const result = event.result;
  if (result && Array.isArray(result.winners)) {
    return `Game over: ${context.list(result.winners)} won (${reasonWords(context.game, result.reason)})`;
  }
  const actor = event.seat ?? event.player;
  const who = actor === undefined || actor === null ? "" : `${context.name(actor)}: `;
  // The kernel's account of a move (a game whose events are PlayEvent): its words.
  if (event.type === "move_played") return `${who}${event.words || event.move}`;
  const rest = Object.entries(event).filter(([key]) => !["type", "seat", "player"].includes(key));
  const details = rest.length ? ` (${rest.map(([key, value]) => `${humanize(key)} ${brief(value, context, key)}`).join(", ")})` : "";
  return `${who}${humanize(event.type)}${details}`;
}

export function picture(report, context) {
  return context.el("div", { class: "fallback-view" }, readable(without(report, REPORTED), context));
}

// The drawing of a game that has none of its own: the view as readable data beside the
// seat's legal moves, one button each, labelled with the move's text notation. It has
// the interface every game's drawing has (docs/hosting.md, "The browser client").

import { humanize, readable } from "./kit.js";

// The fields every game's view carries: the shell shows them (whose turn, the result).
const COMMON = new Set(["seat", "phase", "to_move", "result", "legal_moves", "legal_notation"]);
// What a replay report says that the shell shows already.
const REPORTED = new Set(["valid", "game", "moves", "phase", "active_player", "to_move", "winners", "reason"]);

function without(data, keys) {
  return Object.fromEntries(Object.entries(data).filter(([key]) => !keys.has(key)));
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
      const table = el("div", { class: "panel fallback-view", id: "view-data" },
        el("h3", {}, `${context.game.name}: ${humanize(view.phase)}`),
        just.length ? el("p", { class: "fallback-last", id: "last-events" }, "Just now: ", just.join("; ")) : null,
        readable(without(view, COMMON)));
      const buttons = el("div", { class: "panel fallback-moves", id: "moves" },
        el("h3", {}, moves.length ? "Your moves" : "Moves"),
        moves.length
          ? el("div", { class: "row" }, moves.map((move, index) => el("button",
              { class: "primary move", "data-move": notation[index], onclick: () => context.play(move) },
              notation[index])))
          : el("p", { class: "muted" }, view.result ? "The game is over." : context.replay ? "" : "Not your move."));
      root.replaceChildren(el("div", { class: "fallback" }, table, buttons));
    },
  };
}

export function describe(view) {
  return `choose one of your moves (${humanize(view.phase)})`;
}

function brief(value) {
  if (value === null || value === undefined) return "hidden";
  if (Array.isArray(value)) return value.map(brief).join(" ");
  if (typeof value === "object") return Object.entries(value).map(([key, item]) => `${humanize(key)} ${brief(item)}`).join(", ");
  return String(value);
}

// "bo: swapped (card hidden)", from any event's JSON; an event with a result says who won.
export function narrate(event, context) {
  const result = event.result;
  if (result && Array.isArray(result.winners)) {
    const reasons = context.game.reasons || {};
    const winners = context.list ? context.list(result.winners) : result.winners.map(context.name).join(" and ");
    return `Game over: ${winners} won (${reasons[result.reason] || humanize(result.reason)})`;
  }
  const actor = event.seat ?? event.player;
  const rest = Object.entries(event).filter(([key]) => !["type", "seat", "player"].includes(key));
  const details = rest.length ? ` (${rest.map(([key, value]) => `${humanize(key)} ${brief(value)}`).join(", ")})` : "";
  return `${actor === undefined || actor === null ? "" : `${context.name(actor)}: `}${humanize(event.type)}${details}`;
}

export function picture(report, context) {
  return context.el("div", { class: "fallback-view" }, readable(without(report, REPORTED)));
}

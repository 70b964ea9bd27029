// Tsukuru 10 Ten in the browser: every seat's points, hand size, open sets and discard
// pile (its last tile, the one a get or a finish may take, marked), the last finish with
// its score part by part, the seat's own tiles (the drawn one marked), and the moves:
// Draw, each get, each finish with what it scores (best first), a click on a tile to
// discard it, and "Why can't I finish?" (the totals the hand reaches). Tiles carry their
// colour's letter and value, so colour is never the only signal. A game's drawing for
// aves-core's browser client (docs/hosting.md, "Writing a drawing").

const COLOURS = { R: "red", B: "blue", P: "purple" };
const BONUS = {
  finish: "Finish", dealer: "Dealer's finish", closed: "Closed", no_ones: "No Ones",
  half_color: "Half Color", seven: "Seven", straight: "Straight", two_blues: "Two Blues",
  under_five: "Under Five", single_color: "Single Color", eight: "Eight", heaven: "Heaven",
  god_ten: "God Ten", double_four: "Double Four", multi: "Multi", double_three: "Double Three",
  single_four: "Single Four", single_three: "Single Three",
};
// The 19 kinds in canonical order (the view's counts follow it).
const KINDS = ["R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "B1", "B2", "B3", "B4", "B5",
               "B6", "B7", "P5", "P6", "P7", "P8"];
// Events that only say where the game rests: the log tells them, "Just now" does not.
const QUIET = new Set(["turn_started", "finish_or_discard", "discard_due", "deal_due"]);

const tilesOf = (counts) => counts.flatMap((count, index) => Array(count).fill(KINDS[index]));
const plural = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;
const tileName = (code) => `${COLOURS[code[0]]} ${code[1]}`;
const parts = (score) => score.parts.map(([code, points]) => `${BONUS[code] || code} +${points}`).join(", ");
const setText = (set) => set.tiles.map(tileName).join(", ");
const tokens = (move) => (move.arrangement.length ? move.arrangement.join(" ") : "no set");

// One tile: its colour, letter and value.
function tile(el, code, extra, attrs) {
  return el("span", { class: `tile t-${code[0]}${extra ? ` ${extra}` : ""}`, role: "img",
                      "aria-label": tileName(code), title: tileName(code), "data-tile": code, ...attrs },
    el("b", { "aria-hidden": "true" }, code[0]), el("i", { "aria-hidden": "true" }, code[1]));
}

function openSet(el, set) {
  return el("span", { class: `set s-${set.colour}`, "aria-label": `open set ${setText(set)} (${COLOURS[set.colour]})` },
    set.tiles.map((code) => tile(el, code)));
}

export function mount(root, context) {
  const el = context.el;
  let just = [];
  let why = false;

  function seats(view) {
    return el("div", { class: "tk-seats" }, view.scores.map((points, seat) => {
      const name = context.name(seat);
      const bot = context.seats && context.seats[seat] && context.seats[seat].bot;
      const pile = view.discards[seat];
      return el("section", { class: `tk-seat${seat === view.active ? " active" : ""}`, "data-seat": String(seat) },
        el("h3", {}, name === "you" ? "You" : name,
          bot ? el("span", { class: "badge" }, `bot · ${bot}`) : null,
          seat === view.dealer ? el("span", { class: "badge dealer" }, "dealer") : null,
          seat === view.active ? el("span", { class: "badge turn" }, "to move") : null),
        el("p", {}, `${plural(points, "point")} · ${plural(view.hand_sizes[seat], "tile")} in hand`),
        el("div", { class: "tk-open" }, view.open_sets[seat].length
          ? view.open_sets[seat].map((set) => openSet(el, set)) : el("span", { class: "none" }, "no open set")),
        el("div", { class: "tk-pile", "aria-label": `${possessive(name)} discards` },
          pile.length ? pile.map((code, index) => tile(el, code, index === pile.length - 1 ? "last" : ""))
            : el("span", { class: "none" }, "no discard")));
    }));
  }

  function shown(view) {
    const last = view.shown;
    if (!last) return null;
    return el("section", { class: "panel tk-finish", id: "last-finish" },
      el("h3", {}, `Last finish: ${context.name(last.seat)}, round ${last.round}`),
      el("div", { class: "tk-tiles" }, tilesOf(last.tiles).map((code) => tile(el, code))),
      last.open_sets.length ? el("p", {}, "Open: ", last.open_sets.map((set) => openSet(el, set))) : null,
      el("p", {}, `Declared: ${[...last.arrangement.sets.map((set) => set.tiles.join("")),
                                 ...last.arrangement.colours.map(([code, colour]) => `${code}=${colour}`)].join(" ") || "no set"}`),
      el("p", { class: "score" }, `${plural(last.score.points, "point")}: ${parts(last.score)}`));
  }

  function hand(view) {
    if (!view.concealed) return null;
    const moves = view.legal_moves;
    const discards = new Map(moves.filter((move) => move.type === "discard").map((move) => [move.tile, move]));
    let drawnLeft = view.drawn;
    const mine = tilesOf(view.concealed).map((code) => {
      const isDrawn = drawnLeft === code;
      if (isDrawn) drawnLeft = null;
      const move = discards.get(code);
      return tile(el, code, `${isDrawn ? "drawn" : ""}${move ? " playable" : ""}`,
        move ? { onclick: () => context.play(move), "aria-label": `discard ${tileName(code)}`, title: `discard ${tileName(code)}` } : {});
    });
    return el("section", { class: "panel tk-hand", id: "hand" },
      el("h3", {}, "Your tiles", view.drawn ? el("span", { class: "muted" }, ` · just drew ${tileName(view.drawn)}`) : null),
      el("div", { class: "tk-tiles" }, mine),
      discards.size ? el("p", { class: "muted" }, "Click a tile to discard it.") : null);
  }

  function actions(view) {
    const moves = view.legal_moves;
    if (!moves.length) return null;
    let finishes = 0;
    const buttons = moves.filter((move) => move.type !== "discard").map((move) => {
      if (move.type === "draw") return el("button", { class: "primary move", id: "draw", "data-status-action": "", onclick: () => context.play(move) }, "Draw a tile");
      if (move.type === "get") {
        const taken = view.discards[move.source].at(-1);
        return el("button", { class: "move get", "data-status-action": "", onclick: () => context.play(move) },
          `Take ${tileName(taken)} from ${context.name(move.source)} with ${move.tiles.split("=")[0].match(/../g).map(tileName).join(" and ")}` +
          (move.tiles.includes("=") ? ` as ${COLOURS[move.tiles.at(-1)]}` : ""));
      }
      const score = view.finish_scores[finishes++];
      const taken = move.type === "finishfrom" ? ` with ${tileName(view.discards[move.source].at(-1))} from ${context.name(move.source)}` : "";
      return el("button", { class: "primary move finish", "data-status-action": "", onclick: () => context.play(move) },
        `Finish${taken}: ${tokens(move)} → ${plural(score.points, "point")}`, el("small", {}, parts(score)));
    });
    const canAsk = view.totals.length && !moves.some((move) => move.type.startsWith("finish"));
    return el("section", { class: "panel tk-actions", id: "moves" },
      buttons.length ? el("div", { class: "tk-buttons" }, buttons) : null,
      canAsk ? el("button", { class: "link", id: "why", onclick: () => { why = !why; draw(view); } }, "Why can't I finish?") : null,
      canAsk && why ? el("p", { id: "why-text" }, `Your tiles' arrangements total ${view.totals.join(", ")}: a finish needs 8 tiles totalling exactly 10.`) : null);
  }

  function draw(view) {
    root.replaceChildren(el("div", { class: "tsukuru" },
      el("p", { class: "tk-round" }, `Round ${view.round} · ${view.scoring} scoring · deck: ${plural(view.deck_size, "tile")}`),
      just.length ? el("p", { class: "tk-just", id: "just-now" }, el("b", {}, "Just now: "), just.join(" · ")) : null,
      seats(view), shown(view), hand(view), actions(view)));
  }

  return {
    update(view, events, how) {
      if (how && how.fresh) just = [];
      const lines = events.filter((event) => !QUIET.has(event.type)).map((event) => narrate(event, context)).filter(Boolean);
      if (lines.length) just = lines.slice(-4);
      why = false;
      draw(view);
    },
  };
}

const possessive = (name) => (name === "you" ? "your" : `${name}'s`);

export function describe(view) {
  if (view.phase === "turn") return "draw a tile, take a discard into an open set, or finish with a discard";
  if (view.phase === "drawn") return "finish, or click a tile to discard it";
  if (view.phase === "discard") return "click a tile to discard it";
  return "wait for the deal";
}

export function narrate(event, context) {
  const who = event.seat === undefined ? "" : context.name(event.seat);
  switch (event.type) {
    case "drew": return `${who} drew ${event.tile ? tileName(event.tile) : "a tile"}`;
    case "discarded": return `${who} discarded ${tileName(event.tile)}`;
    case "got": return `${who} took ${tileName(event.tile)} from ${context.name(event.source)} and opened ${event.opened.split("=")[0].match(/../g).map(tileName).join(", ")}`;
    case "finished": return `${who} finished${event.taken ? ` with ${tileName(event.taken)} from ${context.name(event.source)}` : ""}: ${event.arrangement.join(" ") || "no set"} → ${plural(event.points, "point")} (${event.parts.map(([code, points]) => `${BONUS[code] || code} +${points}`).join(", ")})`;
    case "round_dry": return `The deck is empty: round ${event.round} ends and nobody scores`;
    case "round_started": return `Round ${event.round}: ${event.dealer === undefined ? "" : context.name(event.dealer)} deals and moves first`;
    case "dealt": return event.tiles ? `You were dealt ${event.tiles.map(tileName).join(", ")}` : "";
    case "game_ended": {
      const reasons = context.game.reasons || {};
      return `Game over: ${context.list ? context.list(event.result.winners) : event.result.winners.map(context.name).join(" and ")} won (${reasons[event.result.reason] || event.result.reason})`;
    }
    default: return "";
  }
}

export function picture(report, context) {
  const el = context.el;
  return el("div", { class: "tsukuru tk-picture" },
    el("p", {}, `Round ${report.round} · deck: ${plural(report.deck.length, "tile")}`),
    el("div", { class: "tk-seats" }, report.concealed.map((codes, seat) => el("section", { class: "tk-seat" },
      el("h3", {}, context.name(seat)),
      el("p", {}, plural(report.scores[seat], "point")),
      el("div", { class: "tk-tiles" }, codes.map((code) => tile(el, code))),
      el("p", {}, "Open: ", report.open_sets[seat].join(" ") || "none"),
      el("div", { class: "tk-pile" }, report.discards[seat].map((code) => tile(el, code)))))));
}

export function help(context) {
  const el = context.el;
  return el("div", { class: "help" },
    el("h3", {}, "Tsukuru 10 Ten"),
    el("p", {}, "Make a hand of 8 tiles whose sets and loose tiles total exactly 10. A set is three tiles of one colour: a run (three values in a row: a blue run is worth its lowest value, a red run its highest) or a triple (worth 0). Loose tiles count their face value. Purple tiles take any colour but keep their value."),
    el("p", {}, "On your turn: draw a tile, then finish or discard one; or take another player's last discard into an open set with two of your tiles, then discard; or finish with another player's last discard."),
    el("p", {}, "On this page: click Draw, a Take button or a Finish button (each finish says what it scores, best first); click a tile of your hand to discard it. Tab and Enter work too. Why can't I finish? says the totals your tiles reach."),
    el("p", {}, "Basic scoring: a finish is 1 point, 4 points win. Advanced: 2 (3 for the dealer) and bonuses, 25 points win. A round whose deck runs out scores nothing."));
}

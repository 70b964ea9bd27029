// Tsukuru 10 Ten in the browser: a table (the deck and every seat's points, hand size,
// open sets and discard pile, labelled: the last discard, the one a get or a finish may
// take, marked), the last finish said in words (its sets, its bonuses by name), the seat's
// own tiles (the drawn one marked), and the moves: Draw, each get, each finish with what it
// scores (best first), a click on a tile to discard it, and "Why can't I finish?" (the
// totals the hand reaches). Tiles travel when drawn, discarded or taken (unless the reader
// prefers reduced motion); at the end, the target and every seat's points. Tiles carry
// their colour's letter and value, so colour is never the only signal. A game's drawing
// for aves-core's browser client (docs/hosting.md, "Writing a drawing").

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
// The points that end the game under each scoring (TK16; state.TARGETS).
const TARGETS = { basic: 4, advanced: 25 };

// A finish's declared token in words: "B4B5P6" a blue run of blue 4, blue 5 and purple 6,
// "P5P6P7=B" the same as blue, "R2R2R2" a red triple, "P8=R" a free purple counted red.
export function tokenWords(token) {
  const [tiles, colour] = token.split("=");
  const codes = tiles.match(/../g);
  if (codes.length === 1) return `${tileName(codes[0])} counted as ${COLOURS[colour]}`;
  const own = colour || codes.map((code) => code[0]).find((letter) => letter !== "P") || "P";
  const kind = codes.every((code) => code[1] === codes[0][1]) ? "triple" : "run";
  return `a ${COLOURS[own]} ${kind} (${codes.map(tileName).join(", ")})`;
}

const arrangementWords = (tokens) => (tokens.length ? tokens.map(tokenWords).join("; ") : "no set");
const tokens = (move) => arrangementWords(move.arrangement);
const shapeToken = (set) => set.tiles.join("") + (set.tiles.every((code) => code[0] === "P") ? `=${set.colour}` : "");

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
        el("p", { class: "tk-count" }, `${plural(points, "point")} · `,
          el("span", { class: "tk-in-hand" }, `${plural(view.hand_sizes[seat], "tile")} in hand`)),
        el("div", { class: "tk-open" }, el("span", { class: "tk-label" }, "Open sets"), view.open_sets[seat].length
          ? view.open_sets[seat].map((set) => openSet(el, set)) : el("span", { class: "none" }, "none")),
        el("div", { class: "tk-pile", "aria-label": `${possessive(name)} discards` },
          el("span", { class: "tk-label" }, "Discards"),
          pile.length ? pile.map((code, index) => tile(el, code, index === pile.length - 1 ? "last" : ""))
            : el("span", { class: "none" }, "none")));
    }));
  }

  function deck(view) {
    return el("div", { class: "tk-deck", id: "deck" },
      el("span", { class: "tile back", id: "deck-top", role: "img", "aria-label": "the deck" }),
      el("span", {}, el("b", {}, String(view.deck_size)), ` ${view.deck_size === 1 ? "tile" : "tiles"} in the deck`));
  }

  function standings(view) {
    if (!view.result) return null;
    const order = view.scores.map((points, seat) => seat)
      .sort((a, b) => (view.ranks ? view.ranks[a] - view.ranks[b] : 0) || view.scores[b] - view.scores[a] || a - b);
    return el("section", { class: "panel tk-standings", id: "standings" },
      el("h3", {}, "Final standings"),
      el("p", {}, `Target: ${plural(TARGETS[view.scoring], "point")} (${view.scoring} scoring)` +
        (view.end === "rounds" ? ", or the most points when the last round ends" : "")),
      el("ol", {}, order.map((seat) => el("li", { "data-seat": String(seat) },
        el("b", {}, context.name(seat) === "you" ? "You" : context.name(seat)), `: ${plural(view.scores[seat], "point")}`,
        view.result.winners.includes(seat) ? el("span", { class: "badge turn" }, "won") : null))));
  }

  function shown(view) {
    const last = view.shown;
    if (!last) return null;
    return el("section", { class: "panel tk-finish", id: "last-finish" },
      el("h3", {}, `Last finish: ${context.name(last.seat)}, round ${last.round}`),
      el("div", { class: "tk-tiles" }, tilesOf(last.tiles).map((code) => tile(el, code))),
      last.open_sets.length ? el("p", {}, "Open: ", last.open_sets.map((set) => openSet(el, set))) : null,
      el("p", {}, `Declared: ${arrangementWords([...last.arrangement.sets.map(shapeToken),
        ...last.arrangement.colours.map(([code, colour]) => `${code}=${colour}`)])}`),
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
      el("p", { class: "tk-round" }, `Round ${view.round} · ${view.scoring} scoring · first to ${plural(TARGETS[view.scoring], "point")}`),
      just.length ? el("p", { class: "tk-just", id: "just-now" }, el("b", {}, "Just now: "), just.join(" · ")) : null,
      standings(view),
      el("div", { class: "felt tk-table" }, deck(view), seats(view)), shown(view), hand(view), actions(view)));
  }

  // Where each tile of the events was before the page is redrawn...
  const rectOf = (node) => (node ? node.getBoundingClientRect() : null);
  const seatPanel = (seat) => root.querySelector(`.tk-seat[data-seat="${seat}"] .tk-in-hand`);
  const lastDiscard = (seat) => root.querySelector(`.tk-seat[data-seat="${seat}"] .tk-pile .tile.last`);
  const myTile = (code) => root.querySelector(`#hand .tile[data-tile="${code}"]`);
  function capture(events) {
    const plan = [];
    for (const event of events) {
      if (event.type === "drew") plan.push({ event, from: rectOf(root.querySelector("#deck-top")) });
      else if (event.type === "discarded") {
        const mine = event.seat === context.seat ? myTile(event.tile) : null;
        plan.push({ event, from: rectOf(mine || seatPanel(event.seat)) });
      } else if (event.type === "got") plan.push({ event, from: rectOf(lastDiscard(event.source)) });
    }
    return plan;
  }

  // ... then, on the page redrawn, each travels where it went.
  async function travel(plan) {
    const fly = (from, to, options) => (from && to ? context.fly(from, to, options) : Promise.resolve());
    for (const { event, from } of plan) {
      if (event.type === "drew") {
        const mine = event.seat === context.seat ? root.querySelector("#hand .tile.drawn") : null;
        await fly(from, mine || seatPanel(event.seat), { ghost: mine ? undefined : root.querySelector("#deck-top"), ms: 380 });
      } else if (event.type === "discarded") {
        await fly(from, lastDiscard(event.seat), { ms: 380 });
      } else if (event.type === "got") {
        const sets = root.querySelectorAll(`.tk-seat[data-seat="${event.seat}"] .tk-open .set`);
        await fly(from, sets[sets.length - 1], { ms: 450 });
      }
    }
  }

  return {
    update(view, events, how) {
      const live = how ? how.live : true;
      if (how && how.fresh) just = [];
      const moving = live && context.motion !== false && typeof context.fly === "function";
      const plan = moving ? capture(events) : [];
      const lines = events.filter((event) => !QUIET.has(event.type)).map((event) => narrate(event, context)).filter(Boolean);
      if (lines.length) just = lines.slice(-4);
      why = false;
      draw(view);
      if (!plan.length) return undefined;
      return travel(plan).catch(() => {});
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
    case "finished": return `${who} finished${event.taken ? ` with ${tileName(event.taken)} from ${context.name(event.source)}` : ""}: ${arrangementWords(event.arrangement)} → ${plural(event.points, "point")} (${event.parts.map(([code, points]) => `${BONUS[code] || code} +${points}`).join(", ")})`;
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

// The end, as the table's result line adds it: the target, then every seat's points in
// the order they finished.
export function outcome(report, context) {
  const el = context.el;
  const order = report.scores.map((points, seat) => seat)
    .sort((a, b) => (report.ranks ? report.ranks[a] - report.ranks[b] : 0) || report.scores[b] - report.scores[a] || a - b);
  return el("div", { class: "ranking", id: "ranking" },
    el("div", {}, `Target: ${plural(report.target, "point")} (${report.scoring} scoring).`),
    order.map((seat) => el("div", { class: "rank-line", "data-seat": String(seat) },
      el("b", {}, report.ranks ? ordinal(report.ranks[seat]) : ""), " ", context.name(seat), ": ",
      plural(report.scores[seat], "point"))));
}

const ordinal = (rank) => `${rank}${rank === 1 ? "st" : rank === 2 ? "nd" : rank === 3 ? "rd" : "th"}`;

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

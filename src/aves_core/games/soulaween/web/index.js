// Soulaween in the browser: the 4x4 mat (each cell a button while a piece may go there),
// the seats with their characters, stances, tokens and last move, a small chooser of the
// face up beside the chosen cell, and buttons to reap, rotate or keep. Moves are animated
// (a piece travels from its player's seat, flipped pieces turn over, reaped pieces travel
// to the new token) unless the reader prefers reduced motion. A game's drawing for
// aves-core's browser client (docs/hosting.md, "Writing a drawing").

const CHARACTERS = { little_death: "Little Death", anubis: "Anubis", hei_bai: "Hei & Bai" };
const POWERS = {
  little_death: "wins with one Cloth, one Scythe and one Needle token; reaps squares, L shapes and lines",
  anubis: "each token shows the colour reaped: the other player's next token must come from that colour",
  hei_bai: "Hei flips the pieces beside, Bai the pieces on the diagonals; may switch after each turn",
};
const STANCES = { hei: "Hei", bai: "Bai" };
const STANCE_WORDS = { hei: "flips the pieces beside", bai: "flips the pieces on the diagonals" };
const TOKENS = { vulture: "Teacher Vulture", cloth: "Cloth", scythe: "Scythe", needle: "Needle" };
const REASONS = { three_tokens: "three tokens", one_of_each_kind: "one token of each kind" };
const PHASES = { playerTurn: "put a piece", chooseReap: "choose a reap", chooseRotation: "rotate or keep",
                 gameEnd: "game over" };
const LETTER = { black: "B", white: "W" };
const FLIP_MS = 520;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const other = (face) => (face === "black" ? "white" : "black");
const article = (words) => (/^[aeiou]/i.test(words) ? `an ${words}` : `a ${words}`);

function cellIndex(name) { return (Number(name[1]) - 1) * 4 + "abcd".indexOf(name[0]); }

// "a2, b3 and c1".
function cellList(cells) {
  const items = [...cells];
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

// A token in words: "Anubis token (black)", "Teacher Vulture token".
export function tokenWords(token) {
  const match = /^anubis_(black|white)$/.exec(token);
  if (match) return `Anubis token (${match[1]})`;
  return `${TOKENS[token] || String(token).replace(/_/g, " ")} token`;
}

// What shape four cells make: a line, a square or an L.
function shape(cells) {
  const points = cells.map((name) => ["abcd".indexOf(name[0]), Number(name[1])]);
  const xs = new Set(points.map((p) => p[0])), ys = new Set(points.map((p) => p[1]));
  const diagonal = new Set(points.map((p) => p[0] - p[1])).size === 1 || new Set(points.map((p) => p[0] + p[1])).size === 1;
  if (xs.size === 1 || ys.size === 1 || diagonal) return "a line of four";
  if (xs.size === 2 && ys.size === 2) return "a square";
  return "an L shape";
}

// The mat as two bit sets, changed by events (to draw each step of a move in turn).
function fold(mat, event) {
  const bits = (cells) => cells.reduce((sum, name) => sum | (1 << cellIndex(name)), 0);
  if (event.type === "piece_put") {
    const bit = 1 << cellIndex(event.cell);
    return event.face === "black" ? { black: mat.black | bit, white: mat.white & ~bit }
      : { black: mat.black & ~bit, white: mat.white | bit };
  }
  if (event.type === "pieces_flipped") {
    const flip = bits(event.cells);
    return { black: (mat.black & ~flip) | (mat.white & flip), white: (mat.white & ~flip) | (mat.black & flip) };
  }
  if (event.type === "pieces_reaped" || event.type === "mat_cleaned") {
    const gone = bits(event.cells);
    return { black: mat.black & ~gone, white: mat.white & ~gone };
  }
  return mat;
}

// Each seat's last turn, kept from the events: where it put, what that did.
function Memory() {
  let turns = [[], []];  // by seat: its turns, the latest last
  const latest = (seat) => turns[seat][turns[seat].length - 1];
  let actor = null, newest = null;
  return {
    reset() { turns = [[], []]; actor = null; newest = null; },
    add(event) {
      if (event.type === "piece_put") {
        actor = event.seat;
        turns[actor].push({ cell: event.cell, face: event.face, flipped: [], reaped: null, token: null,
                            cleaned: null, stance: null, kept: false });
        turns[actor] = turns[actor].slice(-12);
        newest = actor;
        return;
      }
      if (event.type === "move_undone") {
        const turn = latest(event.seat);
        if (!turn) return;
        // Soulaween lets a seat take back its moves of the turn in progress, last first.
        if (turn.stance || turn.kept) { turn.stance = null; turn.kept = false; }
        else if (turn.chosenReap) { turn.reaped = null; turn.token = null; turn.chosenReap = false; turn.cleaned = null; }
        else turns[event.seat].pop();
        return;
      }
      const seat = event.seat !== undefined ? event.seat : actor;
      const turn = seat === null || seat === undefined ? null : latest(seat);
      if (!turn) return;
      if (event.type === "pieces_flipped") turn.flipped = event.cells;
      else if (event.type === "pieces_reaped") {
        turn.reaped = event.cells; turn.token = event.token; turn.chosenReap = turn.reapDue || false;
      } else if (event.type === "reap_due") turn.reapDue = true;
      else if (event.type === "mat_cleaned") turn.cleaned = event.face;
      else if (event.type === "rotated") { turn.stance = event.stance; newest = seat; }
      else if (event.type === "kept") { turn.kept = true; newest = seat; }
    },
    last: (seat) => latest(seat) || null,
    newest: () => newest,
  };
}

// A seat's last turn in words: "put a black piece on b3, flipped a3, took a Needle token".
function turnWords(turn, stances) {
  const parts = [`put a ${turn.face} piece on ${turn.cell}`];
  if (turn.flipped.length) parts.push(`flipped ${cellList(turn.flipped)}`);
  if (turn.token) parts.push(`took ${article(tokenWords(turn.token))}`);
  if (turn.cleaned) parts.push(`cleared the full mat of ${turn.cleaned}`);
  if (turn.stance) parts.push(`turned to ${STANCES[turn.stance]}`);
  else if (turn.kept && stances) parts.push("kept the stance");
  return parts.join(", ");
}

// A soul piece: its colour, its letter (B or W) and its name for screen readers.
function soul(el, face, extra, label) {
  return el("span", { class: `soul ${face}${extra ? ` ${extra}` : ""}`, role: "img", "aria-label": label || `${face} piece` },
    el("span", { class: "letter", "aria-hidden": "true" }, LETTER[face]));
}

// What a token is, for its title and the rules: each reap earns one.
const TOKEN_MEANING = {
  vulture: "the simple game's token: each reap of four in a line earns one, and three win",
  cloth: "Little Death's token for a reaped square", scythe: "Little Death's token for a reaped L shape",
  needle: "Little Death's token for a reaped line",
};

function tokenPill(el, token, extra) {
  const anubis = /^anubis_(black|white)$/.exec(token);
  const meaning = anubis ? `Anubis's token, showing the colour reaped (${anubis[1]})` : TOKEN_MEANING[token];
  return el("span", { class: `token t-${anubis ? "anubis" : token}${extra ? ` ${extra}` : ""}`, "data-token": token,
                      title: meaning ? `${tokenWords(token)}: ${meaning}` : null },
    anubis ? soul(el, anubis[1], "mini", `${anubis[1]}`) : null, tokenWords(token));
}

// A short tag for a seat, for the marker on its last cell: "you", "Bo", "P2".
function tagOf(context, seat) {
  if (context.tag) return context.tag(seat);  // the shell's: every seat's different
  const name = context.name(seat);
  if (name.length <= 4) return name;
  const digits = /(\d+)$/.exec(name);
  return `${name[0].toUpperCase()}${digits ? digits[1] : name[1] || ""}`;
}

export function mount(root, context) {
  const el = context.el, who = context.name;
  const memory = Memory();
  let view = null, cell = null, refocus = null;
  let lastReap = null;  // the last reap's cells and face: at the end, the winning reap

  const bot = (seat) => (context.seats && context.seats[seat] ? context.seats[seat].bot : null);
  const tokenNeed = (state, seat) => (state.characters[seat] === "little_death" ? "one Cloth, one Scythe and one Needle" : "3 tokens");

  function seatPanel(state, seat) {
    const character = state.characters[seat], stance = state.stances[seat];
    const last = memory.last(seat), tokens = state.tokens[seat];
    return el("section", { class: `seat${seat === state.active && !view.result ? " active" : ""}`, "data-seat": seat,
                           "aria-label": `${who(seat)}'s seat` },
      el("div", { class: "seat-head" }, el("b", {}, who(seat)),
        bot(seat) ? el("span", { class: "badge bot", title: `a bot (${bot(seat)})` }, "bot") : null,
        seat === state.active && !view.result ? el("span", { class: "badge turn" }, "to move") : null),
      el("div", { class: "character" }, character ? [el("b", {}, CHARACTERS[character] || character),
        stance ? ` · now ${STANCES[stance]}: ${STANCE_WORDS[stance]}` : ""] : "No character: the simple game",
        character ? el("div", { class: "power" }, POWERS[character]) : null),
      el("div", { class: "tokens", "aria-label": `${who(seat)}'s tokens` },
        el("span", { class: "count" }, `${tokens.length} token${tokens.length === 1 ? "" : "s"} (wins with ${tokenNeed(state, seat)})`),
        tokens.map((token, index) => tokenPill(el, token, index === tokens.length - 1 ? "newest" : ""))),
      state.restrictions[seat] ? el("div", { class: "restriction" },
        `next token only from ${state.restrictions[seat]} pieces`) : null,
      el("div", { class: "last-move" }, last ? `last: ${turnWords(last, Boolean(stance))}` : "last: no move yet"));
  }

  function matNode(state, mat, options) {
    const moves = view.legal_moves, puts = moves.filter((move) => move.type === "put");
    const newest = memory.newest();
    const node = el("div", { class: "mat", id: "mat", role: "group", "aria-label": "the mat, 4 by 4" });
    for (let row = 4; row >= 1; row--) {
      node.append(el("span", { class: "label", "aria-hidden": "true" }, row));
      for (const column of "abcd") {
        const name = `${column}${row}`, bit = 1 << cellIndex(name);
        const face = mat.black & bit ? "black" : mat.white & bit ? "white" : null;
        const lastOf = [0, 1].filter((seat) => { const turn = memory.last(seat); return turn && turn.cell === name; });
        const lastHere = lastOf.length ? lastOf : [];
        const isNewest = newest !== null && lastHere.includes(newest);
        const legal = !face && !options.still && puts.some((move) => move.cell === name);
        const classes = ["cell", face ? face : "empty", legal && "legal", legal && cell === name && "chosen",
                         lastHere.length && "was-last", isNewest && "newest"].filter(Boolean).join(" ");
        const marker = lastHere.length ? el("span", { class: "marker", "aria-hidden": "true" },
          lastHere.map((seat) => tagOf(context, seat)).join(" · ")) : null;
        const lastWords = lastHere.length ? `, last put by ${lastHere.map(who).join(" and ")}` : "";
        const won = view.result && !options.still && lastReap && lastReap.cells.includes(name);
        const box = el("div", { class: `${classes}${won ? " winning" : ""}`, "data-cell": name });
        if (won && !face) box.append(soul(el, lastReap.face, "reaped", `${lastReap.face} piece reaped from ${name}: the winning reap`));
        else if (face) box.append(soul(el, face, isNewest ? "last" : "", `${face} piece on ${name}${lastWords}`));
        else if (legal) {
          box.append(el("button", { class: "spot", "data-cell": name, "aria-expanded": cell === name ? "true" : "false",
                                    "aria-label": `empty cell ${name}: put a piece here${lastWords}`,
                                    onclick: () => { cell = cell === name ? null : name; refocus = cell ? "face" : name; draw(); } },
            el("span", { class: "name", "aria-hidden": "true" }, name)));
          if (cell === name) box.append(faceChooser(name, puts, row));
        } else box.append(el("span", { class: "name", role: "img", "aria-label": `empty cell ${name}${lastWords}` }, name));
        if (marker) box.append(marker);
        node.append(box);
      }
    }
    node.append(el("span"), ..."abcd".split("").map((column) => el("span", { class: "label", "aria-hidden": "true" }, column)));
    return node;
  }

  // Two buttons on the chosen cell: which face is up.
  function faceChooser(name, puts, row) {
    const side = "ab".includes(name[0]) ? "from-left" : "from-right";
    return el("div", { class: `faces ${side} ${row === 1 ? "above" : "below"}`, id: "faces", role: "group",
                       "aria-label": `which face up on ${name}`,
                       onkeydown: (key) => { if (key.key === "Escape") { cell = null; refocus = name; draw(); } } },
      ["black", "white"].map((face) => {
        const move = puts.find((m) => m.cell === name && m.face === face);
        return el("button", { class: `face ${face}`, "data-face": face, "aria-label": `${face} up on ${name}`,
                              disabled: !move, onclick: () => { cell = null; if (move) context.play(move); } },
          soul(el, face, "mini", `${face} piece`), `${face} up`);
      }),
      el("button", { class: "cancel", "aria-label": `cancel: not ${name}`, onclick: () => { cell = null; refocus = name; draw(); } }, "cancel"));
  }

  function actions(state) {
    const moves = view.legal_moves, box = el("div", { class: "chooser", id: "actions" });
    const reaps = moves.filter((move) => move.type === "reap");
    if (reaps.length) box.append(el("p", { class: "ask" }, "Several patterns can be reaped: choose one."));
    for (const move of reaps) {
      const faceOf = state.black & (1 << cellIndex(move.cells[0])) ? "black" : "white";
      const words = `Reap ${cellList(move.cells)}: ${shape(move.cells)} of ${faceOf} pieces`;
      const mark = (on) => move.cells.forEach((name) => {
        const node = root.querySelector(`.cell[data-cell="${name}"]`);
        if (node) node.classList.toggle("pattern", on);
      });
      box.append(el("button", { class: "primary reap", "data-cells": move.cells.join(" "), "data-status-action": "", onclick: () => context.play(move),
                                onmouseenter: () => mark(true), onmouseleave: () => mark(false),
                                onfocus: () => mark(true), onblur: () => mark(false) }, words));
    }
    const stance = state.stances[state.active];
    for (const move of moves.filter((m) => m.type === "rotate" || m.type === "keep")) {
      const to = move.type === "rotate" ? (stance === "hei" ? "bai" : "hei") : stance;
      const words = move.type === "rotate" ? `Turn to ${STANCES[to]} (${STANCE_WORDS[to]})`
        : `Stay ${STANCES[to]} (${STANCE_WORDS[to]})`;
      box.append(el("button", { class: move.type === "rotate" ? "primary" : "", id: move.type, "data-status-action": "", onclick: () => context.play(move) }, words));
    }
    return box.children.length ? box : null;
  }

  // The table as it is (mat: the pieces to show, which may be a step before the view's).
  function draw(mat, options = {}) {
    const state = view.state;
    mat = mat || { black: state.black, white: state.white };
    const focused = document.activeElement && root.contains(document.activeElement)
      ? (document.activeElement.dataset.cell || null) : null;
    root.replaceChildren(el("div", { class: "felt soulaween" },
      el("div", { class: "seats" }, [0, 1].map((seat) => seatPanel(state, seat))),
      el("div", { class: "mat-box" }, matNode(state, mat, options),
        view.result && lastReap && !options.still ? el("p", { class: "winning-words", id: "winning-reap" },
          `The winning reap: ${cellList(lastReap.cells)} (${lastReap.face}), ${shape(lastReap.cells)}`) : null),
      options.still ? null : actions(state)));
    // The keyboard stays where it was: on the face chooser just opened, or on the cell.
    const target = refocus === "face" ? root.querySelector("#faces button[data-face]")
      : refocus ? root.querySelector(`button.spot[data-cell="${refocus}"]`)
        : focused ? root.querySelector(`button.spot[data-cell="${focused}"]`) : null;
    refocus = null;
    if (target) target.focus();
  }

  const seatBox = (seat) => root.querySelector(`.seat[data-seat="${seat}"]`);
  const soulAt = (name) => root.querySelector(`.cell[data-cell="${name}"] .soul`);

  // A move told step by step: the piece travels from its seat, flipped pieces turn over,
  // reaped pieces travel to the new token; then the table as the view has it.
  async function animate(before, events) {
    let mat = before;
    for (const event of events) {
      const next = fold(mat, event);
      if (event.type === "piece_put") {
        const from = seatBox(event.seat);
        const start = from ? from.getBoundingClientRect() : null;
        draw(next, { still: true });
        if (start) await context.fly(start, soulAt(event.cell), { ms: 450 });
      } else if (event.type === "pieces_flipped") {
        draw(next, { still: true });
        for (const name of event.cells) {
          const node = soulAt(name);
          if (node) node.classList.add("flip");
        }
        await sleep(FLIP_MS);
      } else if (event.type === "pieces_reaped" || event.type === "mat_cleaned") {
        const starts = event.cells.map((name) => { const node = soulAt(name); return node ? node.getBoundingClientRect() : null; });
        const ghosts = event.cells.map((name) => soulAt(name)).map((node) => (node ? node.cloneNode(true) : null));
        draw(next, { still: true });
        if (event.type === "pieces_reaped") {
          const target = seatBox(event.seat) && seatBox(event.seat).querySelector(".token.newest");
          if (target) {
            await Promise.all(starts.map((start, index) => (start && ghosts[index]
              ? context.fly(start, target, { ghost: ghosts[index], ms: 500, delay: index * 60 }) : Promise.resolve())));
          }
        } else await sleep(250);
      }
      mat = next;
    }
  }

  return {
    update(next, events, how) {
      const live = how ? how.live : true;
      if (how && how.fresh) { memory.reset(); lastReap = null; }  // the whole history: start afresh
      const before = view ? { black: view.state.black, white: view.state.white } : null;
      for (const event of events) {
        memory.add(event);
        if (event.type === "pieces_reaped") lastReap = { cells: event.cells, face: event.face };
      }
      view = next;
      cell = null;
      const moving = live && before && context.motion !== false && typeof context.fly === "function"
        && events.some((event) => event.type === "piece_put" || event.type === "pieces_reaped");
      if (!moving) { draw(); return undefined; }
      return animate(before, events).catch(() => {}).then(() => draw());
    },
  };
}

export function describe(view) {
  const state = view.state, seat = view.seat;
  const limit = seat !== null && state.restrictions[seat] ? ` (your next token must come from ${state.restrictions[seat]} pieces)` : "";
  if (view.phase === "playerTurn") return `put a piece on an empty cell: choose the cell, then black or white up${limit}`;
  if (view.phase === "chooseReap") return "several patterns can be reaped: choose which one to reap";
  if (view.phase === "chooseRotation") {
    const stance = state.stances[seat];
    return `turn to ${STANCES[stance === "hei" ? "bai" : "hei"]} or stay ${STANCES[stance]}`;
  }
  return PHASES[view.phase] || "choose one of your moves";
}

// Who put the last piece, for the lines that follow it (an event of a flip, a reap or a
// cleanup names no seat). The shell narrates events in order.
let narrated = { actor: null, chosen: false };

export function narrate(event, context) {
  const who = context.name;
  const name = (seat) => who(seat === undefined || seat === null ? narrated.actor : seat);
  switch (event.type) {
    case "piece_put":
      narrated = { actor: event.seat, chosen: false };
      return `${who(event.seat)} put a ${event.face} piece on ${event.cell}`;
    case "pieces_flipped": return `  ${name()} flipped ${cellList(event.cells)}`;
    case "reap_due":
      narrated = { actor: event.seat, chosen: true };
      return `  ${who(event.seat)} must choose which pattern to reap`;
    case "pieces_reaped": {
      const line = `${who(event.seat)} reaped ${cellList(event.cells)} (${event.face}) and took ${article(tokenWords(event.token))}`;
      const chosen = narrated.chosen;
      narrated = { actor: event.seat, chosen: false };
      return chosen ? line : `  ${line}`;
    }
    case "mat_cleaned": return `  ${name()} filled the mat: every ${event.face} piece left it (${cellList(event.cells)})`;
    case "rotated": return `${who(event.seat)} turned to ${STANCES[event.stance] || event.stance}`;
    case "kept": return `${who(event.seat)} kept the stance`;
    case "move_undone": return `${who(event.seat)} took back ${who(event.seat) === "you" ? "your" : "their"} last move`;
    case "game_ended": {
      const list = context.list ? context.list(event.result.winners) : event.result.winners.map(who).join(" and ");
      return `Game over: ${list} won with ${REASONS[event.result.reason] || String(event.result.reason).replace(/_/g, " ")}`;
    }
    default: return "";
  }
}

// The rules and how to play them here, for the shell's "Rules" button.
export function help(context) {
  const el = context.el;
  return el("div", { class: "soulaween-help" },
    el("p", {}, "Two players share a 4 × 4 mat of soul pieces, black on one face and white on the other. ",
      el("b", {}, "Be first to hold 3 tokens.")),
    el("h3", {}, "A turn"),
    el("ol", {},
      el("li", {}, "Put a piece on an empty cell, black or white face up."),
      el("li", {}, "Every piece beside it (up, down, left, right) turns over."),
      el("li", {}, "If four pieces of one colour stand in a line (a row, a column or a diagonal), you reap them: they leave the mat and you take a token (in the simple game, the Teacher Vulture token: each reap earns one). If several lines can be reaped, you choose one."),
      el("li", {}, "When the mat is full, every piece showing the colour you put leaves it.")),
    el("h3", {}, "Characters (standard game)"),
    el("ul", {},
      el("li", {}, el("b", {}, "Little Death"), " reaps squares, L shapes and lines, one token of each kind, and wins with one of each."),
      el("li", {}, el("b", {}, "Anubis"), " takes a token showing the colour reaped: the other player's next token must come from that colour."),
      el("li", {}, el("b", {}, "Hei & Bai"), ": Hei turns over the pieces beside, Bai the pieces on the diagonals; after each turn, turn to the other or stay.")),
    el("h3", {}, "On this page"),
    el("p", {}, "Click an empty cell (or Tab to it and press Enter), then choose black or white up in the box that opens on it; Escape closes it. Reap, turn and stay are buttons under the mat. Each piece shows B or W. A name tag marks the cell each player last played, and each seat says its last move."),
    el("p", {}, "The game ends as soon as a player has 3 tokens (Little Death: one of each kind); that player wins."));
}

// Beside the result: each seat's tokens.
export function outcome(report, context) {
  const el = context.el;
  return el("div", { class: "tokens final" }, report.tokens.map((tokens, seat) =>
    el("div", {}, `${context.name(seat)}: ${tokens.length} token${tokens.length === 1 ? "" : "s"} `,
      tokens.map((token) => tokenPill(el, token)))));
}

// The seats as the log knows them (characters, stances, tokens).
function seatsOf(report, context) {
  const el = context.el;
  return el("div", { class: "replay-seats" }, report.tokens.map((tokens, seat) => el("div", { class: "tokens" },
    el("b", {}, context.name(seat)), ` · ${CHARACTERS[report.characters[seat]] || "no character"}`,
    report.stances[seat] ? ` (now ${STANCES[report.stances[seat]]})` : "", ": ",
    tokens.length ? tokens.map((token) => tokenPill(el, token)) : "no token",
    report.restrictions && report.restrictions[seat] ? ` · next token only from ${report.restrictions[seat]} pieces` : "")));
}

// A step of the replay viewer. Where the shell mounts this drawing for the board
// (context.replay), nothing is hidden in Soulaween: only the seats in words. Otherwise the
// mat too, from the report's four rows of text, row 4 first: B black, W white, . empty.
export function picture(report, context) {
  const el = context.el;
  if (context.replay) {
    return el("div", { class: "log-knows" }, el("p", { class: "muted" }, "Soulaween hides nothing: the mat above is the whole game."),
      seatsOf(report, context));
  }
  const mat = el("div", { class: "mat" }, report.mat.map((text, index) => [el("span", { class: "label", "aria-hidden": "true" }, 4 - index),
    text.split("").map((letter, column) => {
      const name = `${"abcd"[column]}${4 - index}`, face = letter === "B" ? "black" : "white";
      return el("div", { class: `cell${letter === "." ? " empty" : ""}`, "data-cell": name },
        letter === "." ? null : soul(el, face, "", `${face} piece on ${name}`));
    })]),
  el("span"), ..."abcd".split("").map((column) => el("span", { class: "label", "aria-hidden": "true" }, column)));
  return el("div", { class: "felt soulaween" }, el("div", { class: "mat-box" }, mat), seatsOf(report, context));
}

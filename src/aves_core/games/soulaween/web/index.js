// Soulaween in the browser: the 4x4 mat, the seats with their characters, stances and
// tokens, and the buttons to reap, rotate or keep. A game's drawing for aves-core's
// browser client: the shell calls mount() once per table and update() with each view.

const CHARACTERS = { little_death: "Little Death", anubis: "Anubis", hei_bai: "Hei & Bai" };

function cellIndex(name) { return (Number(name[1]) - 1) * 4 + "abcd".indexOf(name[0]); }

function labels(el) {
  return [el("span"), ..."abcd".split("").map((column) => el("span", { class: "label" }, column))];
}

export function mount(root, context) {
  const el = context.el, who = context.name;
  let view = null, cell = null, last = null;

  function draw() {
    const state = view.state, moves = view.legal_moves;
    const puts = moves.filter((move) => move.type === "put");
    const reaps = moves.filter((move) => move.type === "reap");
    const mat = el("div", { class: "mat", id: "mat" });
    for (let row = 4; row >= 1; row--) {
      mat.append(el("span", { class: "label" }, row));
      for (const column of "abcd") {
        const name = `${column}${row}`, bit = 1 << cellIndex(name);
        const face = state.black & bit ? "black" : state.white & bit ? "white" : null;
        const node = el("div", { class: `cell${face ? "" : " empty"}`, "data-cell": name },
          face ? el("div", { class: `soul ${face}${last === name ? " last" : ""}` }) : null);
        if (!face && puts.some((move) => move.cell === name)) {
          node.classList.add("legal");
          if (cell === name) node.classList.add("chosen");
          node.addEventListener("click", () => { cell = name; draw(); });
        }
        mat.append(node);
      }
    }
    mat.append(...labels(el));
    const actions = el("div", { class: "chooser", id: "actions" });
    if (cell) {
      for (const face of ["black", "white"]) {
        const move = puts.find((m) => m.cell === cell && m.face === face);
        actions.append(el("button", { class: "primary", "data-face": face, onclick: () => context.play(move) }, `${face} up on ${cell}`));
      }
    }
    for (const move of reaps) {
      const button = el("button", { class: "primary reap", onclick: () => context.play(move) }, `reap ${move.cells.join("-")}`);
      button.addEventListener("mouseenter", () => move.cells.forEach((name) =>
        mat.querySelector(`[data-cell="${name}"]`).classList.add("pattern")));
      button.addEventListener("mouseleave", () => mat.querySelectorAll(".pattern").forEach((node) => node.classList.remove("pattern")));
      actions.append(button);
    }
    for (const move of moves.filter((m) => m.type === "rotate" || m.type === "keep")) {
      actions.append(el("button", { class: "primary", id: move.type, onclick: () => context.play(move) }, move.type));
    }
    const seats = el("div", { class: "seats" }, [0, 1].map((seat) => el("div",
      { class: `seat${seat === state.active ? " active" : ""}` }, el("b", {}, who(seat)),
      ` · ${CHARACTERS[state.characters[seat]] || "no character"}`,
      state.stances[seat] ? ` (${state.stances[seat]})` : null,
      el("div", { class: "tokens" }, state.tokens[seat].length ? state.tokens[seat].map((token) => el("span", {}, token)) : "no token"),
      state.restrictions[seat] ? el("div", {}, `next token from ${state.restrictions[seat]} pieces only`) : null)));
    root.replaceChildren(el("div", { class: "felt" }, seats, mat), actions);
  }

  return {
    update(next, events) {
      for (const event of events) if (event.type === "piece_put") last = event.cell;
      view = next;
      cell = null;
      draw();
    },
  };
}

export function describe(view) {
  return { playerTurn: "put a piece on an empty cell", chooseReap: "choose the pattern to reap",
           chooseRotation: "rotate or keep your stance" }[view.phase] || view.phase;
}

export function narrate(event, context) {
  const who = context.name;
  switch (event.type) {
    case "piece_put": return `${who(event.seat)} put ${event.face} on ${event.cell}`;
    case "pieces_flipped": return `  flipped ${event.cells.join(" ")}`;
    case "reap_due": return `  ${who(event.seat)} must choose a pattern to reap`;
    case "pieces_reaped": return `  ${who(event.seat)} reaped ${event.cells.join("-")} for a ${event.token} token`;
    case "mat_cleaned": return `  the mat was full: every ${event.face} piece left it`;
    case "rotation_due": return `  ${who(event.seat)} may rotate`;
    case "rotated": return `${who(event.seat)} rotated to ${event.stance}`;
    case "kept": return `${who(event.seat)} kept the stance`;
    case "move_undone": return `${who(event.seat)} took back the last move`;
    case "game_ended": return `Game over: ${event.result.winners.map(who).join(" and ")} won`;
    default: return "";
  }
}

// Beside the result: each seat's tokens.
export function outcome(report, context) {
  const el = context.el;
  return el("div", { class: "tokens" }, report.tokens.map((tokens, seat) =>
    el("div", {}, `${context.name(seat)}: ${tokens.length} token(s) `, tokens.map((token) => el("span", {}, token)))));
}

// A step of the replay viewer. The report's mat is four rows of text, row 4 first:
// B black, W white, . empty.
export function picture(report, context) {
  const el = context.el;
  const mat = el("div", { class: "mat" }, report.mat.map((text, index) => [el("span", { class: "label" }, 4 - index),
    text.split("").map((letter) => el("div", { class: "cell" }, letter === "." ? null : el("div", { class: `soul ${letter === "B" ? "black" : "white"}` })))]),
    labels(el));
  return el("div", { class: "felt" }, mat,
    el("div", {}, report.tokens.map((tokens, seat) => el("div", { class: "tokens" },
      el("b", {}, context.name(seat)), ` · ${CHARACTERS[report.characters[seat]] || "no character"}`,
      report.stances[seat] ? ` (${report.stances[seat]})` : "", ": ",
      tokens.length ? tokens.map((token) => el("span", {}, token)) : "no token"))));
}

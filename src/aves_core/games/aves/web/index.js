// AVES in the browser: the circle with its numbered gaps, the hands, the deck, and at the
// end each seat's final hand. A game's drawing for aves-core's browser client: the shell
// calls mount() once per table and update() with each new view (docs/hosting.md).

const COLOURS = { R: "red", O: "orange", Y: "yellow", G: "green", B: "blue", I: "indigo",
                  V: "violet", C: "crow" };

function card(el, code, small) {
  if (!code) return el("span", { class: "card back" });
  const letter = code[0];
  return el("span", { class: `card c-${letter}`, "data-card": code, title: `${COLOURS[letter]} ${code.slice(1)}` },
    letter === "C" ? "C" : code.slice(1), small ? null : el("small", {}, COLOURS[letter]));
}

export function mount(root, context) {
  const el = context.el, who = context.name;
  let view = null, chosen = null, last = null;

  function draw() {
    const moves = view.legal_moves;
    const playable = new Set(moves.filter((move) => move.card).map((move) => move.card));
    const k = view.circle.length;
    const ring = el("div", { class: "circle", id: "circle" });
    const place = (angle, node) => {
      node.style.left = `${50 + 42 * Math.cos(angle)}%`;
      node.style.top = `${50 + 40 * Math.sin(angle)}%`;
      ring.append(node);
    };
    const step = (2 * Math.PI) / k;
    view.circle.forEach((code, index) => {
      const slot = el("span", { class: "slot" }, card(el, code));
      if (code === last) slot.firstChild.classList.add("last");
      place(-Math.PI / 2 + index * step, slot);
    });
    for (let gap = 0; gap < k; gap++) {
      const move = chosen && moves.find((m) => m.card === chosen && m.gap === gap);
      const node = el("span", { class: `gap${move ? " legal" : ""}`, "data-gap": gap }, gap);
      if (move) {
        const left = Number(view.circle[gap][1]), right = Number(view.circle[(gap + 1) % k][1]);
        if (move.type === "trade" && Math.abs(left - right) === Number(chosen[1])) node.classList.add("match");
        node.addEventListener("click", () => context.play(move));
      }
      place(-Math.PI / 2 + (gap + 0.5) * step, node);
    }
    ring.append(el("div", { class: "deck" }, el("span", { class: "card back" }), el("div", {}, `deck ${view.deck_size}`)));
    const seats = el("div", { class: "seats" }, view.hand_sizes.map((size, seat) =>
      el("div", { class: `seat${seat === view.active_player ? " active" : ""}` },
        el("b", {}, who(seat)), ` · ${size} card${size === 1 ? "" : "s"}`,
        view.hands[seat] && seat !== view.seat ? el("div", { class: "cards" }, view.hands[seat].map((code) => card(el, code, true))) : null)));
    const hand = view.seat === null ? null : el("div", { class: "panel" }, el("h3", {}, "Your hand"),
      el("div", { class: "hand", id: "hand" }, (view.hands[view.seat] || []).map((code) => {
        const node = card(el, code);
        if (playable.has(code)) {
          node.classList.add("playable");
          if (code === chosen) node.classList.add("selected");
          node.addEventListener("click", () => { chosen = code === chosen ? null : code; draw(); });
        }
        return node;
      })),
      moves.some((move) => move.type === "pass")
        ? el("button", { class: "primary", id: "pass", onclick: () => context.play(moves[0]) }, "Pass") : null,
      playable.size && !chosen ? el("p", { class: "muted" }, "Choose a card, then a golden gap (a ring marks a match).") : null);
    root.replaceChildren(...[el("div", { class: "felt" }, seats, ring), hand].filter(Boolean));
  }

  return {
    update(next, events) {
      for (const event of events) {
        if (event.type === "card_placed" || event.type === "card_returned") last = event.card;
      }
      view = next;
      chosen = null;
      draw();
    },
  };
}

export function describe(view) {
  return { forcedReturn: "you hold 8 cards: return one to any gap",
           playerTurn: "place a card in a gap" }[view.phase] || view.phase;
}

export function narrate(event, context) {
  const who = context.name;
  const c = (code) => code || "a card";
  switch (event.type) {
    case "card_placed": return `${who(event.seat)} put ${event.card} into gap ${event.gap}`;
    case "cards_taken": return `  match: ${who(event.seat)} took ${event.cards.join(" and ")}`;
    case "card_drawn": return `  miss: ${who(event.seat)} drew ${c(event.card)} from the deck`;
    case "card_returned": return `${who(event.seat)} returned ${event.card} to gap ${event.gap} (hand limit)`;
    case "circle_refilled": return `  the circle is refilled: ${event.cards.join(" ")}`;
    case "passed": return `${who(event.seat)} passed (only crows, no equal pair)`;
    case "return_due": return `  ${who(event.seat)} must return a card`;
    case "trade_undone": return `${who(event.seat)} took back ${event.card}`;
    case "game_ended": return `Game over: ${event.result.winners.map(who).join(" and ")} won`;
    default: return "";
  }
}

// Beside the result: each seat's final hand, from the last report of the game's log.
export function outcome(report, context) {
  const el = context.el;
  return el("div", { class: "ranking" }, report.hands.map((hand, seat) => {
    const colours = new Set(hand.filter((code) => code[0] !== "C").map((code) => code[0])).size;
    const crows = hand.filter((code) => code[0] === "C").length;
    return el("div", { class: "row" }, el("b", {}, context.name(seat)),
      `${colours} colour(s), ${hand.length - crows} fruit, ${crows} crow(s)`,
      el("span", { class: "hand" }, hand.map((code) => card(el, code, true))));
  }));
}

// A step of the replay viewer: the circle, the deck's size and every hand.
export function picture(report, context) {
  const el = context.el;
  return el("div", { class: "felt" },
    el("div", { class: "row" }, "circle: ", el("span", { class: "hand" }, report.circle.map((code) => card(el, code))), `deck ${report.deck.length}`),
    report.hands.map((hand, seat) => el("div", { class: "row" }, el("b", {}, context.name(seat)),
      el("span", { class: "hand" }, hand.map((code) => card(el, code, true))))));
}

// Draft Cider in the browser: the round, the pool, and every orchard with its eight lots
// (mono, feather, tree, unlucky, forte, couple, stable, bad), their cards in placement
// order and their running scores, whose turn it is, the last card each seat placed
// outlined and marked "new". To play: click a card of the pool, and the lots of your
// orchard that accept it light up with the score the lot would reach and your total
// after it (the others say "not here" and why); click a lit lot to plant the card there. Each
// pool card says the best it can do for you. Cards carry their colour's letter, their
// sweetness and their height, so colour is never the only signal. A game's drawing for
// aves-core's browser client (docs/hosting.md, "Writing a drawing").

const LOTS = ["mono", "feather", "tree", "unlucky", "forte", "couple", "stable", "bad"];
const COLOURS = { G: "green", Y: "gold", R: "red" };
const PRIMES = [3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41];
// Events that only say where the game rests: the log tells them, "Just now" does not.
const QUIET = new Set(["turn_started"]);

const plural = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;
const signed = (value) => (value > 0 ? `+${value}` : value < 0 ? `−${-value}` : "±0");
const minus = (value) => (value < 0 ? `−${-value}` : String(value));
const sweet = (code) => Number(code[1]);
const high = (code) => Number(code[2]);
const cardName = (code) => `${COLOURS[code[0]]} (sweetness ${code[1]}, height ${code[2]})`;
// A card in a line of words: "red (1 sweet, 3 high)"; "red 13" read as thirteen.
const shortName = (code) => `${COLOURS[code[0]]} (${code[1]} sweet, ${code[2]} high)`;
// "You" at the start of a sentence; a player's name as it was given ("player 2").
const cap = (text) => (text === "you" ? "You" : text);
const ordinal = (rank) => `${rank}${{ 1: "st", 2: "nd", 3: "rd" }[rank] || "th"}`;

// One card: its colour's letter, its sweetness and its height.
function card(el, code, extra, attrs) {
  return el("span", { class: `dc-card c-${code[0]}${extra ? ` ${extra}` : ""}`, role: "img",
                      "aria-label": cardName(code), title: cardName(code), "data-card": code, ...attrs },
    el("b", { "aria-hidden": "true" }, code[0]),
    el("span", { class: "dc-sh", "aria-hidden": "true" }, el("i", { class: "s" }, code[1]), el("i", { class: "h" }, code[2])));
}

// What a lot asks of its next card, or how it scores, in a few words.
function hint(lot, cards, orchard) {
  const n = cards.length;
  const last = cards[n - 1];
  switch (lot) {
    case "mono": return n ? `${COLOURS[cards[0][0]]} only` : "one colour: 1, 3, 6, 10…";
    case "feather": {
      if (!n) return "same sweetness or same height";
      const first = cards[0];
      const open = [];
      if (cards.every((code) => sweet(code) === sweet(first))) open.push(`sweetness ${sweet(first)}`);
      if (cards.every((code) => high(code) === high(first))) open.push(`height ${high(first)}`);
      return open.join(" or ");
    }
    case "tree": {
      if (!n) return "one card: 20 if its colour is in no other lot but bad";
      return treeIntact(orchard) ? "intact: 20" : `lost: ${COLOURS[cards[0][0]]} lies elsewhere`;
    }
    case "unlucky": return `sweetness ${cards.reduce((sum, code) => sum + sweet(code), 0)} of exactly 13`;
    case "forte": return n % 2 ? `next: height not ${high(last)}` : "pairs: 2 × height gap";
    case "couple": return n % 2 ? `next: sweetness ${sweet(last)}` : "pairs of one sweetness: 7";
    case "stable": return n ? `next: height ${Math.max(1, high(last) - 1)}–${Math.min(5, high(last) + 1)}` : "heights step by 1: 3, 5, 7, 11…";
    default: return "any card";
  }
}

function treeIntact(orchard) {
  const tree = orchard[2];
  if (!tree.length) return false;
  return !orchard.some((cards, index) => index !== 2 && index !== 7 && cards.some((code) => code[0] === tree[0][0]));
}

export function mount(root, context) {
  const el = context.el;
  let view = null;
  let chosen = null;     // the pool card the player is about to place
  let just = [];         // the last events in words
  let lasts = {};        // by seat: the last card it placed, {card, lot}

  const name = (seat) => context.name(seat);
  const mine = () => view && view.seat !== null && view.seat !== undefined && view.legal_moves.length > 0;

  // The player's choices: for each legal move, its lot's score and the total after it.
  function choices() {
    const found = new Map();
    view.legal_moves.forEach((move, index) => {
      if (!found.has(move.card)) found.set(move.card, new Map());
      found.get(move.card).set(move.lot, { move, lot: view.lot_after[index], total: view.score_after[index] });
    });
    return found;
  }

  function header() {
    const bad = view.bad_points === 0 ? "a card in bad scores 0" : `a card in bad scores ${signed(view.bad_points)}`;
    return el("p", { class: "dc-head" },
      el("b", {}, `Round ${view.round} of ${view.rounds}`),
      ` · ${view.result ? `${plural(view.undealt, "card")} never dealt` : `${plural(view.undealt, "card")} still undealt`} · ${bad}`);
  }

  function pool(options) {
    const total = mine() ? view.scores[view.seat] : 0;
    const cards = view.pool.map((code) => {
      const here = options.get(code);
      if (!here) return el("span", { class: "dc-pool-card" }, card(el, code));
      let best = null;
      for (const [lot, after] of here) if (!best || after.total > best.total) best = { lot, total: after.total };
      const gain = best.total - total;
      const selected = code === chosen;
      return el("button", {
        class: `dc-pool-card choice${selected ? " chosen" : ""}`, "data-card": code, "data-best": String(gain), "aria-pressed": selected ? "true" : "false",
        "aria-label": `${selected ? "chosen: " : "take "}${cardName(code)}; at best ${signed(gain)} in ${best.lot}`,
        onclick: () => { chosen = selected ? null : code; draw(); focusChoice(); },
      }, card(el, code), el("small", {}, `best ${signed(gain)}`), el("small", { class: "dc-best-lot" }, best.lot));
    });
    let prompt = null;
    if (mine()) {
      prompt = chosen
        ? el("p", { class: "dc-prompt", id: "prompt" }, el("b", {}, cardName(chosen)), ": click a lit lot of your orchard to plant it, or another card.")
        : el("p", { class: "dc-prompt", id: "prompt" }, "Your turn: click a card of the pool to see where it may go and what each lot would score.");
    }
    return el("section", { class: "panel dc-pool", id: "pool", "aria-label": "the pool" },
      el("h3", {}, "Pool ", el("span", { class: "muted" }, view.pool.length ? plural(view.pool.length, "card") : "empty")),
      el("div", { class: "dc-pool-cards" }, cards.length ? cards : el("span", { class: "muted" }, "—")),
      prompt);
  }

  function lotBox(seat, index, options) {
    const lot = LOTS[index];
    const orchard = view.orchards[seat];
    const cards = orchard[index];
    const score = view.lot_scores[seat][index];
    const last = lasts[seat];
    const chips = cards.map((code) => card(el, code, last && last.card === code && last.lot === lot ? "just" : "",
      last && last.card === code && last.lot === lot ? { "aria-label": `${cardName(code)}, just placed`, title: `${cardName(code)}, just placed` } : {}));
    const own = seat === view.seat;
    const children = [
      el("span", { class: "dc-lot-head" }, el("b", {}, lot), el("span", { class: "dc-score", title: `${lot} scores ${score}` }, minus(score))),
      own ? el("span", { class: "dc-hint" }, hint(lot, cards, orchard)) : null,
      el("div", { class: "dc-cards" }, chips.length ? chips : el("span", { class: "dc-none" }, "—")),
    ];
    const attrs = { class: `dc-lot l-${lot}`, "data-lot": lot };
    if (own && chosen && mine()) {
      const here = options.get(chosen);
      const after = here && here.get(lot);
      if (after) {
        const total = view.scores[seat];
        const broken = after.total - total !== after.lot - score;
        children.push(el("span", { class: "dc-after" }, `→ ${minus(after.lot)}`,
          el("small", {}, ` total ${minus(after.total)} (${signed(after.total - total)})${broken ? " · breaks your tree" : ""}`)));
        return el("button", { ...attrs, class: `${attrs.class} accepts${broken ? " breaks" : ""}`, "data-total": String(after.total),
          "aria-label": `plant ${shortName(chosen)} in ${lot}: ${lot} ${minus(score)} → ${minus(after.lot)}, your total ${minus(total)} → ${minus(after.total)}${broken ? ", your tree loses its 20" : ""}`,
          onclick: () => { const move = after.move; chosen = null; context.play(move); } }, children);
      }
      const why = lot !== "tree" ? hint(lot, cards, orchard) : cards.length ? "it holds a card" : `${COLOURS[chosen[0]]} lies in another lot`;
      children.push(el("span", { class: "dc-after no" }, `not here: ${why}`));
      return el("div", { ...attrs, class: `${attrs.class} refuses` }, children);
    }
    return el("div", { ...attrs, class: `${attrs.class}${last && last.lot === lot ? " just" : ""}` }, children);
  }

  function orchardBox(seat, options, ranks) {
    const bot = context.seats && context.seats[seat] && context.seats[seat].bot;
    const active = !view.result && view.active === seat;
    const own = seat === view.seat;
    const who = name(seat);
    const last = lasts[seat];
    const badges = [];
    if (bot) badges.push(el("span", { class: "badge" }, `bot · ${bot}`));
    if (active) badges.push(el("span", { class: "badge turn" }, own ? "your turn" : "to pick"));
    if (ranks) badges.push(el("span", { class: `badge rank${ranks[seat] === 1 ? " won" : ""}` }, ranks[seat] === 1 ? "1st · won" : ordinal(ranks[seat])));
    return el("section", { class: `dc-orchard${own ? " mine" : ""}${active ? " active" : ""}`, id: `orchard-${seat}`, "data-seat": String(seat),
                           "aria-label": `${own ? "your" : `${who}'s`} orchard` },
      el("h3", {}, el("span", { class: "dc-who" }, own ? "Your orchard" : cap(who)), badges,
        el("span", { class: "dc-total" }, plural(view.scores[seat], "point"))),
      last ? el("p", { class: "dc-last" }, `last: ${shortName(last.card)} in ${last.lot}`) : null,
      el("div", { class: "dc-lots" }, LOTS.map((_, index) => lotBox(seat, index, options))));
  }

  function ranksOf() {
    if (!view.result) return null;
    return view.scores.map((score) => 1 + view.scores.filter((other) => other > score).length);
  }

  function draw() {
    const options = mine() ? choices() : new Map();
    if (chosen && !options.has(chosen)) chosen = null;
    const players = view.orchards.length;
    const first = view.seat === null || view.seat === undefined ? 0 : view.seat;
    const order = Array.from({ length: players }, (_, step) => (first + step) % players);
    const ranks = ranksOf();
    root.replaceChildren(el("div", { class: "draft-cider" },
      header(),
      just.length ? el("p", { class: "dc-just", id: "just-now" }, el("b", {}, "Just now: "), just.join(" · ")) : null,
      view.result ? null : pool(options),
      el("div", { class: `dc-orchards n${players}` }, order.map((seat) => orchardBox(seat, options, ranks)))));
  }

  function focusChoice() {
    const target = root.querySelector(".dc-lot.accepts") || root.querySelector(".dc-pool-card.chosen");
    if (target) target.focus({ preventScroll: true });
  }

  function remember(events) {
    for (const event of events) {
      if (event.type === "picked") lasts[event.seat] = { card: event.card, lot: event.lot };
      else if (event.type === "pick_undone" && lasts[event.seat] && lasts[event.seat].card === event.card) delete lasts[event.seat];
    }
  }

  return {
    update(next, events, how) {
      const live = how ? how.live : true;
      if (how && how.fresh) { lasts = {}; just = []; }
      const moving = live && view !== null && context.motion !== false && typeof context.fly === "function";
      const from = {};
      if (moving) {
        for (const event of events) {
          const node = event.type === "picked" && root.querySelector(`#pool [data-card="${event.card}"] .dc-card, #pool .dc-card[data-card="${event.card}"]`);
          if (node) from[event.card] = node.getBoundingClientRect();
        }
      }
      remember(events);
      const lines = events.filter((event) => !QUIET.has(event.type)).map((event) => narrate(event, context)).filter(Boolean);
      if (lines.length) just = [...just, ...lines].slice(-Math.max(2, next.orchards.length));
      view = next;
      if (!mine()) chosen = null;
      draw();
      const flights = events.filter((event) => event.type === "picked" && from[event.card]).map((event) => {
        const to = root.querySelector(`#orchard-${event.seat} .dc-lot[data-lot="${event.lot}"] .dc-card[data-card="${event.card}"]`);
        return to ? context.fly(from[event.card], to, { ms: 420 }) : Promise.resolve();
      });
      if (!flights.length) return undefined;
      return Promise.all(flights).catch(() => {}).then(() => undefined);
    },
  };
}

export function describe() {
  return "click a card of the pool, then a lit lot of your orchard to plant it";
}

export function narrate(event, context) {
  const who = event.seat === undefined ? "" : context.name(event.seat);
  switch (event.type) {
    case "picked": return `${cap(who)} planted ${shortName(event.card)} in ${event.lot} (now ${minus(event.score)})`;
    case "pool_laid": return `Round ${event.round}: the pool is ${event.cards.map(shortName).join(", ")}; ${context.name(event.first)} ${context.name(event.first) === "you" ? "pick" : "picks"} first`;
    case "pick_undone": return `${cap(who)} took back ${shortName(event.card)} from ${event.lot}`;
    case "game_ended": {
      const reasons = context.game.reasons || {};
      const winners = context.list ? context.list(event.result.winners) : event.result.winners.map(context.name).join(" and ");
      return `Game over: ${winners} won (${reasons[event.result.reason] || "the most points"}), ${event.scores.map((score, seat) => `${context.name(seat)} ${minus(score)}`).join(", ")}`;
    }
    default: return "";
  }
}

// Every seat's lots and their scores, from a replay report.
// ``ranked``: best first, each with its rank (the end); else in seat order.
function standings(el, report, context, ranked) {
  const ranks = report.scores.map((score) => 1 + report.scores.filter((other) => other > score).length);
  const order = report.scores.map((_, seat) => seat).sort((a, b) => (ranked ? ranks[a] - ranks[b] : 0) || a - b);
  return el("ol", { class: "dc-standings" }, order.map((seat) => {
    const held = LOTS.filter((lot) => report.orchards[seat][lot].length);
    return el("li", {},
      el("b", {}, `${ranked ? `${ordinal(ranks[seat])} ` : ""}${cap(context.name(seat))}: ${plural(report.scores[seat], "point")}`),
      el("span", {}, ` — ${held.map((lot) => `${lot} ${minus(report.lot_scores[seat][lot])}`).join(", ") || "no card yet"}`));
  }));
}

// The deck below the pool, as only the log knows it: each later round's pool, then the
// cards never dealt (DC4, DC6).
export function picture(report, context) {
  const el = context.el;
  const players = report.scores.length;
  const size = (players === 3 || players === 6 ? 2 : 3) * players;
  const later = [];
  for (let round = report.round + 1; round <= 12 * players / size; round += 1) {
    later.push([`Round ${round}'s pool`, report.undealt.slice((round - report.round - 1) * size, (round - report.round) * size)]);
  }
  const dealt = later.length * size;
  if (report.undealt.length > dealt) later.push(["Never dealt", report.undealt.slice(dealt)]);
  return el("div", { class: "draft-cider dc-picture" },
    el("p", {}, `Round ${report.round} · pool: `, report.pool.length
      ? el("span", { class: "dc-cards dc-pool-cards" }, report.pool.map((code) => card(el, code))) : "empty"),
    standings(el, report, context, false),
    el("p", {}, el("b", {}, "Below the pool, hidden from every player: "), plural(report.undealt.length, "card")),
    later.map(([label, cards]) => el("div", { class: "dc-later" }, el("span", { class: "dc-later-name" }, label),
      el("div", { class: "dc-cards dc-undealt" }, cards.map((code) => card(el, code))))));
}

export function outcome(report, context) {
  return standings(context.el, report, context, true);
}

export function help(context) {
  const el = context.el;
  return el("div", { class: "help" },
    el("h3", {}, "Draft Cider"),
    el("p", {}, "Each round a pool of apple cards is laid out. In turn, each player takes one card and plants it at once at the end of one of the eight lots of their orchard. With 3 or 6 players each takes 2 cards a round, otherwise 3; after 12 cards each, the most points win."),
    el("p", {}, "A card shows its colour's letter (G green, Y gold, R red), its sweetness (left number) and its height (right number): Y 3 4 is gold, sweetness 3, height 4."),
    el("ul", {},
      el("li", {}, "mono: one colour (the first card's); 1, 3, 6, 10… points."),
      el("li", {}, "feather: every card shares the first card's sweetness, or every card its height; 0, 2, 6, 12…"),
      el("li", {}, "tree: one card, worth 20 while no lot but bad holds its colour; it cannot be planted if one does."),
      el("li", {}, "unlucky: any card; n² points if the sweetness adds up to exactly 13, else 0."),
      el("li", {}, "forte: cards pair up in order; a pair's heights must differ and score twice the gap."),
      el("li", {}, "couple: pairs of equal sweetness, 7 each."),
      el("li", {}, "stable: each card's height within 1 of the one before; 3, 5, 7, 11, 13… points."),
      el("li", {}, "bad: any card, −1 each (0 or +1 in easy mode).")),
    el("p", {}, "On this page: click a card of the pool (each says the best it can add to your total). The lots of your orchard that accept it light up with the score the lot would reach and your total after it; the others say \"not here\" and why. Click a lit lot to plant the card. Tab, Enter and Space work too. The last card each player placed is outlined and marked new."));
}

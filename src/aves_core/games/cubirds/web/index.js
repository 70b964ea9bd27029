// Cubirds in the browser: the four rows of birds with their two ends to lay at, the
// seat's hand by species with its flock numbers, every seat's collection and hand size,
// the dealer, the deck and the discard pile, the draw option and the flock step as
// buttons, and what just happened highlighted. A game's drawing for aves-core's browser
// client: the shell calls mount() once per table and update() with each new view
// (docs/hosting.md, "Writing a drawing").
//
// The flock step is asked at every turn (RULES-cubirds.md D7): this page shows it the
// same way whether or not a flock can fly, never plays it by itself, and shows another
// seat's flock step the same way whatever that seat holds (it only knows the view).

const SPECIES = "FOTDPMWR";
const NAMES = ["flamingo", "owl", "toucan", "duck", "parrot", "magpie", "reed warbler", "robin"];
const PLURAL = ["flamingos", "owls", "toucans", "ducks", "parrots", "magpies", "reed warblers",
                "robins"];
const SHORT = ["flamingo", "owl", "toucan", "duck", "parrot", "magpie", "warbler", "robin"];
const SMALL = [2, 3, 3, 4, 4, 5, 6, 6];
const BIG = [3, 4, 4, 6, 6, 7, 9, 9];

// Events that only say where the game rests: the log tells them, "Just now" does not.
const QUIET = new Set(["draw_offered", "flock_due", "turn_started", "reshuffle_due"]);

const at = (letter) => SPECIES.indexOf(letter);
const birds = (letter, count) => `${count} ${count === 1 ? NAMES[at(letter)] : PLURAL[at(letter)]}`;
const cards = (count) => `${count} card${count === 1 ? "" : "s"}`;
const possessive = (name) => (name === "you" ? "your" : `${name}'s`);
const verb = (name, one, you) => (name === "you" ? you : one);
const ordinal = (rank) => `${rank}${rank === 1 ? "st" : rank === 2 ? "nd" : rank === 3 ? "rd" : "th"}`;

// "2 owls, 1 duck" from letters in any order.
function letters(text) {
  const counts = SPECIES.split("").map((letter) => [letter, text.split(letter).length - 1]);
  return counts.filter(([, count]) => count).map(([letter, count]) => birds(letter, count)).join(", ");
}

// Eight counts (a pile, in canonical order) as letters.
const textOf = (counts) => counts.map((count, index) => SPECIES[index].repeat(count)).join("");
// A long row's cards narrow: their names shrink, then only their letters show.
const length = (row) => (row.length > 17 ? " long longer" : row.length > 12 ? " long" : "");
const sum = (counts) => counts.reduce((total, count) => total + count, 0);

// One bird card, with its species' colour, letter and name.
function bird(el, letter, extra) {
  const index = at(letter);
  return el("span", { class: `bird b-${letter}${extra ? ` ${extra}` : ""}`, "data-species": letter,
                      title: NAMES[index] },
    el("b", {}, letter), el("small", {}, SHORT[index]));
}

// Counts as small chips: "O 2", coloured by species; `plus` marks the ones just added.
function chips(el, counts, plus, empty) {
  const shown = counts.map((count, index) => [index, count]).filter(([, count]) => count);
  if (!shown.length) return el("span", { class: "none" }, empty || "none");
  return el("span", { class: "chips" }, shown.map(([index, count]) =>
    el("span", { class: `chip b-${SPECIES[index]}${plus && plus[index] ? " new" : ""}`,
                 "data-species": SPECIES[index], title: `${birds(SPECIES[index], count)}` },
      el("b", {}, SPECIES[index]), ` ${count}`, plus && plus[index] ? el("i", {}, `+${plus[index]}`) : null)));
}

// What laying `letter` (count cards) at `side` of `row` would do (CB7, CB8): the cards
// taken (their positions in the row) and whether a refill follows.
export function preview(row, letter, side) {
  const index = side === "left" ? row.indexOf(letter) : row.lastIndexOf(letter);
  const none = { taken: [], refill: false };
  if (index < 0) return none;
  const positions = side === "left" ? [...Array(index).keys()]
    : [...Array(row.length - index - 1).keys()].map((offset) => index + 1 + offset);
  if (!positions.length) return none;
  const rest = side === "left" ? row.slice(index) : row.slice(0, index + 1);
  return { taken: positions, refill: rest.split("").every((card) => card === letter) };
}

// --- what just happened ---------------------------------------------------------------

// The events worth showing: the turn in progress once it has laid, else the last turn
// (so the seat whose turn begins sees the whole turn before it).
function Memory() {
  let turn = [], previous = [];
  return {
    add(events) {
      for (const event of events) {
        if (event.type === "turn_started") { previous = turn; turn = []; }
        else if (event.type === "lay_undone" || event.type === "no_draw_undone") {
          turn = turn.filter((seen) => seen.type === "reshuffled");
        } else turn.push(event);
      }
    },
    shown() { return turn.some((event) => event.type === "laid" || event.type === "game_ended") ? turn : previous.concat(turn); },
  };
}

// A draw or a refill that a reshuffle cut in two, told as one.
function merged(events) {
  const out = [];
  for (const event of events) {
    const same = out.find((seen) => seen.type === event.type &&
      ((event.type === "cards_drawn" && seen.seat === event.seat) ||
       (event.type === "row_refilled" && seen.row === event.row && seen.side === event.side)));
    if (!same) out.push({ ...event });
    else if (event.type === "cards_drawn") {
      same.count += event.count;
      same.cards = same.cards === null || event.cards === null ? null : same.cards + event.cards;
    } else same.cards += event.cards;
  }
  return out;
}

// The marks the shown events leave: on the rows (laid and refilled cards, by position),
// in the seat's hand (species gained), in each collection and in the discard pile.
function marks(events, view) {
  const rows = view.rows.map(() => ({}));
  const gained = Array(8).fill(0);
  const flown = view.collections.map(() => Array(8).fill(0));
  const discarded = Array(8).fill(0);
  let laid = null;
  const refills = view.rows.map(() => "");
  for (const event of events) {
    if (event.type === "laid") {
      laid = event;
      if (event.seat === view.seat) for (const card of event.taken) gained[at(card)] += 1;
    } else if (event.type === "row_refilled") refills[event.row] += event.cards;
    else if (event.type === "cards_drawn" && event.cards && event.seat === view.seat) {
      for (const card of event.cards) gained[at(card)] += 1;
    } else if (event.type === "flown") {
      flown[event.seat][at(event.species)] += event.kept;
      discarded[at(event.species)] += event.discarded;
    } else if (event.type === "round_ended") {
      event.discarded.forEach((count, index) => { discarded[index] += count; });
      gained.fill(0);  // a new hand is dealt: nothing in it was taken or drawn
    }
  }
  if (laid) {
    const row = view.rows[laid.row] || "", fresh = refills[laid.row].length;
    const start = laid.side === "left" ? fresh : row.length - fresh - laid.count;
    for (let i = 0; i < laid.count; i++) rows[laid.row][start + i] = "laid";
    const from = laid.side === "left" ? 0 : row.length - fresh;
    for (let i = 0; i < fresh; i++) rows[laid.row][from + i] = "refilled";
  }
  return { rows, gained, flown, discarded };
}

// --- the drawing ----------------------------------------------------------------------------

export function mount(root, context) {
  const el = context.el, who = context.name;
  const memory = Memory();
  let view = null, chosen = null;

  const lays = () => view.legal_moves.filter((move) => move.type === "lay");

  function seatBox(seat, mark) {
    const size = view.hand_sizes[seat], rank = view.ranks ? view.ranks[seat] : null;
    const collection = view.collections[seat];
    const kinds = collection.filter(Boolean).length;
    return el("div", { class: `seat${seat === view.active ? " active" : ""}${seat === view.seat ? " mine" : ""}`,
                       "data-seat": seat },
      el("div", { class: "seat-head" }, el("b", {}, who(seat)),
        seat === view.dealer ? el("span", { class: "badge dealer", title: "dealt this round and played first" }, "dealer") : null,
        rank ? el("span", { class: `badge rank r${rank}` }, ordinal(rank)) : null),
      el("div", { class: "hand-size" }, el("span", { class: "back mini" }), ` ${cards(size)} in hand`),
      el("div", { class: "collection" }, el("span", { class: "label" }, `collection ${sum(collection)}`,
        kinds ? ` · ${kinds} species` : ""), chips(el, collection, mark.flown[seat], "empty")));
  }

  function rowLine(index, highlight) {
    const row = view.rows[index];
    const move = (side) => chosen && lays().find((m) => m.species === chosen && m.row === index && m.side === side);
    let line = null;
    // Hovering an end marks the cards a lay there would take (no redraw: the end stays).
    const mark = (positions, on) => positions.forEach((position) => line.children[position].classList.toggle("taking", on));
    const end = (side) => {
      const legal = move(side);
      const arrow = side === "left" ? "◀" : "▶";
      if (!legal) return el("span", { class: `end ${side}`, "data-row": index, "data-side": side }, arrow);
      const what = preview(row, chosen, side);
      const label = what.taken.length ? `take ${what.taken.length}${what.refill ? " + refill" : ""}` : "no take";
      return el("button", { class: `end ${side} legal${what.taken.length ? " takes" : ""}`, "data-row": index,
                            "data-side": side, title: `lay your ${PLURAL[at(chosen)]} at the ${side} end of row ${index}`,
                            onclick: () => context.play(legal),
                            onmouseenter: () => mark(what.taken, true),
                            onmouseleave: () => mark(what.taken, false) },
        side === "left" ? [arrow, el("small", {}, label)] : [el("small", {}, label), arrow]);
    };
    line = el("div", { class: "line" }, row.split("").map((letter, position) =>
      bird(el, letter, highlight.rows[index][position])));
    return el("div", { class: `row-line${length(row)}`, "data-row": index },
      el("span", { class: "row-name" }, `row ${index}`), end("left"), line, end("right"));
  }

  function pile(mark) {
    const pending = view.pending ? el("div", { class: "note", id: "pending" },
      `The deck is empty: the discard pile is being reshuffled for ${pendingText(view.pending)}.`) : null;
    return el("div", { class: "piles" },
      el("div", { class: "deck", id: "deck" }, el("span", { class: "back" }),
        el("div", {}, el("b", {}, view.deck_size), el("span", { class: "what" }, "in the deck"))),
      el("div", { class: "discard", id: "discard" }, el("div", { class: "label" }, `discard pile ${sum(view.discard)}`),
        chips(el, view.discard, mark.discarded, "empty")),
      pending);
  }

  function handPanel(mark) {
    if (view.seat === null || !view.hand) return null;
    const selectable = new Set(lays().map((move) => move.species));
    const groups = view.hand.map((count, index) => [SPECIES[index], count]).filter(([, count]) => count)
      .map(([letter, count]) => {
        const index = at(letter);
        const classes = ["group", selectable.has(letter) && "playable", letter === chosen && "selected",
                         count >= SMALL[index] && "ready"].filter(Boolean).join(" ");
        const node = el("div", { class: classes, "data-species": letter,
                                 title: `${birds(letter, count)}: ${SMALL[index]} fly one home, ${BIG[index]} fly two` },
          el("div", { class: `stack${count > 1 ? " many" : ""}` }, bird(el, letter),
            el("span", { class: "count" }, `×${count}`),
            mark.gained[index] ? el("span", { class: "gain" }, `+${mark.gained[index]}`) : null),
          el("div", { class: "flock" }, el("span", { class: "small-flock" }, `${SMALL[index]}`), "/",
            el("span", { class: "big-flock" }, `${BIG[index]}`)));
        if (selectable.has(letter)) {
          const choose = () => { chosen = letter === chosen ? null : letter; draw(); };
          node.setAttribute("role", "button");
          node.setAttribute("tabindex", "0");
          node.addEventListener("click", choose);
          node.addEventListener("keydown", (key) => {
            if (key.key !== "Enter" && key.key !== " ") return;
            key.preventDefault();
            choose();
            const again = root.querySelector(`#hand .group[data-species="${letter}"]`);
            if (again) again.focus();
          });
        }
        return node;
      });
    return el("div", { class: "tray", id: "hand" },
      el("div", { class: "tray-head" }, el("b", {}, "Your hand"), ` · ${cards(sum(view.hand))}`,
        el("span", { class: "legend" }, "under each species: cards to fly one / two home")),
      el("div", { class: "groups" }, groups.length ? groups : el("span", { class: "none" }, "no card")));
  }

  function prompt() {
    const moves = view.legal_moves, mine = moves.length > 0;
    const box = el("div", { class: `prompt${mine ? " mine" : ""}`, id: "prompt" });
    if (view.result) {
      const order = (view.ranks || []).map((rank, seat) => [rank, seat]).sort((a, b) => a[0] - b[0]);
      box.append(el("b", {}, "Game over. "),
        order.map(([rank, seat]) => `${ordinal(rank)} ${who(seat)} (${sum(view.collections[seat])})`).join(" · "));
      return box;
    }
    if (view.phase === "reshuffle") {
      box.append("The deck is empty: the discard pile is being shuffled into a new deck…");
      return box;
    }
    const actor = who(view.active);
    if (view.phase === "lay") {
      const ask = chosen ? `Lay your ${birds(chosen, view.hand[at(chosen)])}: choose an end of a row.`
        : "Lay birds: choose a species in your hand, then an end of a row.";
      box.append(mine ? el("b", {}, ask) : `${actor} is laying birds…`);
    } else if (view.phase === "drawOption") {
      box.append(mine ? el("b", {}, "You took no card: draw 2 cards or not?") : `${actor} may draw 2 cards or not…`);
      for (const move of moves) {
        box.append(el("button", { class: move.type === "draw" ? "primary" : "", id: move.type,
                                  onclick: () => context.play(move) }, move.type === "draw" ? "Draw 2 cards" : "Don't draw"));
      }
    } else if (view.phase === "flock") {
      box.append(mine ? el("b", {}, "Fly a flock home or not?") : `${actor} may fly a flock home or not…`);
      for (const move of moves) {
        if (move.type === "fly") {
          const index = at(move.species), count = view.hand[index], kept = count >= BIG[index] ? 2 : 1;
          box.append(el("button", { class: "primary fly", "data-species": move.species,
                                    onclick: () => context.play(move) },
            `Fly ${birds(move.species, count)}: ${kept} home, ${count - kept} discarded`));
        }
      }
      const nofly = moves.find((move) => move.type === "nofly");
      if (nofly) box.append(el("button", { id: "nofly", onclick: () => context.play(nofly) }, "No flock"));
    }
    return box;
  }

  function justNow(events) {
    // A reshuffle and a round end get a note of their own; a deal is news for its seat only.
    const noted = (event) => event.type === "reshuffled" || event.type === "round_ended";
    const lines = merged(events).filter((event) => !QUIET.has(event.type) && !noted(event)
                                        && !(event.type === "cards_dealt" && !event.cards))
      .map((event) => narrate(event, context).trim()).filter(Boolean);
    const over = events.some((event) => event.type === "game_ended");
    const note = (event) => {
      if (event.type === "reshuffled") return `Reshuffle: the discard pile became a new deck of ${cards(event.size)}.`;
      const dealer = who(event.seat);
      return `Round over: ${possessive(dealer)} hand is empty. Every other hand went to the discard pile, face up; ` +
        (over ? "too few cards are left for a new deal."
          : `${dealer} ${verb(dealer, "deals", "deal")} 8 cards each and ${verb(dealer, "plays", "play")} first.`);
    };
    const notes = events.filter(noted);
    if (!lines.length && !notes.length) return null;
    return el("div", { class: "just", id: "just" },
      lines.length ? [el("span", { class: "label" }, "Just now: "), lines.join(" · ")] : null,
      notes.length ? el("div", { class: "notes" }, notes.map((event) =>
        el("div", { class: `note ${event.type}` }, note(event)))) : null);
  }

  // `fresh`: drawn for a new view (what just arrived glows), not for a choice in the hand.
  function draw(fresh) {
    const shown = memory.shown();
    const mark = marks(shown, view);
    const felt = el("div", { class: `felt cubirds${fresh ? " fresh" : ""}` },
      el("div", { class: "seats" }, view.hand_sizes.map((_, seat) => seatBox(seat, mark))),
      justNow(shown),
      el("div", { class: "table" },
        el("div", { class: "rows", id: "rows" }, view.rows.map((_, index) => rowLine(index, mark))),
        pile(mark)),
      prompt(),
      handPanel(mark));
    root.replaceChildren(felt);
  }

  return {
    update(next, events) {
      memory.add(events);
      view = next;
      if (!lays().some((move) => move.species === chosen)) chosen = null;
      draw(true);
    },
  };
}

function pendingText(pending) {
  if (pending.kind === "refill") return `the refill of row ${pending.row} at the ${pending.side}`;
  return `the ${pending.kind} of ${cards(pending.count)}`;
}

// --- the shell's hooks ---------------------------------------------------------------------

export function describe(view) {
  return { lay: "lay birds (a species of your hand at an end of a row)", drawOption: "draw 2 cards or not",
           flock: "fly a flock home or not" }[view.phase] || view.phase;
}

// Every event of Cubirds in words, for "What happened" (a card drawn by another seat is
// hidden: only how many).
export function narrate(event, context) {
  const who = context.name;
  switch (event.type) {
    case "laid": return `${who(event.seat)} laid ${birds(event.species, event.count)} at the ${event.side} of row ${event.row}` +
      (event.taken ? ` and took ${letters(event.taken)}` : "");
    case "row_refilled": return `  row ${event.row} refilled at the ${event.side}: ${letters(event.cards)}`;
    case "cards_drawn": return `${who(event.seat)} drew ${cards(event.count)}${event.cards ? `: ${letters(event.cards)}` : ""}`;
    case "draw_declined": return `${who(event.seat)} did not draw`;
    case "flown": return `${who(event.seat)} flew ${birds(event.species, event.kept + event.discarded)} home: ` +
      `${event.kept} to the collection${event.discarded ? `, ${event.discarded} to the discard pile` : ""}`;
    case "flock_declined": return `${who(event.seat)} flew no flock`;
    case "round_ended": return `Round over: ${possessive(who(event.seat))} hand is empty; the other hands went to the discard ` +
      `pile (${letters(textOf(event.discarded)) || "no card"}); ${who(event.seat)} ${verb(who(event.seat), "deals", "deal")}`;
    case "cards_dealt": return `  ${who(event.seat)} ${event.seat === context.seat ? "were" : "was"} dealt ${cards(event.count)}` +
      (event.cards ? `: ${letters(event.cards)}` : "");
    case "reshuffled": return `  the discard pile was reshuffled: a new deck of ${cards(event.size)}`;
    case "draw_offered": return `  ${who(event.seat)} took no card and may draw 2 cards`;
    case "flock_due": return `  ${who(event.seat)} may fly a flock home`;
    case "turn_started": return `— ${possessive(who(event.seat))} turn`;
    case "reshuffle_due": return `  the deck is empty: the discard pile is shuffled for ${pendingText(event.pending)}`;
    case "game_ended": return `Game over: ${event.result.winners.map(who).join(" and ")} won (${reasonText(event.result.reason)})`;
    case "lay_undone": return `${who(event.seat)} took back the lay of ${birds(event.species, event.count)}`;
    case "no_draw_undone": return `${who(event.seat)} took back "don't draw"`;
    default: return "";
  }
}

function reasonText(reason) {
  return { seven_species: "seven species", two_triples: "three birds of two species",
           deck_exhausted: "no more cards: the largest collection" }[reason] || String(reason).replace(/_/g, " ");
}

// Beside the result: the ranking, with each collection.
export function outcome(report, context) {
  const el = context.el;
  const order = report.collections.map((collection, seat) => seat)
    .sort((a, b) => (report.ranks ? report.ranks[a] - report.ranks[b] : 0) || a - b);
  return el("div", { class: "ranking", id: "ranking" }, order.map((seat) => el("div", { class: "rank-line", "data-seat": seat },
    el("b", {}, report.ranks ? ordinal(report.ranks[seat]) : ""), " ", context.name(seat), ": ",
    `${cards(report.collection_sizes[seat])} in the collection `,
    el("span", { class: "collection" }, report.collections[seat].split("").map((letter) => bird(el, letter, "tiny"))))));
}

// A step of the replay viewer: the rows, the deck and discard pile, every hand (a log
// holds them all) and every collection.
export function picture(report, context) {
  const el = context.el;
  const counts = (text) => SPECIES.split("").map((letter) => text.split(letter).length - 1);
  return el("div", { class: "felt cubirds replay-step" },
    el("div", { class: "table" },
      el("div", { class: "rows" }, report.rows.map((row, index) => el("div", { class: `row-line${length(row)}`, "data-row": index },
        el("span", { class: "row-name" }, `row ${index}`), el("div", { class: "line" }, row.split("").map((letter) => bird(el, letter)))))),
      el("div", { class: "piles" },
        el("div", { class: "deck" }, el("span", { class: "back" }),
          el("div", {}, el("b", {}, report.deck.length), el("span", { class: "what" }, "in the deck"))),
        el("div", { class: "discard" }, el("div", { class: "label" }, `discard pile ${report.discard.length}`),
          chips(el, counts(report.discard), null, "empty")),
        report.pending ? el("div", { class: "note" }, `a reshuffle is due (${report.pending})`) : null)),
    el("div", { class: "seats" }, report.hands.map((hand, seat) => el("div",
      { class: `seat${report.to_move && report.to_move.includes(seat) ? " active" : ""}`, "data-seat": seat },
      el("div", { class: "seat-head" }, el("b", {}, context.name(seat)),
        seat === report.dealer ? el("span", { class: "badge dealer" }, "dealer") : null,
        report.ranks ? el("span", { class: `badge rank r${report.ranks[seat]}` }, ordinal(report.ranks[seat])) : null),
      el("div", { class: "label" }, `hand ${hand.length}`), chips(el, counts(hand), null, "empty"),
      el("div", { class: "label" }, `collection ${report.collection_sizes[seat]}`),
      chips(el, counts(report.collections[seat]), null, "empty")))));
}

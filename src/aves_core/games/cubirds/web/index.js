// Cubirds in the browser: the four rows of birds with their two ends to lay at, the
// seat's hand by species with its flock numbers, every seat's collection, hand size and
// last move, the dealer, the deck and the discard pile, the draw option and the flock step
// as buttons, and what just happened highlighted. Moves are animated (laid cards travel
// from the hand or the seat to the row's end, taken cards to the seat, flocks to the
// collection) unless the reader prefers reduced motion. People read rows 1 to 4 (the
// rules' rows 0 to 3). A game's drawing for aves-core's browser client: the shell calls
// mount() once per table and update() with each new view (docs/hosting.md, "Writing a
// drawing").
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
                      title: NAMES[index], role: "img", "aria-label": NAMES[index] },
    el("b", { "aria-hidden": "true" }, letter), el("small", { "aria-hidden": "true" }, SHORT[index]));
}

// Counts as small chips: "O 2", coloured by species; `plus` marks the ones just added.
function chips(el, counts, plus, empty) {
  const shown = counts.map((count, index) => [index, count]).filter(([, count]) => count);
  if (!shown.length) return el("span", { class: "none" }, empty || "none");
  return el("span", { class: "chips" }, shown.map(([index, count]) =>
    el("span", { class: `chip b-${SPECIES[index]}${plus && plus[index] ? " new" : ""}`,
                 "data-species": SPECIES[index], title: `${birds(SPECIES[index], count)}`, role: "img",
                 "aria-label": `${birds(SPECIES[index], count)}${plus && plus[index] ? `, ${plus[index]} just now` : ""}` },
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
    reset() { turn = []; previous = []; },
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

// Each seat's last turn, kept from every event (live or not): the lay (its row and end),
// what it took, the draw, the flock. A seat's record starts again when it lays.
function Lasts() {
  let turns = {};
  let actor = null, newest = null;
  return {
    reset() { turns = {}; actor = null; newest = null; },
    newest: () => newest,
    add(events) {
      for (const event of events) {
        if (event.type === "laid") {
          actor = event.seat;
          newest = event.seat;
          turns[event.seat] = { previous: turns[event.seat] || null, row: event.row, side: event.side,
                                species: event.species, count: event.count, taken: event.taken, refilled: "",
                                draw: null, flock: null };
          continue;
        }
        if (event.type === "lay_undone") {
          const turn = turns[event.seat];
          if (turn) turns[event.seat] = turn.previous;
          continue;
        }
        const turn = turns[event.seat === undefined ? actor : event.seat];
        if (!turn) continue;
        if (event.type === "row_refilled") turn.refilled += event.cards;
        else if (event.type === "cards_drawn") turn.draw = (turn.draw || 0) + event.count;
        else if (event.type === "draw_declined") turn.draw = 0;
        else if (event.type === "no_draw_undone") turn.draw = null;
        else if (event.type === "flown") turn.flock = { species: event.species, kept: event.kept, discarded: event.discarded };
        else if (event.type === "flock_declined") turn.flock = "none";
      }
    },
    of: (seat) => turns[seat] || null,
  };
}

// A seat's last turn in words: "laid 2 parrots at the left of row 2, took 1 owl; drew 2".
function lastWords(turn) {
  let words = `laid ${birds(turn.species, turn.count)} at the ${turn.side} of row ${turn.row + 1}`;
  if (turn.taken) words += `, took ${letters(turn.taken)}`;
  if (turn.draw) words += `; drew ${cards(turn.draw)}`;
  if (turn.flock && turn.flock !== "none") {
    words += `; flew ${birds(turn.flock.species, turn.flock.kept + turn.flock.discarded)} home`;
  }
  return words;
}

// A short tag for a seat, for the marker on the row end it last laid at: "you", "Bo", "P2".
function tagOf(name) {
  if (name.length <= 4) return name;
  const digits = /(\d+)$/.exec(name);
  return `${name[0].toUpperCase()}${digits ? digits[1] : name[1] || ""}`;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// --- the drawing ----------------------------------------------------------------------------

export function mount(root, context) {
  const el = context.el, who = context.name;
  const memory = Memory(), lasts = Lasts();
  let view = null, chosen = null;

  const lays = () => view.legal_moves.filter((move) => move.type === "lay");
  const bot = (seat) => (context.seats && context.seats[seat] ? context.seats[seat].bot : null);
  const seats = () => view.hand_sizes.map((_, seat) => seat);

  function seatBox(seat, mark) {
    const size = view.hand_sizes[seat], rank = view.ranks ? view.ranks[seat] : null;
    const collection = view.collections[seat];
    const kinds = collection.filter(Boolean).length;
    const last = lasts.of(seat);
    const active = seat === view.active && !view.result;
    return el("section", { class: `seat${active ? " active" : ""}${seat === view.seat ? " mine" : ""}`,
                           "data-seat": seat, "aria-label": `${who(seat)}'s seat` },
      el("div", { class: "seat-head" }, el("b", {}, who(seat)),
        bot(seat) ? el("span", { class: "badge bot", title: `a bot (${bot(seat)})` }, "bot") : null,
        seat === view.dealer ? el("span", { class: "badge dealer", title: "dealt this round and played first" }, "dealer") : null,
        active ? el("span", { class: "badge turn" }, "to move") : null,
        rank ? el("span", { class: `badge rank r${rank}` }, ordinal(rank)) : null),
      el("div", { class: "hand-size" }, el("span", { class: "back mini" }), ` ${cards(size)} in hand`),
      el("div", { class: "collection" }, el("span", { class: "label" }, `collection ${sum(collection)}`,
        kinds ? ` · ${kinds} species` : ""), chips(el, collection, mark.flown[seat], "empty")),
      el("div", { class: "last-move" }, last ? `last: ${lastWords(last)}` : "last: no move yet"));
  }

  function rowLine(index, highlight) {
    const row = view.rows[index];
    const move = (side) => chosen && lays().find((m) => m.species === chosen && m.row === index && m.side === side);
    let line = null;
    // Hovering an end marks the cards a lay there would take (no redraw: the end stays).
    const mark = (positions, on) => positions.forEach((position) => line.children[position].classList.toggle("taking", on));
    // The seats whose last lay was at this end (their tags on it).
    const tags = (side) => {
      const here = seats().filter((seat) => { const last = lasts.of(seat); return last && last.row === index && last.side === side; });
      return here.length ? el("span", { class: `tags ${side}` }, here.map((seat) =>
        el("span", { class: `tag${lasts.newest() === seat ? " newest" : ""}`, title: `${who(seat)} last laid here` }, tagOf(who(seat))))) : null;
    };
    const lastHere = (side) => {
      const here = seats().filter((seat) => { const last = lasts.of(seat); return last && last.row === index && last.side === side; });
      return here.length ? `; ${context.list ? context.list(here) : here.map(who).join(" and ")} last laid here` : "";
    };
    const end = (side) => {
      const legal = move(side);
      const arrow = side === "left" ? "◀" : "▶";
      if (!legal) {
        return el("span", { class: `end-box ${side}` }, tags(side),
          el("span", { class: `end ${side}`, "data-row": index, "data-side": side, "aria-hidden": "true" }, arrow));
      }
      const what = preview(row, chosen, side);
      const label = what.taken.length ? `take ${what.taken.length}${what.refill ? " + refill" : ""}` : "no take";
      const takes = what.taken.length ? `, taking ${letters(what.taken.map((position) => row[position]).join(""))}${what.refill ? ", then the row is refilled" : ""}` : ", taking nothing";
      return el("span", { class: `end-box ${side}` }, tags(side),
        el("button", { class: `end ${side} legal${what.taken.length ? " takes" : ""}`, "data-row": index,
                       "data-side": side, title: `lay your ${PLURAL[at(chosen)]} at the ${side} end of row ${index + 1}`,
                       "aria-label": `lay your ${birds(chosen, view.hand[at(chosen)])} at the ${side} end of row ${index + 1}${takes}${lastHere(side)}`,
                       onclick: () => context.play(legal),
                       onmouseenter: () => mark(what.taken, true), onmouseleave: () => mark(what.taken, false),
                       onfocus: () => mark(what.taken, true), onblur: () => mark(what.taken, false) },
          side === "left" ? [arrow, el("small", {}, label)] : [el("small", {}, label), arrow]));
    };
    line = el("div", { class: "line", role: "list", "aria-label": `row ${index + 1}: ${letters(row)}` },
      row.split("").map((letter, position) => {
        const card = bird(el, letter, highlight.rows[index][position]);
        card.setAttribute("role", "listitem");
        card.setAttribute("aria-label", NAMES[at(letter)]);
        return card;
      }));
    return el("div", { class: `row-line${length(row)}`, "data-row": index },
      el("span", { class: "row-name", "aria-hidden": "true" }, `row ${index + 1}`), end("left"), line, end("right"));
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
        const flock = `${SMALL[index]} fly one home, ${BIG[index]} fly two`;
        const attrs = { class: classes, "data-species": letter, title: `${birds(letter, count)}: ${flock}` };
        const body = [el("span", { class: `stack${count > 1 ? " many" : ""}` }, bird(el, letter),
            el("span", { class: "count", "aria-hidden": "true" }, `×${count}`),
            mark.gained[index] ? el("span", { class: "gain", "aria-hidden": "true" }, `+${mark.gained[index]}`) : null),
          el("span", { class: "flock", "aria-hidden": "true" }, el("span", { class: "small-flock" }, `${SMALL[index]}`), "/",
            el("span", { class: "big-flock" }, `${BIG[index]}`))];
        if (!selectable.has(letter)) {
          return el("div", { ...attrs, role: "img", "aria-label": `${birds(letter, count)} (${flock})` }, body);
        }
        const choose = () => {
          chosen = letter === chosen ? null : letter;
          draw();
          // The keyboard goes on to the first end where they may go (or back to the group).
          const next = chosen ? root.querySelector(".end.legal") : root.querySelector(`#hand .group[data-species="${letter}"]`);
          if (next) next.focus();
        };
        return el("button", { ...attrs, type: "button", "aria-pressed": letter === chosen ? "true" : "false",
                              "aria-label": `${birds(letter, count)}: choose to lay (${flock})`, onclick: choose }, body);
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
        box.append(el("button", { class: move.type === "draw" ? "primary" : "", id: move.type, "data-status-action": "",
                                  onclick: () => context.play(move) }, move.type === "draw" ? "Draw 2 cards" : "Don't draw"));
      }
    } else if (view.phase === "flock") {
      box.append(mine ? el("b", {}, "Fly a flock home or not?") : `${actor} may fly a flock home or not…`);
      for (const move of moves) {
        if (move.type === "fly") {
          const index = at(move.species), count = view.hand[index], kept = count >= BIG[index] ? 2 : 1;
          box.append(el("button", { class: "primary fly", "data-species": move.species, "data-status-action": "",
                                    onclick: () => context.play(move) },
            `Fly ${birds(move.species, count)}: ${kept} home, ${count - kept} discarded`));
        }
      }
      const nofly = moves.find((move) => move.type === "nofly");
      if (nofly) box.append(el("button", { id: "nofly", "data-status-action": "", onclick: () => context.play(nofly) }, "No flock"));
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
    const felt = el("div", { class: `felt cubirds${fresh ? " fresh" : ""} seats-${view.hand_sizes.length}` },
      el("div", { class: "seats" }, seats().map((seat) => seatBox(seat, mark))),
      justNow(shown),
      el("div", { class: "table" },
        el("div", { class: "rows", id: "rows" }, view.rows.map((_, index) => rowLine(index, mark))),
        pile(mark)),
      prompt(),
      handPanel(mark));
    root.replaceChildren(felt);
  }

  // --- moves that travel -------------------------------------------------------------------

  const rectOf = (node) => (node ? node.getBoundingClientRect() : null);
  const seatHand = (seat) => root.querySelector(`.seat[data-seat="${seat}"] .hand-size .back`);
  const handGroup = (letter) => root.querySelector(`#hand .group[data-species="${letter}"]`);
  const deckBack = () => root.querySelector("#deck .back");
  // Where a seat's cards come from or go: its hand's group of that species (the viewer's
  // own), else the small card back in its seat panel.
  const handOf = (seat, letter) => (seat === view.seat && handGroup(letter)) || seatHand(seat);

  // What the page shows now of the cards these events move (before it is redrawn).
  function capture(events) {
    const plan = [];
    for (const event of events) {
      if (event.type === "laid") {
        const row = view.rows[event.row] || "";
        const nodes = [...root.querySelectorAll(`.row-line[data-row="${event.row}"] .line > .bird`)];
        const taken = preview(row, event.species, event.side).taken.map((position) => nodes[position]).filter(Boolean);
        plan.push({ kind: "laid", event, from: rectOf(handOf(event.seat, event.species)) });
        if (taken.length) {
          plan.push({ kind: "taken", event, from: taken.map(rectOf), ghosts: taken.map((node) => node.cloneNode(true)) });
        }
      } else if (event.type === "row_refilled") plan.push({ kind: "refilled", event, from: rectOf(deckBack()) });
      else if (event.type === "cards_drawn") plan.push({ kind: "drawn", event, from: rectOf(deckBack()) });
      else if (event.type === "flown") plan.push({ kind: "flown", event, from: rectOf(handOf(event.seat, event.species)) });
    }
    return plan;
  }

  // Then, on the page redrawn, each card travels where it went, step after step.
  async function travel(plan) {
    const fly = (from, to, options) => (from && to ? context.fly(from, to, options) : Promise.resolve());
    for (const step of plan) {
      const event = step.event;
      if (step.kind === "laid") {
        const laid = [...root.querySelectorAll(`.row-line[data-row="${event.row}"] .bird.laid`)];
        await Promise.all(laid.map((node, index) => fly(step.from, node, { ms: 420, delay: index * 70 })));
      } else if (step.kind === "taken") {
        await Promise.all(step.from.map((from, index) => {
          const letter = event.taken[index] || step.ghosts[index].dataset.species;
          return fly(from, handOf(event.seat, letter), { ghost: step.ghosts[index], ms: 450, delay: index * 60 });
        }));
      } else if (step.kind === "refilled") {
        const fresh = [...root.querySelectorAll(`.row-line[data-row="${event.row}"] .bird.refilled`)];
        await Promise.all(fresh.map((node, index) => fly(step.from, node, { ms: 380, delay: index * 90 })));
      } else if (step.kind === "drawn") {
        const letters = event.cards ? event.cards.split("") : Array(event.count).fill(null);
        await Promise.all(letters.map((letter, index) => fly(step.from, letter ? handOf(event.seat, letter) : seatHand(event.seat),
          { ghost: letter ? bird(el, letter) : deckBack(), ms: 420, delay: index * 90 })));
      } else if (step.kind === "flown") {
        const chip = root.querySelector(`.seat[data-seat="${event.seat}"] .chip[data-species="${event.species}"]`);
        await fly(step.from, chip, { ghost: bird(el, event.species), ms: 480 });
      }
    }
  }

  return {
    update(next, events, how) {
      const live = how ? how.live : true;
      if (how && how.fresh) { memory.reset(); lasts.reset(); }  // the whole history: start afresh
      const moving = live && view !== null && context.motion !== false && typeof context.fly === "function";
      const plan = moving ? capture(events) : [];
      memory.add(events);
      lasts.add(events);
      view = next;
      if (!lays().some((move) => move.species === chosen)) chosen = null;
      draw(true);
      if (!plan.length) return undefined;
      return travel(plan).catch(() => {}).then(() => sleep(0));
    },
  };
}

function pendingText(pending) {
  if (pending.kind === "refill") return `the refill of row ${pending.row + 1} at the ${pending.side}`;
  return `the ${pending.kind} of ${cards(pending.count)}`;
}

// --- the shell's hooks ---------------------------------------------------------------------

export function describe(view) {
  return { lay: "lay birds: choose a species of your hand, then an end of a row", drawOption: "draw 2 cards or not",
           flock: "fly a flock home or not" }[view.phase] || "choose one of your moves";
}

// Who laid last, for the lines that follow a lay (a refill names no seat). The shell
// narrates events in order.
let layer = null;

// Every event of Cubirds in words, for "What happened" (a card drawn by another seat is
// hidden: only how many). A line that follows from the one above starts with two spaces.
export function narrate(event, context) {
  const who = context.name;
  switch (event.type) {
    case "laid":
      layer = event.seat;
      return `${who(event.seat)} laid ${birds(event.species, event.count)} at the ${event.side} of row ${event.row + 1}` +
        (event.taken ? ` and took ${letters(event.taken)}` : "");
    case "row_refilled": {
      const lay = layer === null ? "the lay" : `${possessive(who(layer))} lay`;
      return `  ${lay} left row ${event.row + 1} with one species: it was refilled at the ${event.side} with ${letters(event.cards)}`;
    }
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
    case "game_ended": {
      const winners = context.list ? context.list(event.result.winners) : event.result.winners.map(who).join(" and ");
      return `Game over: ${winners} won (${reasonText(event.result.reason)})`;
    }
    case "lay_undone": return `${who(event.seat)} took back the lay of ${birds(event.species, event.count)}`;
    case "no_draw_undone": return `${who(event.seat)} took back "don't draw"`;
    default: return "";
  }
}

function reasonText(reason) {
  return { seven_species: "seven species", two_triples: "three birds of two species",
           deck_exhausted: "no more cards: the largest collection" }[reason] || String(reason).replace(/_/g, " ");
}

// The rules and how to play them here, for the shell's "Rules" button.
export function help(context) {
  const el = context.el;
  return el("div", { class: "cubirds-help" },
    el("p", {}, "Collect birds. ", el("b", {}, "You win at once with 7 different species in your collection, or 3 birds of each of 2 species.")),
    el("h3", {}, "A turn"),
    el("ol", {},
      el("li", {}, el("b", {}, "Lay: "), "put every card of one species from your hand at the left or right end of a row. If birds of that species are already in the row, the cards between them and yours come into your hand. A row left with one species is refilled from the deck."),
      el("li", {}, el("b", {}, "Draw: "), "if you took nothing, you may draw 2 cards."),
      el("li", {}, el("b", {}, "Fly a flock: "), "with at least the small number of a species (the first number under it in your hand), fly them home: 1 goes to your collection, 2 with the big number; the rest are discarded. Or fly no flock.")),
    el("p", {}, "When your hand is empty the round ends: the other hands are discarded and everyone gets 8 new cards. When there are too few cards left, the largest collection wins."),
    el("h3", {}, "On this page"),
    el("p", {}, "Click a species in your hand (or Tab to it, Enter), then a gold end of a row: its label says how many cards it takes. Draw and flock are buttons. Every card shows its letter and name. A tag on a row end shows where each player last laid; each seat says its last move."));
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

// A step of the replay viewer. Where the shell mounts this drawing for the board
// (context.replay), what only the log knows: every hand, and the deck's next cards.
// Otherwise the whole step: the rows, the deck and discard pile, every hand and every
// collection.
export function picture(report, context) {
  const el = context.el;
  const counts = (text) => SPECIES.split("").map((letter) => text.split(letter).length - 1);
  if (context.replay) {
    return el("div", { class: "cubirds-log" },
      report.hands.map((hand, seat) => el("div", { class: "hand-line", "data-seat": seat },
        el("b", {}, context.name(seat)), ` · ${cards(hand.length)} in hand `,
        el("span", { class: "cards" }, hand.length ? hand.split("").map((letter) => bird(el, letter, "tiny"))
          : el("span", { class: "none" }, "none")))),
      el("div", { class: "hand-line deck-line" }, el("b", {}, "The deck"), ` · ${cards(report.deck.length)}`,
        report.deck.length ? [", next: ", el("span", { class: "cards" },
          report.deck.slice(0, 8).split("").map((letter) => bird(el, letter, "tiny"))), report.deck.length > 8 ? " …" : ""] : ""));
  }
  return el("div", { class: "felt cubirds replay-step" },
    el("div", { class: "table" },
      el("div", { class: "rows" }, report.rows.map((row, index) => el("div", { class: `row-line${length(row)}`, "data-row": index },
        el("span", { class: "row-name", "aria-hidden": "true" }, `row ${index + 1}`), el("div", { class: "line" }, row.split("").map((letter) => bird(el, letter)))))),
      el("div", { class: "piles" },
        el("div", { class: "deck" }, el("span", { class: "back" }),
          el("div", {}, el("b", {}, report.deck.length), el("span", { class: "what" }, "in the deck"))),
        el("div", { class: "discard" }, el("div", { class: "label" }, `discard pile ${report.discard.length}`),
          chips(el, counts(report.discard), null, "empty")),
        report.pending ? el("div", { class: "note" }, "a reshuffle is due") : null)),
    el("div", { class: "seats" }, report.hands.map((hand, seat) => el("div",
      { class: `seat${report.to_move && report.to_move.includes(seat) ? " active" : ""}`, "data-seat": seat },
      el("div", { class: "seat-head" }, el("b", {}, context.name(seat)),
        seat === report.dealer ? el("span", { class: "badge dealer" }, "dealer") : null,
        report.ranks ? el("span", { class: `badge rank r${report.ranks[seat]}` }, ordinal(report.ranks[seat])) : null),
      el("div", { class: "label" }, `hand ${hand.length}`), chips(el, counts(hand), null, "empty"),
      el("div", { class: "label" }, `collection ${report.collection_sizes[seat]}`),
      chips(el, counts(report.collections[seat]), null, "empty")))));
}

// Boxes in the browser: the container's ten boxes (face down, or the card for the seat
// that examined it, with who examined each), every seat's banknotes and won containers,
// and the auction: the auctioneer's choice, examining by clicking a box, the sealed bid
// built note by note (click a note to add it, click it again in the bid to take it
// back, the total, a Commit button), who has committed and who is still thinking, the
// reveal of every bid at once, the open auction's amounts and Pass, and the payment's
// valid sets of notes. Cards carry their colour's letter and value, so colour is never
// the only signal. A game's drawing for aves-core's browser client (docs/hosting.md,
// "Writing a drawing").

const COLOURS = { Y: "yellow", B: "blue", R: "red", G: "green", N: "no colour" };
const NOTES = [500, 200, 100, 50];
const CLOSED = ["c1", "c2", "c3", "c4"];
const OPEN = ["o1", "o2", "o3", "o4", "o5", "o6"];

const ecu = (amount) => amount.toLocaleString("en-US");
const plural = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;
const sum = (notes) => notes.reduce((total, note) => total + note, 0);
const notesOf = (counts) => counts.flatMap((count, index) => Array(count).fill(NOTES[index]));
// "500 2×200 (900)" or "no notes (0)".
function notesText(notes) {
  const parts = NOTES.map((value) => [value, notes.filter((note) => note === value).length])
    .filter(([, count]) => count).map(([value, count]) => (count > 1 ? `${count}×${value}` : String(value)));
  return `${parts.join(" ") || "no notes"} (${ecu(sum(notes))})`;
}
function cardName(code) {
  if (code === "N0") return "empty box (0)";
  if (code === "N500") return "gold bar (500)";
  if (code === "N10") return "junk (10)";
  return `${COLOURS[code[0]]} ${code.slice(1)}`;
}
const possessive = (name) => (name === "you" ? "your" : `${name}'s`);
// "You" at the start of a sentence; a player's name as it was given ("player 2", as the
// lobby and the other games say it).
const cap = (text) => (text === "you" ? "You" : text);

// One card: its colour's letter over its value.
function card(el, code, extra, attrs) {
  return el("span", { class: `bx-card k-${code[0]}${extra ? ` ${extra}` : ""}`, role: "img",
                      "aria-label": cardName(code), title: cardName(code), "data-card": code, ...attrs },
    el("b", { "aria-hidden": "true" }, code[0] === "N" ? ({ N0: "empty", N500: "gold" }[code] || "box") : code[0]),
    el("i", { "aria-hidden": "true" }, code.slice(1)));
}

// Cards in a row, the same no-colour card repeated shown once with its count (×12).
function cardRow(el, codes) {
  const shown = [];
  for (const code of [...codes].sort(byColour)) {
    const last = shown[shown.length - 1];
    if (code[0] === "N" && last && last.code === code) last.count += 1;
    else shown.push({ code, count: 1 });
  }
  return el("div", { class: "bx-cards" }, shown.map(({ code, count }) => (count > 1
    ? el("span", { class: "bx-many" }, card(el, code, "", { "aria-label": `${count} × ${cardName(code)}`, title: `${count} × ${cardName(code)}` }),
      el("span", { "aria-hidden": "true" }, `×${count}`))
    : card(el, code))));
}

// One banknote.
function note(el, value, attrs, extra) {
  return el(attrs && attrs.onclick ? "button" : "span",
    { class: `bx-note n${value}${extra ? ` ${extra}` : ""}`, "data-note": String(value), ...attrs }, String(value));
}

export function mount(root, context) {
  const el = context.el;
  let just = [];
  let reveal = null;     // {commits, top, container}: the last reveal, from its event
  let chosen = [];       // the notes of the sealed bid being built
  let chosenFor = null;  // the container that bid is for
  let bidAmount = null;  // the amount typed for an open bid
  let lastLook = null;   // the box examined last: {container, slot}, marked

  const name = (seat) => context.name(seat);
  const Name = (seat) => cap(name(seat));

  function header(view) {
    const left = 6 - view.container;
    return el("p", { class: "bx-head" },
      `Container ${view.container} of 6 · auctioneer: ${name(view.auctioneer)}`,
      view.auction ? ` · ${view.auction} auction` : "",
      view.result ? "" : ` · ${left ? `${plural(left, "container")} still to come` : "the last container"}`);
  }

  // The ten boxes: face down, or the card for the seat that saw it; who examined each.
  function container(view) {
    const examines = new Map(view.legal_moves.filter((move) => move.type === "examine").map((move) => [move.slot, move]));
    const lookers = {};
    const seen = {};
    for (const look of view.looks) {
      if (look.container !== view.container) continue;
      (lookers[look.slot] = lookers[look.slot] || []).push(look.seat);
      if (look.card) seen[look.slot] = look.card;
    }
    const slot = (code, closed) => {
      const move = examines.get(code);
      const by = lookers[code] || [];
      const face = seen[code] ? card(el, seen[code]) :
        el("span", { class: `bx-back${closed ? " closed" : ""}`, "aria-hidden": "true" }, closed ? "▣" : "□");
      const label = `box ${code} (${closed ? "closed, 2 actions" : "open, 1 action"})` +
        (seen[code] ? `: ${cardName(seen[code])}` : ", face down") +
        (by.length ? `, examined by ${context.list(by)}` : "");
      const last = lastLook && lastLook.container === view.container && lastLook.slot === code;
      const attrs = { class: `bx-slot${closed ? " closed" : ""}${move ? " playable" : ""}${by.length ? " looked" : ""}${last ? " just" : ""}`,
                      "data-slot": code, "aria-label": move ? `examine ${label}` : label, title: move ? `examine ${code}` : label };
      if (move) attrs.onclick = () => context.play(move);
      return el(move ? "button" : "div", attrs,
        el("span", { class: "bx-slot-name" }, code), face,
        el("span", { class: "bx-by" }, by.length ? by.map((seat) => (name(seat) === "you" ? "you" : name(seat))).join(", ") : "—"));
    };
    return el("section", { class: "panel bx-container", id: "container", "aria-label": `container ${view.container}` },
      el("div", { class: "bx-row" }, el("span", { class: "bx-row-name" }, "closed boxes · 2 actions"),
        el("div", { class: "bx-slots" }, CLOSED.map((code) => slot(code, true)))),
      el("div", { class: "bx-row" }, el("span", { class: "bx-row-name" }, "open boxes · 1 action"),
        el("div", { class: "bx-slots" }, OPEN.map((code) => slot(code, false)))));
  }

  function seats(view) {
    const sealed = view.phase === "sealedBid";
    return el("div", { class: "bx-seats", id: "seats" }, view.notes.map((counts, seat) => {
      const bot = context.seats && context.seats[seat] && context.seats[seat].bot;
      const won = view.sales.filter((sale) => sale.seat === seat);
      const badges = [];
      if (seat === view.auctioneer && !view.result) badges.push(el("span", { class: "badge auctioneer" }, "auctioneer"));
      if (sealed) {
        badges.push(view.committed.includes(seat)
          ? el("span", { class: "badge committed" }, "✓ committed")
          : el("span", { class: "badge thinking" }, "… still thinking"));
      } else if (view.phase === "openAuction") {
        if (!view.bidders.includes(seat)) badges.push(el("span", { class: "badge out" }, "passed"));
        else if (seat === view.holder) badges.push(el("span", { class: "badge holder" }, `holds ${ecu(view.standing)}`));
        if (seat === view.turn) badges.push(el("span", { class: "badge turn" }, "to bid"));
      } else if (!view.result && view.to_move.includes(seat)) {
        badges.push(el("span", { class: "badge turn" }, view.phase === "examine" ? "examining" : "to move"));
      }
      const looked = view.looks.filter((look) => look.container === view.container && look.seat === seat).map((look) => look.slot);
      return el("section", { class: `bx-seat${view.to_move.includes(seat) && !view.result ? " active" : ""}`, "data-seat": String(seat) },
        el("h3", {}, name(seat) === "you" ? "You" : name(seat),
          bot ? el("span", { class: "badge" }, `bot · ${bot}`) : null, badges),
        el("p", { class: "bx-money" }, el("b", {}, `${ecu(view.money[seat])} ECU`), " ",
          el("span", { class: "bx-notes", role: "group", "aria-label": `banknotes: ${notesText(notesOf(counts))}` },
            NOTES.map((value, index) => (counts[index] ? el("span", { class: `bx-stack n${value}` }, `${counts[index]}×${value}`) : null)))),
        el("p", { class: "muted" }, won.length ? `won: ${won.map((sale) => `container ${sale.container} for ${ecu(sale.price)}`).join(", ")}` : "won: nothing yet"),
        looked.length ? el("p", { class: "muted" }, `examined: ${looked.join(" ")}`) : null);
    }));
  }

  // The sealed bids of this container while its sale goes on (ties bid openly, then the
  // payment), and of the container just sold while the next one is chosen and examined;
  // never an earlier container's beside a later container's auction.
  function revealPanel(view) {
    if (view.result) return null;
    const selling = ["openAuction", "payment"].includes(view.phase) && view.auction === "sealed";
    const justSold = ["chooseAuction", "examine"].includes(view.phase) && reveal && reveal.container === view.container - 1;
    if (!selling && !justSold) return null;
    const shown = justSold || (reveal && reveal.container === view.container) ? reveal
      : (view.revealed ? { commits: view.revealed, top: [], container: view.container } : null);
    if (!shown) return null;
    const best = Math.max(...shown.commits.map(sum));
    return el("section", { class: "panel bx-reveal", id: "reveal" },
      el("h3", {}, `Sealed bids revealed${shown.container ? ` · container ${shown.container}` : ""}`),
      el("ul", {}, shown.commits.map((notes, seat) => el("li", { class: sum(notes) === best ? "top" : "" },
        el("b", {}, `${Name(seat)}: ${ecu(sum(notes))}`), " ",
        el("span", { class: "bx-notes" }, notes.length ? notes.map((value) => note(el, value)) : el("span", { class: "muted" }, "no notes")),
        sum(notes) === best ? el("span", { class: "badge turn" }, shown.commits.filter((other) => sum(other) === best).length > 1 ? "tied" : "highest") : null))));
  }

  function sealedPanel(view) {
    const mine = view.legal_moves.filter((move) => move.type === "seal");
    const waiting = view.notes.map((_, seat) => seat).filter((seat) => !view.committed.includes(seat));
    const status = el("p", {}, `Committed: ${view.committed.length ? context.list(view.committed) : "nobody yet"} · still thinking: ${waiting.length ? context.list(waiting) : "nobody"}.`);
    if (!mine.length) {
      return el("section", { class: "panel bx-auction", id: "auction" }, el("h3", {}, "Sealed auction"), status,
        view.my_commit ? el("p", { id: "my-commit" }, "Your bid, face down until everyone has committed: ",
          el("span", { class: "bx-notes" }, view.my_commit.map((value) => note(el, value))), ` ${ecu(sum(view.my_commit))} ECU`) : null);
    }
    if (chosenFor !== view.container) { chosen = []; chosenFor = view.container; }
    const held = notesOf(view.notes[view.seat]);
    const left = [...held];
    for (const value of chosen) left.splice(left.indexOf(value), 1);
    const sorted = [...chosen].sort((a, b) => b - a);
    const move = mine.find((candidate) => candidate.notes.length === sorted.length && candidate.notes.every((value, index) => value === sorted[index]));
    const redraw = () => draw(view);
    return el("section", { class: "panel bx-auction bx-builder", id: "auction" },
      el("h3", {}, "Sealed auction: your bid"), status,
      el("p", { class: "muted" }, "Click your banknotes to put them in your bid; click a note in the bid to take it back. Nobody sees it until everyone has committed; then the highest bid pays exactly its notes."),
      el("div", { class: "bx-tray", id: "my-notes", "aria-label": "your banknotes" },
        el("span", { class: "bx-tray-name" }, "Your notes"),
        left.length ? left.map((value) => note(el, value, { onclick: () => { chosen.push(value); redraw(); },
                                                           "aria-label": `add a ${value} note to your bid` })) : el("span", { class: "muted" }, "none left")),
      el("div", { class: "bx-tray bid", id: "bid-notes", "aria-label": "your bid" },
        el("span", { class: "bx-tray-name" }, "Your bid"),
        chosen.length ? chosen.map((value, index) => note(el, value, { onclick: () => { chosen.splice(index, 1); redraw(); },
                                                                     "aria-label": `take a ${value} note back` })) : el("span", { class: "muted" }, "no notes: a bid of 0")),
      el("p", { class: "bx-total", id: "bid-total" }, `Total: ${ecu(sum(chosen))} ECU`),
      el("div", { class: "bx-buttons" },
        el("button", { class: "primary", id: "commit", "data-status-action": "", disabled: move ? null : "disabled", onclick: () => move && context.play(move) },
          `Commit ${ecu(sum(chosen))} ECU face down`),
        chosen.length ? el("button", { id: "clear-bid", onclick: () => { chosen = []; redraw(); } }, "Clear") : null));
  }

  function openPanel(view) {
    const bids = view.legal_moves.filter((move) => move.type === "bid");
    const pass = view.legal_moves.find((move) => move.type === "pass");
    const tie = view.auction === "sealed";
    const out = view.notes.map((_, seat) => seat).filter((seat) => !view.bidders.includes(seat));
    const rows = [
      el("h3", {}, tie ? "Open auction among the tied seats" : "Open auction"),
      el("p", { id: "standing" }, view.standing === null ? "No bid yet: the auctioneer opens (0 is allowed)."
        : `Standing bid: ${ecu(view.standing)} by ${name(view.holder)}. Still in: ${context.list(view.bidders)}` +
          (out.length ? `; passed: ${context.list(out)}.` : ".")),
    ];
    if (bids.length || pass) {
      const low = bids.length ? bids[0].amount : null;
      const high = bids.length ? bids[bids.length - 1].amount : null;
      const quick = [...new Set([low, low + 50, low + 100, low + 200, low + 500].filter((amount) => amount !== null && amount <= high))];
      const byAmount = new Map(bids.map((move) => [move.amount, move]));
      if (bidAmount === null || !byAmount.has(bidAmount)) bidAmount = low;
      const input = bids.length ? el("input", { type: "number", id: "bid-amount", min: String(low), max: String(high), step: "50",
                                                 value: String(bidAmount), "aria-label": "your bid in ECU",
                                                 oninput: (event) => { bidAmount = Number(event.target.value); } }) : null;
      rows.push(el("div", { class: "bx-buttons" },
        quick.map((amount) => el("button", { class: "bid-quick", "data-status-action": "", onclick: () => context.play(byAmount.get(amount)) }, `Bid ${ecu(amount)}`)),
        pass ? el("button", { id: "pass", "data-status-action": "", onclick: () => context.play(pass) }, "Pass (out of this auction)") : null));
      if (bids.length) {
        rows.push(el("div", { class: "bx-buttons bx-typed" },
          el("label", { for: "bid-amount" }, `Or any amount from ${ecu(low)} to ${ecu(high)}, in 50s: `), input,
          el("button", { class: "primary", id: "bid", onclick: () => {
            const move = byAmount.get(Number(input.value));
            if (move) { context.play(move); return; }
            input.setCustomValidity(`a multiple of 50 from ${ecu(low)} to ${ecu(high)}`);
            input.reportValidity();
          } }, "Bid")));
      } else {
        rows.push(el("p", { class: "muted" }, `You cannot raise ${ecu(view.standing)}: pass.`));
      }
    }
    return el("section", { class: "panel bx-auction", id: "auction" }, rows);
  }

  function paymentPanel(view) {
    const pays = view.legal_moves.filter((move) => move.type === "pay");
    if (!pays.length) {
      return el("section", { class: "panel bx-auction", id: "auction" },
        el("p", {}, `${Name(view.winner)} won at ${ecu(view.price)} and chooses the notes to pay (no change is given).`));
    }
    return el("section", { class: "panel bx-auction", id: "auction" },
      el("h3", {}, `You won at ${ecu(view.price)}: pay`),
      el("p", { class: "muted" }, "No change is given: what you pay above the price is lost, and a note that is not needed may not be added."),
      el("div", { class: "bx-buttons", id: "payments" }, pays.map((move) => {
        const lost = sum(move.notes) - view.price;
        return el("button", { class: "pay", onclick: () => context.play(move), "aria-label": `pay ${notesText(move.notes)}${lost ? `, ${ecu(lost)} lost` : ""}` },
          el("span", { class: "bx-notes" }, move.notes.map((value) => note(el, value))),
          el("small", {}, lost ? `${ecu(sum(move.notes))}: ${ecu(lost)} lost` : `${ecu(sum(move.notes))}: exact`));
      })));
  }

  function auction(view) {
    if (view.result) return null;
    const moves = view.legal_moves;
    if (view.phase === "chooseAuction") {
      if (!moves.length) return el("section", { class: "panel bx-auction", id: "auction" }, el("p", {}, `${Name(view.auctioneer)} chooses an open or a sealed auction.`));
      const kind = (value) => moves.find((move) => move.kind === value);
      return el("section", { class: "panel bx-auction", id: "auction" },
        el("h3", {}, "You are the auctioneer: choose the auction"),
        el("div", { class: "bx-buttons" },
          el("button", { class: "primary", id: "choose-open", "data-status-action": "", onclick: () => context.play(kind("open")) }, "Open auction"),
          el("button", { class: "primary", id: "choose-sealed", "data-status-action": "", onclick: () => context.play(kind("sealed")) }, "Sealed auction")),
        el("p", { class: "muted" }, "Open: you bid first, then each seat raises or passes in turn. Sealed: every seat commits banknotes face down at once; the highest pays exactly its notes. Then everyone examines, you first."));
    }
    if (view.phase === "examine") {
      const stop = moves.find((move) => move.type === "stop");
      if (!stop) return el("section", { class: "panel bx-auction", id: "auction" }, el("p", {}, `${Name(view.examiner)} ${name(view.examiner) === "you" ? "are" : "is"} examining: ${plural(view.actions, "action")} left.`));
      return el("section", { class: "panel bx-auction", id: "auction" },
        el("p", {}, el("b", {}, `${plural(view.actions, "action")} left. `), "Click a box to look at it: a closed box costs 2 actions, an open one 1. Only you see what you find."),
        el("div", { class: "bx-buttons" }, el("button", { id: "stop", "data-status-action": "", onclick: () => context.play(stop) }, "Stop examining")));
    }
    if (view.phase === "sealedBid") return sealedPanel(view);
    if (view.phase === "openAuction") return openPanel(view);
    return paymentPanel(view);
  }

  function mine(view) {
    if (!view.my_containers.length || view.final_cards) return null;
    const cards = view.my_containers.flatMap((won) => won.cards);
    return el("section", { class: "panel bx-mine", id: "mine" },
      el("h3", {}, `Behind your screen: ${ecu(cards.reduce((total, code) => total + Number(code.slice(1)), 0))} ECU of boxes`),
      view.my_containers.map((won) => el("div", { class: "bx-won" }, el("span", { class: "bx-row-name" }, `container ${won.container}`),
        el("div", { class: "bx-cards" }, won.cards.map((code) => card(el, code))))));
  }

  function ending(view) {
    if (!view.final_cards || !view.wealth) return null;
    const order = view.wealth.map((_, seat) => seat).sort((a, b) => view.wealth[b] - view.wealth[a] || a - b);
    return el("section", { class: "panel bx-end", id: "final" },
      el("h3", {}, "Final wealth"),
      order.map((seat) => {
        const cards = [...view.final_cards[seat]].sort(byColour);
        const value = cards.reduce((total, code) => total + Number(code.slice(1)), 0);
        const collections = (view.wealth[seat] - view.money[seat] - value) / 250;
        return el("div", { class: "bx-final", "data-seat": String(seat) },
          el("p", {}, el("b", {}, `${Name(seat)}: ${ecu(view.wealth[seat])} ECU`),
            ` = notes ${ecu(view.money[seat])} + boxes ${ecu(value)} + ${plural(collections, "collection")} × 250`),
          cardRow(el, cards));
      }));
  }

  function draw(view) {
    root.replaceChildren(el("div", { class: "boxes" },
      header(view),
      just.length ? el("p", { class: "bx-just", id: "just-now" }, el("b", {}, "Just now: "), just.join(" · ")) : null,
      ending(view), revealPanel(view), auction(view), view.result ? null : container(view), seats(view), mine(view)));
  }

  return {
    update(view, events, how) {
      if (how && how.fresh) { just = []; reveal = null; lastLook = null; }
      let found = null;
      for (const event of events) {
        if (event.type === "examined") lastLook = { container: event.container, slot: event.slot };
        if (event.type === "revealed") found = { commits: event.commits, top: event.top, container: view.container };
        if (found && event.type === "sold") found.container = event.container;
      }
      if (found) reveal = found;
      const lines = events.map((event) => narrate(event, context)).filter(Boolean);
      if (lines.length) just = lines.slice(-4).map((line) => line.trim());
      if (view.phase !== "sealedBid") chosen = [];
      draw(view);
    },
  };
}

const ORDER = "YBRGN";
function byColour(a, b) {
  return ORDER.indexOf(a[0]) - ORDER.indexOf(b[0]) || Number(b.slice(1)) - Number(a.slice(1));
}

export function describe(view) {
  switch (view.phase) {
    case "chooseAuction": return "choose an open or a sealed auction";
    case "examine": return `click a box to examine it (${plural(view.actions, "action")} left), or stop`;
    case "sealedBid": return "build your sealed bid from your banknotes and commit it";
    case "openAuction": return view.standing === null ? "open the auction with a bid"
      : `bid more than ${ecu(view.standing)} ECU, or pass`;
    case "payment": return "choose the banknotes to pay";
    default: return "choose one of your moves";
  }
}

export function narrate(event, context) {
  const who = event.seat === undefined ? "" : context.name(event.seat);
  const you = who === "you";
  switch (event.type) {
    case "auction_chosen": return `${cap(who)} chose ${event.kind === "open" ? "an open" : "a sealed"} auction`;
    case "examined": return `  ${cap(who)} examined ${event.slot}${event.card ? `: ${cardName(event.card)}` : ""}`;
    case "examine_stopped": return `  ${cap(who)} stopped examining`;
    case "committed": return event.notes ? `  ${cap(who)} committed ${notesText(event.notes)} face down` : `  ${cap(who)} committed a sealed bid`;
    case "revealed": {
      const bids = event.commits.map((notes, seat) => `${context.name(seat)} ${ecu(sum(notes))}`).join(", ");
      return `Sealed bids revealed: ${bids}` + (event.top.length > 1 ? `; ${context.list(event.top)} tie and bid on openly` : "");
    }
    case "bid_made": return `  ${cap(who)} bid ${ecu(event.amount)}`;
    case "passed": return `  ${cap(who)} passed`;
    case "auction_won": return `${cap(who)} won the container at ${ecu(event.price)}`;
    case "paid": return `  ${cap(who)} paid ${notesText(event.notes)}`;
    case "sold": return event.cards ? `  You took container ${event.container} behind your screen` : `  ${cap(who)} took container ${event.container} behind ${you ? "your" : "the"} screen`;
    case "undone": return `${cap(who)} took back the last move`;
    case "game_ended": {
      const reasons = context.game.reasons || {};
      return `Game over: ${context.list(event.result.winners)} won (${reasons[event.result.reason] || "the most wealth"})`;
    }
    default: return "";
  }
}

export function picture(report, context) {
  const el = context.el;
  return el("div", { class: "boxes bx-picture" },
    el("p", {}, `Container ${report.container} of 6 · auctioneer: ${context.name(report.auctioneer)}`),
    el("div", { class: "bx-seats" }, report.money.map((money, seat) => el("section", { class: "bx-seat" },
      el("h3", {}, context.name(seat)),
      el("p", {}, `${ecu(money)} ECU: ${notesText(notesOf(report.notes[seat]))}`),
      el("p", {}, `won: ${report.sales.filter((sale) => sale.seat === seat).map((sale) => `container ${sale.container} for ${ecu(sale.price)} (paid ${notesText(sale.notes)})`).join(", ") || "nothing yet"}`),
      report.wealth ? el("p", {}, el("b", {}, `wealth ${ecu(report.wealth[seat])} ECU`)) : null,
      report.cards ? cardRow(el, report.cards[seat]) : null))));
}

export function outcome(report, context) {
  if (!report || !report.wealth) return null;
  const el = context.el;
  return el("p", { class: "bx-outcome" }, report.wealth.map((value, seat) => `${context.name(seat)} ${ecu(value)} ECU`).join(" · "));
}

export function help(context) {
  const el = context.el;
  return el("div", { class: "help" },
    el("h3", {}, "Boxes"),
    el("p", {}, "Six containers of ten face-down boxes are auctioned one after the other. The most wealth at the end wins: your banknotes, the value of your boxes, and 250 for each collection (3 boxes of one colour with one of its 250s; 4 boxes with 2 players)."),
    el("p", {}, "Each container: the auctioneer chooses an open or a sealed auction. Then every seat, the auctioneer first, has 7 actions to look inside boxes: a closed box costs 2, an open one 1. Only you see what you find; everyone sees where you looked."),
    el("p", {}, "Open auction: the auctioneer bids (0 allowed), then each seat raises by 50s or passes for good; the last bidder wins and pays with its notes (no change). Sealed auction: everyone commits banknotes face down at once; the highest bid pays exactly its notes; equal highest bids go on openly among the tied seats."),
    el("p", {}, "On this page: click a box to examine it, Stop examining when done. For a sealed bid click your notes to put them in your bid (click again to take one back), then Commit. In an open auction click a Bid button, type an amount, or Pass. To pay, click one of the ways to pay. Tab and Enter work too."));
}

// AVES in the browser: the circle as a ring of cards with a numbered gap between each two,
// the seats (bots marked, whose turn it is, hand sizes, each seat's last move), your hand,
// the deck. A game's drawing for aves-core's browser client: the shell calls mount() once
// per table (or replay) and update() with each new view (docs/hosting.md, "Writing a
// drawing"). Cards carry their colour's letter as well as its colour; every choice is a
// button, so a whole game can be played with the keyboard.

import { helpPanel } from "./help.js";

const COLOURS = { R: "red", O: "orange", Y: "yellow", G: "green", B: "blue", I: "indigo", V: "violet" };
const ORDER = "ROYGBIVC";

const isCrow = (code) => code[0] === "C";
const numberOf = (code) => Number(code.slice(1));

// "red 3", "crow"; a hidden card is "a card".
export function cardName(code) {
  if (!code) return "a card";
  return isCrow(code) ? "crow" : `${COLOURS[code[0]]} ${code.slice(1)}`;
}

function byColour(a, b) {
  return ORDER.indexOf(a[0]) - ORDER.indexOf(b[0]) || numberOf(a) - numberOf(b);
}

function listWords(words) {
  const items = words.map(String);
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

// "red", "red or blue", "red, blue or green".
function orWords(words) {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;
}

// "a red", "an orange".
const article = (text) => `${/^[aeiou]/i.test(text) ? "an" : "a"} ${text}`;

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
// A seat's name at the start of a line: "You", or the player's name as it was given
// ("player 2", as the lobby and the other games say it).
const seatName = (name) => (name === "you" ? "You" : name);

// A card: its colour, the colour's letter (or "crow") and its number; its name for readers.
function cardNode(el, code, options = {}) {
  const tag = options.tag || "span";
  const extra = options.attrs || {};
  const size = options.size ? ` ${options.size}` : "";
  const role = tag === "button" ? null : "img";
  if (!code) {
    return el(tag, { class: `card back${size}`, role, "aria-label": "a hidden card", title: "a hidden card", ...extra });
  }
  const name = cardName(code);
  return el(tag, { class: `card c-${code[0]}${size}`, "data-card": code, role, title: name, "aria-label": name,
                   ...extra },
    el("span", { class: "l", "aria-hidden": "true" }, isCrow(code) ? "crow" : code[0]),
    el("span", { class: "n", "aria-hidden": "true" }, code.slice(1)));
}

// The colours the hand holds twice or more, in canonical order.
function doubled(hand) {
  const counts = {};
  for (const code of hand) if (!isCrow(code)) counts[code[0]] = (counts[code[0]] || 0) + 1;
  return Object.keys(COLOURS).filter((letter) => counts[letter] >= 2);
}

// Whether putting `code` between a and b is a match (a crow counts 0).
function matches(code, a, b) {
  return Math.abs(numberOf(a) - numberOf(b)) === numberOf(code);
}

// --- the ring's layout ------------------------------------------------------------------
//
// The circle is laid out on a rounded rectangle: a top row left to right, the right side
// downwards, the bottom row right to left, the left side upwards, back to the first card.
// Consecutive cards are always side by side or one above the other, with room for the gap
// marker between them; the deck sits inside. Cards shrink, then the ring grows taller, as
// the circle grows; the tests measure that nothing overlaps from 1 to 30 cards.

const TIERS = [
  { name: "l", w: 52, h: 72, d: 32, pad: 5 },
  { name: "m", w: 44, h: 62, d: 30, pad: 5 },
  { name: "s", w: 38, h: 52, d: 26, pad: 4 },
  { name: "xs", w: 32, h: 44, d: 24, pad: 4 },
  { name: "xxs", w: 30, h: 40, d: 22, pad: 3 },
];
const DECK_LABEL = 20;

function shape(k, width, tier, narrow) {
  const { w, h, d, pad } = tier;
  const sx = w + d + 2 * pad, sy = h + d + 2 * pad;
  const most = Math.floor((width - w) / sx) + 1;
  if (most < 2) return null;
  const top = k <= 2 ? 1 : Math.min(most, Math.ceil(k / 2));
  const bottom = k <= 1 ? 0 : Math.min(top, k - top);
  const rest = Math.max(0, k - top - bottom);
  const right = Math.ceil(rest / 2), left = Math.floor(rest / 2);
  const height = Math.max(h + (right + 1) * sy, 3 * h + DECK_LABEL + 4 * pad + (k <= 2 ? 0 : 0));
  const natural = Math.max(w + (Math.max(top, bottom, 2) - 1) * sx, 3 * w + 2 * d + 4 * pad);
  const ringWidth = Math.min(width, Math.max(natural, height * (narrow ? 1 : 1.9)));
  return { tier, k, top, bottom, right, left, width: ringWidth, height };
}

export function ringLayout(k, width, narrow) {
  const limit = narrow ? 560 : 470;
  let chosen = null;
  for (const tier of TIERS) {
    const found = shape(k, width, tier, narrow);
    if (!found) continue;
    chosen = found;
    if (found.height <= limit) break;
  }
  if (!chosen) chosen = shape(k, Math.max(width, 200), TIERS[TIERS.length - 1], narrow);
  const { tier, top, bottom, right, left, width: W, height: H } = chosen;
  const { w, h } = tier;
  const x0 = w / 2, y0 = h / 2, x1 = W - w / 2, y1 = H - h / 2;
  const wt = x1 - x0, ht = y1 - y0, perimeter = 2 * (wt + ht);
  const point = (t) => {
    t = ((t % perimeter) + perimeter) % perimeter;
    if (t < wt) return { x: x0 + t, y: y0 };
    if (t < wt + ht) return { x: x1, y: y0 + (t - wt) };
    if (t < 2 * wt + ht) return { x: x1 - (t - wt - ht), y: y1 };
    return { x: x0, y: y1 - (t - 2 * wt - ht) };
  };
  const along = [];
  for (let i = 0; i < top; i++) along.push(top === 1 ? wt / 2 : (i * wt) / (top - 1));
  for (let i = 0; i < right; i++) along.push(wt + ((i + 1) * ht) / (right + 1));
  for (let i = 0; i < bottom; i++) along.push(wt + ht + (bottom === 1 ? wt / 2 : (i * wt) / (bottom - 1)));
  for (let i = 0; i < left; i++) along.push(2 * wt + ht + ((i + 1) * ht) / (left + 1));
  const cards = along.map(point);
  const gaps = along.map((t, i) => {
    const next = i + 1 < along.length ? along[i + 1] : along[0] + perimeter;
    return point((t + next) / 2);
  });
  return { tier, width: W, height: H, cards, gaps, deck: { x: W / 2, y: H / 2 },
           track: { left: x0, top: y0, width: wt, height: ht } };
}

// --- the drawing ------------------------------------------------------------------------

export function mount(root, context) {
  const el = context.el;
  const who = (seat) => context.name(seat);
  const seats = () => context.seats || [];
  let view = null, chosen = null, note = "";
  let last = {};           // by seat: { cards: [codes it put in the circle], text: "put red 3 into gap 4, ..." }
  let recent = null;       // the most recent move: { seat, cards }
  let ringNodes = [];      // the circle's card nodes, by index
  let focusNext = null;    // "gap" after a card is chosen, "hand" when a turn begins
  let scrollFocus = false;
  let observed = 0;

  root.classList.add("aves-board");
  // Focus moves by itself (to a gap once a card is chosen, to the hand when a turn begins)
  // only for someone using the keyboard: a mouse user sees no focus ring jump about.
  let keyboard = false;
  const onKey = (event) => { if (event.key === "Tab" || event.key === "Enter" || event.key === " ") keyboard = true; };
  const onPointer = () => { keyboard = false; };
  document.addEventListener("keydown", onKey, true);
  document.addEventListener("pointerdown", onPointer, true);
  root.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !chosen) return;
    const code = chosen;
    chosen = null;
    draw();
    const node = root.querySelector(`#hand [data-card="${code}"]`);
    if (node) node.focus();
  });
  let pending = false;
  const observer = typeof ResizeObserver === "function" ? new ResizeObserver(() => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      if (view && root.isConnected && Math.abs(root.clientWidth - observed) > 1) draw();
    });
  }) : null;
  if (observer) observer.observe(root);

  // Each seat's last move, from the events (live or replayed history): kept until it moves again.
  function remember(events) {
    for (const event of events) {
      const seat = event.seat;
      switch (event.type) {
        case "card_placed":
          last[seat] = { cards: [event.card], text: `put ${cardName(event.card)} into gap ${event.gap}` };
          recent = { seat, cards: [event.card] };
          break;
        case "cards_taken":
          if (last[seat]) last[seat].text += `, took ${cardName(event.cards[0])} and ${cardName(event.cards[1])}`;
          break;
        case "card_drawn":
          if (last[seat]) last[seat].text += `, drew ${event.card ? cardName(event.card) : "a card"}`;
          break;
        case "card_returned": {
          const text = `returned ${cardName(event.card)} to gap ${event.gap}`;
          if (last[seat]) { last[seat].cards.push(event.card); last[seat].text += `; ${text}`; }
          else last[seat] = { cards: [event.card], text };
          recent = { seat, cards: [event.card] };
          break;
        }
        case "passed":
          last[seat] = { cards: [], text: "passed" };
          recent = { seat, cards: [] };
          break;
        case "trade_undone":
          last[seat] = { cards: [], text: `took back ${cardName(event.card)}` };
          recent = { seat, cards: [] };
          break;
        default:
      }
    }
  }

  const mine = () => view && view.seat !== null && view.seat !== undefined && view.legal_moves.length > 0;
  const myHand = () => (view && view.seat !== null && view.seat !== undefined ? view.hands[view.seat] || [] : []);

  // Why a card of the hand may not be played now, in words; "" when it may.
  function whyNot(code, legalCards) {
    if (legalCards.has(code)) return "";
    if (view.phase === "forcedReturn") {
      const twice = doubled(myHand()).map((letter) => COLOURS[letter]);
      if (isCrow(code)) return `A crow can never be returned: return ${twice.length ? `${article(orWords(twice))} card, a colour you hold twice` : "a fruit card"}.`;
      if (twice.length) {
        return `You can return only a card of a colour you hold twice: ${orWords(twice)}. ` +
               `${capital(cardName(code))} is your only ${COLOURS[code[0]]} card.`;
      }
      return `${capital(cardName(code))} cannot be returned now.`;
    }
    if (isCrow(code)) return "A crow can go only into a gap between two equal numbers, and the circle has none now.";
    return `${capital(cardName(code))} cannot be played now.`;
  }

  function seatPanels() {
    const n = view.hand_sizes.length;
    return el("div", { class: "seats aves-seats", "data-n": n }, view.hand_sizes.map((size, seat) => {
      const info = seats()[seat] || {};
      const active = view.to_move.includes(seat);
      const mark = last[seat];
      const shown = view.hands[seat] && seat !== view.seat ? [...view.hands[seat]].sort(byColour) : null;
      return el("div", { class: `seat aves-seat${active ? " active" : ""}`, "data-seat": seat },
        el("div", { class: "seat-head" },
          el("span", { class: "stack", "data-stack": seat, "aria-hidden": "true" }),
          el("b", { class: "seat-name" }, seatName(who(seat))),
          info.bot ? el("span", { class: "badge bot", title: `a bot (${info.bot}) plays this seat` }, "bot", el("span", { class: "bot-kind" }, ` · ${info.bot}`)) : null,
          active ? el("span", { class: "badge turn" }, view.phase === "forcedReturn" ? "▶ returns a card" : "▶ to move") : null),
        el("div", { class: "seat-count" }, `${size} card${size === 1 ? "" : "s"} in hand`),
        mark ? el("div", { class: "seat-last" }, `last: ${mark.text}`) : null,
        shown ? el("div", { class: "seat-cards" }, shown.map((code) => cardNode(el, code, { size: "mini" }))) : null);
    }));
  }

  // Who last put each card now in the circle (a seat's marker stays until it moves again).
  function markers() {
    const found = new Map();
    for (const [seat, mark] of Object.entries(last)) {
      for (const code of mark.cards) found.set(code, Number(seat));
    }
    return found;
  }

  function ring(moves) {
    const circle = view.circle, k = circle.length;
    const box = el("div", { class: "ring-box" });
    const narrow = root.clientWidth < 600;
    return { box, fill(width) {
      const layout = ringLayout(k, width, narrow);
      const { w, h, d } = layout.tier;
      const frame = el("div", { class: `ring tier-${layout.tier.name}`, id: "circle", role: "group",
        "aria-label": `the circle: ${k} card${k === 1 ? "" : "s"}, gap 0 after the first, clockwise`,
        style: `width:${layout.width}px;height:${layout.height}px` });
      frame.append(el("div", { class: "track", "aria-hidden": "true", style:
        `left:${layout.track.left}px;top:${layout.track.top}px;width:${layout.track.width}px;height:${layout.track.height}px` }));
      const owners = markers();
      const marked = new Set();
      const chosenMoves = chosen ? moves.filter((move) => move.card === chosen && move.gap !== undefined) : [];
      ringNodes = [];
      circle.forEach((code, index) => {
        const owner = owners.has(code) && !marked.has(code) ? owners.get(code) : null;
        if (owner !== null) marked.add(code);
        const label = owner === null ? cardName(code) : `${cardName(code)}, last played by ${who(owner)}`;
        const node = cardNode(el, code, { attrs: { "aria-label": label, title: label, "data-index": index,
          style: `left:${layout.cards[index].x - w / 2}px;top:${layout.cards[index].y - h / 2}px;width:${w}px;height:${h}px` } });
        if (owner !== null) {
          node.classList.add("marked");
          node.append(el("span", { class: "who", "aria-hidden": "true" }, context.tag ? context.tag(owner) : who(owner)));
        }
        if (recent && recent.cards.includes(code)) node.classList.add("recent");
        ringNodes.push(node);
        frame.append(node);
        const gap = index;
        const a = circle[gap], b = circle[(gap + 1) % k];
        const move = chosenMoves.find((m) => m.gap === gap);
        const where = `gap ${gap}, between ${cardName(a)} and ${cardName(b)}`;
        const position = `left:${layout.gaps[gap].x - d / 2}px;top:${layout.gaps[gap].y - d / 2}px;width:${d}px;height:${d}px`;
        if (move) {
          const match = move.type === "trade" && matches(chosen, a, b);
          const label = move.type === "return" ? `${where}: return ${cardName(chosen)} here`
            : match ? `${where}: a match, you take ${cardName(a)} and ${cardName(b)}`
              : `${where}: no match, you draw from the deck`;
          frame.append(el("button", { type: "button", class: `gap legal${match ? " match" : ""}`, "data-gap": gap,
            "data-focus": `gap:${gap}`, "aria-label": label, title: label, style: position,
            onclick: () => context.play(move) }, String(gap), match ? el("span", { class: "tick", "aria-hidden": "true" }, "✓") : null));
        } else {
          frame.append(el("span", { class: "gap", "data-gap": gap, role: "img", "aria-label": where, title: where,
            style: position }, String(gap)));
        }
      });
      frame.append(el("div", { class: "deck", id: "deck", style:
        `left:${layout.deck.x - Math.max(w, 64) / 2}px;top:${layout.deck.y - (h + DECK_LABEL) / 2}px;width:${Math.max(w, 64)}px` },
      el("span", { class: "card back", "data-deck": "", role: "img", "aria-label": `the deck: ${view.deck_size} card${view.deck_size === 1 ? "" : "s"}`,
        style: `width:${w}px;height:${h}px` }),
      el("div", { class: "deck-size" }, `deck ${view.deck_size}`)));
      box.replaceChildren(frame);
    } };
  }

  function handPanel(moves) {
    if (view.seat === null || view.seat === undefined || context.replay) return null;
    const hand = [...myHand()].sort(byColour);
    const legalCards = new Set(moves.filter((move) => move.card).map((move) => move.card));
    const canMove = moves.length > 0;
    const returning = view.phase === "forcedReturn" && canMove;
    const seen = {};
    const cards = hand.map((code) => {
      seen[code] = (seen[code] || 0) + 1;
      const focus = `card:${code}:${seen[code]}`;
      if (!canMove) return cardNode(el, code, { attrs: { "data-focus": focus } });
      const ok = legalCards.has(code);
      const label = `${cardName(code)}${ok ? (returning ? ": may be returned" : "") : (returning ? ": may not be returned" : ": cannot be played now")}`;
      const node = cardNode(el, code, { tag: "button", attrs: {
        type: "button", "data-focus": focus, "aria-label": label, title: label,
        "aria-pressed": ok ? String(code === chosen) : null,
        onclick: (event) => {
          if (!ok) { note = whyNot(code, legalCards); chosen = null; draw(); return; }
          note = "";
          chosen = code === chosen ? null : code;
          focusNext = chosen && event.detail === 0 ? "gap" : null;
          scrollFocus = event.detail === 0;
          draw();
        } } });
      node.classList.add(ok ? "playable" : "forbidden");
      if (code === chosen) node.classList.add("selected");
      return node;
    });
    // In a forced return the hand is split: the cards that may go back, and the others.
    const group = (label, nodes, extra) => el("div", { class: `hand-group${extra}`, role: "group", "aria-label": label },
      el("div", { class: "group-label", "aria-hidden": "true" }, label), el("div", { class: "group-cards" }, nodes));
    const may = cards.filter((node) => node.classList.contains("playable"));
    const stay = cards.filter((node) => !node.classList.contains("playable"));
    const handNode = returning
      ? el("div", { class: "hand grouped", id: "hand" }, group("↩ May be returned", may, " may"),
        stay.length ? group("Must stay in your hand", stay, " stay") : null)
      : el("div", { class: "hand", id: "hand" }, cards);
    const pass = moves.find((move) => move.type === "pass");
    return el("div", { class: "panel aves-hand" },
      el("h3", {}, "Your hand", el("span", { class: "muted count" }, ` · ${hand.length} card${hand.length === 1 ? "" : "s"}`)),
      handNode,
      pass ? el("button", { type: "button", class: "primary", id: "pass", "data-focus": "pass", "data-status-action": "", onclick: () => context.play(pass) },
        "Pass (only crows, and no gap between equal numbers)") : null,
      el("p", { class: "hand-note", id: "hand-note", role: "status", "aria-live": "polite" }, note),
      canMove ? hint(moves, legalCards) : null);
  }

  // The rule the player needs now, kept while a card is chosen.
  function hint(moves, legalCards) {
    if (view.phase === "forcedReturn") {
      const twice = doubled(myHand()).map((letter) => COLOURS[letter]);
      const which = twice.length ? `It must be a card of a colour you hold twice (${orWords(twice)}): they are under “May be returned”.`
        : "Any fruit card may go back (never a crow): they are under “May be returned”.";
      return el("div", { class: "rule", id: "rule" },
        el("p", {}, el("b", {}, "Hand limit: "), `you hold 8 cards, one more than 7: put one back into any gap of the circle. ${which} `,
          "Returning takes nothing and draws nothing."),
        chosen ? el("p", {}, `Now choose a gap for ${cardName(chosen)}.`) : el("p", {}, "Choose the card, then a gap."));
    }
    const rule = el("p", {}, el("b", {}, "How a gap matches: "),
      "a gap matches when the difference of its two neighbours equals your card's number: you take both neighbours and your card takes their place. ",
      "Anywhere else your card stays in the gap and you draw a card from the deck.",
      legalCards.has("C0") || myHand().includes("C0") ? " A crow counts 0: it goes only between two equal numbers." : "");
    let now;
    if (!chosen) now = el("p", {}, "Choose a card of your hand, then a gold gap of the circle.");
    else {
      const circle = view.circle, k = circle.length;
      const found = moves.filter((move) => move.card === chosen && move.type === "trade"
        && matches(chosen, circle[move.gap], circle[(move.gap + 1) % k])).map((move) => move.gap);
      now = el("p", { id: "chosen-hint" }, found.length
        ? [`${capital(cardName(chosen))} matches at gap${found.length > 1 ? "s" : ""} ${listWords(found.map(String))}, marked `,
          el("span", { class: "legend match" }, "✓"), ": you take both neighbours. At any other gold gap you draw from the deck."]
        : `${capital(cardName(chosen))} matches no gap now: wherever you put it, you draw a card from the deck.`);
    }
    return el("div", { class: "rule", id: "rule" }, rule, now);
  }

  function draw() {
    const moves = view.legal_moves || [];
    if (chosen && !moves.some((move) => move.card === chosen)) chosen = null;
    const active = document.activeElement;
    const focusKey = active && root.contains(active) ? active.getAttribute("data-focus") : null;
    const idle = !active || active === document.body || root.contains(active);
    const felt = el("div", { class: "felt aves-felt" });
    const circle = ring(moves);
    felt.append(seatPanels(), circle.box);
    root.replaceChildren(...[felt, handPanel(moves)].filter(Boolean));
    observed = root.clientWidth;
    circle.fill(circle.box.clientWidth || 1000);
    let target = null;
    if (focusNext === "gap") target = root.querySelector(".gap.legal.match") || root.querySelector(".gap.legal");
    else if (focusKey) target = root.querySelector(`[data-focus="${focusKey}"]`);
    if (!target && idle && (focusNext === "hand" || focusKey) && mine()) {
      target = root.querySelector("#hand .playable") || root.querySelector("#pass");
    }
    if (target) target.focus({ preventScroll: !scrollFocus });
    focusNext = null;
    scrollFocus = false;
  }

  // Where things are before a redraw: the places cards fly from.
  function capture() {
    const rect = (node) => (node ? node.getBoundingClientRect() : null);
    const hand = {};
    root.querySelectorAll("#hand .card").forEach((node) => {
      (hand[node.dataset.card] = hand[node.dataset.card] || []).push(rect(node));
    });
    const seatRects = {};
    root.querySelectorAll("[data-stack]").forEach((node) => { seatRects[node.dataset.stack] = rect(node); });
    return { circle: ringNodes.map(rect), k: view ? view.circle.length : 0, hand, seats: seatRects,
             deck: rect(root.querySelector("[data-deck]")) };
  }

  function animate(before, events) {
    const fly = context.fly;
    const moves = events.filter((event) => ["card_placed", "card_returned", "passed", "trade_undone"].includes(event.type));
    if (moves.length !== 1 || !before.k) return Promise.resolve();
    const flights = [];
    const stack = (seat) => root.querySelector(`[data-stack="${seat}"]`);
    const handNodes = {};
    root.querySelectorAll("#hand .card").forEach((node) => {
      (handNodes[node.dataset.card] = handNodes[node.dataset.card] || []).push(node);
    });
    const toSeat = (seat, code) => (seat === view.seat && code && handNodes[code] && handNodes[code].length
      ? { to: handNodes[code].shift() } : { to: stack(seat), ghost: cardNode(el, code, {}) });
    const placed = moves[0];
    if (placed.type === "card_placed" || placed.type === "card_returned") {
      const k = before.k, g = placed.gap;
      const taken = events.find((event) => event.type === "cards_taken");
      const refill = events.find((event) => event.type === "circle_refilled");
      let index = taken ? (refill ? 0 : (g < k - 1 ? g : k - 2)) : g + 1;
      if (view.circle[index] !== placed.card) index = view.circle.indexOf(placed.card);
      const mineFrom = placed.seat === view.seat && before.hand[placed.card] && before.hand[placed.card].shift();
      const from = mineFrom || before.seats[placed.seat];
      if (index >= 0 && ringNodes[index]) flights.push(fly(from, ringNodes[index], { ms: 380 }));
      if (taken) {
        [g, (g + 1) % k].forEach((old, i) => {
          const where = toSeat(taken.seat, taken.cards[i]);
          if (before.circle[old] && where.to) flights.push(fly(before.circle[old], where.to, { ghost: where.ghost, ms: 380, delay: 330 }));
        });
      }
      const drawn = events.find((event) => event.type === "card_drawn");
      if (drawn && before.deck) {
        const where = toSeat(drawn.seat, drawn.card);
        if (where.to) flights.push(fly(before.deck, where.to, { ghost: where.ghost, ms: 380, delay: 330 }));
      }
      if (refill && before.deck) {
        refill.cards.forEach((code, i) => {
          const node = ringNodes[i + 1];
          if (node) flights.push(fly(before.deck, node, { ms: 380, delay: 660 + 60 * i }));
        });
      }
    }
    return Promise.all(flights).then(() => undefined);
  }

  return {
    update(next, events = [], how = {}) {
      const live = how && typeof how.live === "boolean" ? how.live : view !== null && events.length > 0;
      // The whole history (a first load, a jump in the replay): start the memory afresh.
      if (how && how.fresh) { last = {}; recent = null; }
      const animated = live && events.length && context.fly && context.motion !== false && view;
      const before = animated ? capture() : null;
      const wasMine = mine();
      remember(events);
      if (events.length) { chosen = null; note = ""; }
      view = next;
      if (keyboard && mine() && (!wasMine || events.length)) focusNext = "hand";
      draw();
      return before ? animate(before, events) : undefined;
    },
    unmount() {
      if (observer) observer.disconnect();
      document.removeEventListener("keydown", onKey, true);
      document.removeEventListener("pointerdown", onPointer, true);
    },
  };
}

// --- words ------------------------------------------------------------------------------

export function describe(view) {
  const moves = view.legal_moves || [];
  if (moves.length && moves.every((move) => move.type === "pass")) {
    return "you hold only crows and no gap lies between equal numbers: pass";
  }
  if (view.phase === "forcedReturn") {
    const hand = (view.seat === null ? [] : view.hands[view.seat]) || [];
    const twice = doubled(hand).map((letter) => COLOURS[letter]);
    return twice.length
      ? `you hold 8 cards: return ${article(orWords(twice))} card (a colour you hold twice) to any gap`
      : "you hold 8 cards: return any fruit card to any gap";
  }
  if (view.phase === "playerTurn") return "choose a card of your hand, then a gap of the circle (✓ marks a match)";
  return "wait a moment";
}

const REASONS = {
  seven_colors: "by collecting all seven colours",
  deck_empty: "with the best hand when the deck ran out",
};

export function narrate(event, context) {
  const who = (seat) => context.name(seat);
  const Who = (seat) => seatName(who(seat));
  switch (event.type) {
    case "card_placed": return `${Who(event.seat)} put ${cardName(event.card)} into gap ${event.gap}`;
    case "cards_taken": return `  A match: ${who(event.seat)} took ${cardName(event.cards[0])} and ${cardName(event.cards[1])}`;
    case "card_drawn": return `  No match: ${who(event.seat)} drew ${event.card ? cardName(event.card) : "a card"} from the deck`;
    case "card_returned": return `${Who(event.seat)} returned ${cardName(event.card)} to gap ${event.gap} (hand limit)`;
    case "circle_refilled": return `  One card was left: the deck refilled the circle with ${listWords(event.cards.map(cardName))}`;
    case "passed": return `${Who(event.seat)} passed (only crows in hand, and no gap between equal numbers)`;
    case "return_due": return `  ${Who(event.seat)} now hold${event.seat === context.seat ? "" : "s"} 8 cards and must return one`;
    case "trade_undone": return `${Who(event.seat)} took back ${cardName(event.card)}: ${cardName(event.cards[0])} and ${cardName(event.cards[1])} went back to the circle`;
    case "game_ended": {
      const winners = event.result.winners;
      const reason = REASONS[event.result.reason] || String(event.result.reason).replace(/_/g, " ");
      const one = winners.length === 1 ? `${who(winners[0])} won` : `${context.list ? context.list(winners) : listWords(winners.map(who))} share the win`;
      return `Game over: ${one} ${reason}`;
    }
    default: return "";
  }
}

export function help(context) {
  return helpPanel(context.el);
}

// --- the end and the replay -------------------------------------------------------------

function handSummary(hand) {
  const colours = new Set(hand.filter((code) => !isCrow(code)).map((code) => code[0])).size;
  const crows = hand.filter(isCrow).length;
  const fruit = hand.length - crows;
  return `${colours} colour${colours === 1 ? "" : "s"}, ${fruit} fruit card${fruit === 1 ? "" : "s"}, ` +
         `${crows ? `${crows} crow${crows === 1 ? "" : "s"}` : "no crow"}`;
}

function handRows(report, context, className) {
  const el = context.el;
  const active = report.active_player;
  return el("div", { class: className }, report.hands.map((hand, seat) => el("div", { class: `hand-row${seat === active && !report.winners ? " active" : ""}` },
    el("div", { class: "hand-who" }, el("b", {}, seatName(context.name(seat))),
      report.winners && report.winners.includes(seat) ? el("span", { class: "badge won" }, "won") : null,
      seat === active && !report.winners ? el("span", { class: "badge turn" }, "▶ to move") : null,
      el("span", { class: "muted" }, ` ${handSummary(hand)}`)),
    el("div", { class: "hand small-hand" }, [...hand].sort(byColour).map((code) => cardNode(context.el, code, { size: "mini" }))))));
}

// Beside the result: each seat's final hand, from the last report of the game's log.
export function outcome(report, context) {
  return handRows(report, context, "aves-hands outcome");
}

// Below the board in the replay viewer: what the log knows that the table does not show,
// every seat's hand and the deck (the next card drawn is its bottom).
export function picture(report, context) {
  const el = context.el;
  const deck = report.deck || [];
  return el("div", { class: "aves-picture" },
    handRows(report, context, "aves-hands"),
    el("p", { class: "deck-line" }, `The deck: ${deck.length} card${deck.length === 1 ? "" : "s"}`,
      deck.length ? `; the next one drawn is ${cardName(deck[deck.length - 1])}.` : "."));
}

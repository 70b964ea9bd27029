// The shell's small tools: elements, the toast, the API, readable data. A game's drawing
// may use `el` (its context passes it) and needs nothing else from here.

const INTERACTIVE = new Set(["BUTTON", "A", "INPUT", "SELECT", "TEXTAREA", "SUMMARY", "LABEL"]);

// An element: `el("button", { class: "primary", onclick: go }, "Go")`. Any other element
// given an `onclick` becomes a button for the keyboard too (focusable, Enter and Space
// click it), so that a whole game can be played without a mouse.
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value);
  }
  if (attrs && attrs.onclick && !INTERACTIVE.has(node.tagName)) keyboardButton(node);
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Focusable, announced as a button, clicked by Enter and Space.
export function keyboardButton(node) {
  if (!node.hasAttribute("tabindex")) node.setAttribute("tabindex", "0");
  if (!node.hasAttribute("role")) node.setAttribute("role", "button");
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); node.click(); }
  });
  return node;
}

// "you", "you and Bo", "you, Bo and Cy".
export function list(words) {
  const items = words.map(String);
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

// Whether the reader lets things move (the system's "reduce motion" says no).
export function motion() {
  return !(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// A copy of `to` (or of options.ghost) travels from `from` (a DOMRect taken before the
// page was redrawn, or an element) to where `to` is now; `to` stays hidden meanwhile.
// Resolves when it lands, at once when the reader prefers reduced motion.
export function fly(from, to, options = {}) {
  if (!motion() || !from || !to || !to.isConnected) return Promise.resolve();
  const start = from instanceof Element ? from.getBoundingClientRect() : from;
  const end = to.getBoundingClientRect();
  if (!start.width && !start.height) return Promise.resolve();
  const ghost = (options.ghost || to).cloneNode(true);
  ghost.removeAttribute("id");
  ghost.querySelectorAll("[id]").forEach((node) => node.removeAttribute("id"));
  ghost.classList.add("flying");
  ghost.setAttribute("aria-hidden", "true");
  Object.assign(ghost.style, { position: "fixed", left: `${end.left}px`, top: `${end.top}px`,
    width: `${end.width}px`, height: `${end.height}px`, margin: "0", zIndex: "50",
    pointerEvents: "none", transform: "none", visibility: "visible" });
  document.body.append(ghost);
  const dx = start.left + start.width / 2 - (end.left + end.width / 2);
  const dy = start.top + start.height / 2 - (end.top + end.height / 2);
  const scale = end.width ? Math.max(0.3, Math.min(3, start.width / end.width)) : 1;
  const ms = options.ms || 400, delay = options.delay || 0;
  to.style.visibility = "hidden";
  const animation = ghost.animate([
    { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: options.fade ? 0.2 : 1 },
    { transform: "none", opacity: 1 }],
  { duration: ms, delay, easing: "cubic-bezier(.25,.75,.35,1)", fill: "backwards" });
  // A hidden tab may never finish an animation: the page must not wait for it forever.
  return Promise.race([animation.finished.catch(() => {}), sleep(ms + delay + 400)]).then(() => {
    ghost.remove();
    to.style.visibility = "";
  });
}

// The page's main part becomes ``nodes``; a null, undefined or false among them (a part
// that is not there this time) is left out, never written as text.
export function show(...nodes) {
  document.getElementById("main").replaceChildren(...present(nodes));
}

// The nodes that are there: ``replaceChildren`` and ``append`` would write a null as
// the text "null".
export function present(nodes) {
  return nodes.filter((node) => node !== null && node !== undefined && node !== false);
}

let toastTimer = null;
export function toast(message, ok) {
  const box = document.getElementById("toast");
  box.textContent = message;
  box.className = ok ? "ok" : "";
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, 5000);
}

export async function call(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const answer = await fetch(`api/${path}`, { method, headers,
    body: body === undefined ? undefined : (typeof body === "string" ? body : JSON.stringify(body)) });
  const text = await answer.text();
  let data = null;
  try { data = JSON.parse(text); } catch (error) { data = { error: { code: "not_json", message: text } }; }
  if (!answer.ok) {
    const error = new Error(data.error ? data.error.message : answer.statusText);
    error.code = data.error ? data.error.code : String(answer.status);
    throw error;
  }
  return data;
}

// A refusal as a person reads it: the server's sentence, with a word of what to do for
// the codes a player meets; never the bare code.
const ADVICE = {
  conflict: "Someone moved first: the table is shown as it is now.",
  seat_taken: "Someone else has that seat.",
  unauthorized: "This browser holds no token for that seat.",
  forbidden: "This browser's token does not hold that seat any more.",
  too_many: "Slow down a little and try again.",
};
export function refusal(error) {
  const message = String(error.message || "").replace(/\.?$/, ".");
  return ADVICE[error.code] ? `${message} ${ADVICE[error.code]}` : message;
}

export function refused(error) { toast(`Not done: ${refusal(error)}`); }

// A table dealt from a seed its creator chose (the operator allows it for tests and
// tournaments): said in the lobby's row and on the table page, plainly, not as an alarm.
export const SEEDED = "Dealt from a chosen seed: whoever chose it knows every card";

export function tokenKey(table, seat) { return `aves:${table}:${seat}`; }

// "deck_size" → "deck size", "playerTurn" → "player turn".
export function humanize(name) {
  return String(name).replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}

// Why a game ended, in words: the game's (`reasons` of /api/games), or else its code said
// plainly ("higher_card" → "higher card"): no identifier reaches a player.
export function reasonWords(game, reason) {
  const words = game && game.reasons && game.reasons[reason];
  return words && words !== reason ? words : humanize(reason);
}

// --- readable data -------------------------------------------------------------------------
// Seats in data, by their names (`seats` is a drawing's context: `players` and `name`):
// - a seat field, at any depth, is a key `seat`, `seats`, `player`, `active`, `dealer`,
//   `winner`, `winners` or `to_move`, or one ending in `_seat`, `_seats` or `_player`
//   (`first_player`, `active_player`): a seat number there, or a list of them, is said
//   as names ("you and Bo"); any other value (a count, a name, null) as it is;
// - a per-seat list is a field of the data itself (not deeper: an open set's three
//   `tiles` are no seats) under a plural key (ending in "s": `hands`, `chips`, `scores`,
//   `hand_sizes`) with one entry per player, at a table of two or more: each entry is
//   shown beside its seat's name instead of numbered.

const SEAT_KEYS = new Set(["seat", "seats", "player", "active", "dealer", "winner", "winners", "to_move"]);

function seatField(key) { return SEAT_KEYS.has(key) || /_(seats?|player)$/.test(key); }

function isSeat(value, seats) { return Number.isInteger(value) && value >= 0 && value < seats.players.length; }

// The seat field `key`'s value in words ("you", "you and Bo"); null when it holds no seat.
function seatWords(key, value, seats) {
  if (!seats || key === null || !seatField(key)) return null;
  if (isSeat(value, seats)) return seats.name(value);
  if (Array.isArray(value) && value.length && value.every((item) => isSeat(item, seats))) {
    return list(value.map(seats.name));
  }
  return null;
}

// Whether `value`, the field `key` of the data itself, is a per-seat list.
function perSeat(key, value, seats) {
  return Boolean(seats && key !== null && Array.isArray(value) && seats.players.length > 1
    && value.length === seats.players.length && /s$/.test(key) && !seatField(key));
}

function scalar(value) {
  if (value === null || value === undefined) return el("span", { class: "muted" }, "—");
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

// JSON as a person reads it: an object as a list of names and values, a list of plain
// values on one line, a list of lists or objects numbered from 0 (as the data counts);
// given `seats` (a drawing's context), seats by their names as said above.
export function readable(value, seats = null) { return shown(value, seats, null, true); }

// A grid: a field named grid or board holding strings of one length (a board's rows,
// "..XO..."), drawn as the rows of a board, one under another.
function isGrid(key, value) {
  return (key === "grid" || key === "board") && value.every((row) => typeof row === "string"
    && row.length === value[0].length);
}

// `value`, under `key` (null: none) of the data itself when `top`.
function shown(value, seats, key, top) {
  const words = seatWords(key, value, seats);
  if (words !== null) return words;
  if (top && perSeat(key, value, seats)) {
    return el("dl", { class: "data per-seat" }, value.map((item, seat) =>
      [el("dt", {}, seats.name(seat)), el("dd", {}, shown(item, seats, null, false))]));
  }
  if (Array.isArray(value)) {
    if (!value.length) return el("span", { class: "muted" }, "none");
    if (isGrid(key, value)) return el("pre", { class: "data-grid" }, value.join("\n"));
    if (value.every((item) => item === null || typeof item !== "object")) {
      return el("span", { class: "data-line" }, value.map((item, index) =>
        [index ? ", " : null, scalar(item)]));
    }
    return el("ol", { class: "data-list" }, value.map((item) =>
      el("li", {}, shown(item, seats, null, false))));
  }
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value);
    if (!keys.length) return el("span", { class: "muted" }, "none");
    return el("dl", { class: "data" }, keys.map((name) =>
      [el("dt", {}, humanize(name)), el("dd", {}, shown(value[name], seats, name, top && key === null))]));
  }
  return scalar(value);
}

// The field `key` of an event (or of any data) on one line, for a sentence: "card
// hidden", "scores you 3, Bo 5".
export function brief(value, seats = null, key = null, top = true) {
  const words = seatWords(key, value, seats);
  if (words !== null) return words;
  if (top && perSeat(key, value, seats)) {
    return value.map((item, seat) => `${seats.name(seat)} ${brief(item, seats, null, false)}`).join(", ");
  }
  if (value === null || value === undefined) return "hidden";
  if (Array.isArray(value)) return value.map((item) => brief(item, seats, null, false)).join(" ");
  if (typeof value === "object") {
    return Object.entries(value).map(([name, item]) => `${humanize(name)} ${brief(item, seats, name, false)}`).join(", ");
  }
  return String(value);
}

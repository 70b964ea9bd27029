// The seats' clocks of a table with a time control, beside their names under the status
// line. The server sends them as `clocks` in its welcome and events messages: the control,
// and each seat's time left when the message was made, whether it runs (the seat is to
// move) and whether the seat timed out (a bot played its move). Nothing shows without.
// A running clock counts down here from the moment its message arrived: the server's
// `now` is never compared with this machine's clock, which may be minutes off.

import { el } from "./kit.js";

const LOW_SECONDS = 30;   // under this a clock looks urgent
const TICK_MS = 250;      // checked four times a second, redrawn only when its second changes
const MINUTE = 60, HOUR = 3600, DAY = 86400;

let shown = null;         // { clocks, arrived (performance.now() ms), name } as last drawn
let ticker = null;

// The seconds a seat has left `at` (performance.now() ms), counted down while it runs.
function secondsLeft(seat, arrived, at) {
  const spent = seat.running ? Math.max(0, at - arrived) / 1000 : 0;
  return Math.max(0, Number(seat.remaining) - spent);
}

// Whole seconds as shown: rounded up, so that 0:00 means the time is up.
function whole(seconds) { return Math.max(0, Math.ceil(seconds - 1e-6)); }

// A long turn-based deadline reads in days and hours; anything else counts the seconds.
function inDays(seconds, control) { return control.kind === "turn" && seconds >= DAY; }

const pad = (number) => String(number).padStart(2, "0");

// "4:12", "1:02:03", or "2 d 3 h" for a turn-based deadline a day or more away.
export function clockText(seconds, control) {
  const left = whole(seconds);
  if (inDays(left, control)) return `${Math.floor(left / DAY)} d ${Math.floor((left % DAY) / HOUR)} h`;
  const hours = Math.floor(left / HOUR), minutes = Math.floor((left % HOUR) / MINUTE), rest = left % MINUTE;
  return hours ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`;
}

const unit = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;

// The same in words, for a screen reader: "4 minutes 12 seconds", "2 days 3 hours".
export function clockWords(seconds, control) {
  const left = whole(seconds);
  const parts = inDays(left, control)
    ? [[Math.floor(left / DAY), "day"], [Math.floor((left % DAY) / HOUR), "hour"]]
    : [[Math.floor(left / HOUR), "hour"], [Math.floor((left % HOUR) / MINUTE), "minute"], [left % MINUTE, "second"]];
  const said = parts.filter(([count]) => count > 0).map(([count, word]) => unit(count, word));
  return said.length ? said.join(" ") : "no time";
}

// A length of time as a time control gives it: "5 min", "1 min 30 s", "1 day 12 h"; in
// whole words with `long` ("5 minutes", "1 day 12 hours").
export function durationWords(seconds, long = false) {
  let left = Math.max(0, Math.round(Number(seconds) || 0));
  const units = long ? [[DAY, "day", "days"], [HOUR, "hour", "hours"], [MINUTE, "minute", "minutes"], [1, "second", "seconds"]]
    : [[DAY, "day", "days"], [HOUR, "h", "h"], [MINUTE, "min", "min"], [1, "s", "s"]];
  const said = [];
  for (const [size, one, many] of units) {
    const count = Math.floor(left / size);
    left -= count * size;
    if (count) said.push(`${count} ${count === 1 ? one : many}`);
  }
  return said.length ? said.join(" ") : (long ? "no time" : "0 s");
}

// A time control in a few words, as the lobby lists it: "5 min + 10 s", "3 min" (no
// bonus), "1 day a move"; null for none (or one this page does not know).
export function controlWords(control) {
  if (!control) return null;
  if (control.kind === "realtime") {
    return Number(control.bonus) > 0 ? `${durationWords(control.bank)} + ${durationWords(control.bonus)}`
      : durationWords(control.bank);
  }
  if (control.kind === "turn") return `${durationWords(control.per_move)} a move`;
  return null;
}

// What a time control means, in plain words, and what happens when a player's time
// runs out (the server's stand-in bot plays the move; the seat's own move takes it back).
export function controlExplained(control) {
  if (!control) return "No clock: everyone takes the time they need.";
  const out = "If a player's time runs out, a bot plays that move for them; they take their seat "
    + "back by making a move themselves.";
  if (control.kind === "realtime") {
    const bonus = Number(control.bonus) > 0;
    return `Real time: each player has ${durationWords(control.bank, true)} for the whole game`
      + (bonus ? `, and ${durationWords(control.bonus, true)} more after each of their moves. ` : ". ")
      + out + (bonus ? ` After that, each of their turns has only the ${durationWords(control.bonus, true)} `
        + "a move adds." : " After that, each of their turns is played by the bot at once.");
  }
  return `Turn-based: each player has ${durationWords(control.per_move, true)} for each move `
    + `(nobody needs to stay at the table meanwhile). ${out}`;
}

function label(seat, name, seconds, control) {
  return `${name}: ${clockWords(seconds, control)} left`
    + (seat.running ? ", clock running" : "") + (seat.timed_out ? ", timed out" : "");
}

// One seat's entry: a ▶ (the clock runs), the name, the time, "timed out". Colour only
// adds to these: the low-time look is also the number itself, the turn the ▶.
function entry(seat, name, seconds, control) {
  const low = whole(seconds) < LOW_SECONDS;
  const classes = ["clock-seat", seat.running ? "running" : "", low ? "low" : "", seat.timed_out ? "timed-out" : ""];
  // The timer's label says it all, so the visible pieces are hidden from screen readers.
  return el("li", { class: classes.filter(Boolean).join(" "), "data-seat": seat.seat },
    el("span", { class: "clock-turn", "aria-hidden": "true" }, seat.running ? "▶" : ""),
    el("span", { class: "clock-name", "aria-hidden": "true" }, name),
    el("span", { class: "clock-time", role: "timer", "aria-label": label(seat, name, seconds, control) },
      clockText(seconds, control)),
    seat.timed_out ? el("span", { class: "clock-mark", "aria-hidden": "true" }, "timed out") : null);
}

// Draws `clocks` (the message's, or null: none) into `box`; `arrived` is when their
// message came (performance.now() ms) and `name(seat)` a seat's name as shown.
export function drawClocks(box, clocks, arrived, name) {
  if (!box) return;
  const seats = clocks && Array.isArray(clocks.seats) ? clocks.seats : [];
  if (!seats.length || !clocks.control) {
    shown = null;
    box.hidden = true;
    box.replaceChildren();
    stopTicking();
    return;
  }
  shown = { clocks, arrived, name };
  const now = performance.now();
  box.replaceChildren(...seats.map((seat) =>
    entry(seat, name(seat.seat), secondsLeft(seat, arrived, now), clocks.control)));
  box.hidden = false;
  if (seats.some((seat) => seat.running)) startTicking(box); else stopTicking();
}

function stopTicking() {
  clearInterval(ticker);
  ticker = null;
}

// The running clocks count down: each entry is redrawn when its text changes (once a
// second, or once an hour for "2 d 3 h"), until the page leaves the table.
function startTicking(box) {
  stopTicking();
  ticker = setInterval(() => {
    if (!box.isConnected || !shown) return stopTicking();
    const now = performance.now();
    for (const seat of shown.clocks.seats) {
      if (!seat.running) continue;
      const old = box.querySelector(`li[data-seat="${seat.seat}"]`);
      const fresh = entry(seat, shown.name(seat.seat), secondsLeft(seat, shown.arrived, now), shown.clocks.control);
      if (old && (old.className !== fresh.className || old.textContent !== fresh.textContent)) old.replaceWith(fresh);
    }
  }, TICK_MS);
}

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

// The shell's small tools: elements, the toast, the API, readable data. A game's drawing
// may use `el` (its context passes it) and needs nothing else from here.

export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function show(...nodes) {
  document.getElementById("main").replaceChildren(...nodes);
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

export function refused(error) { toast(`Refused (${error.code}): ${error.message}`); }

export function tokenKey(table, seat) { return `aves:${table}:${seat}`; }

// "deck_size" → "deck size", "playerTurn" → "player turn".
export function humanize(name) {
  return String(name).replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}

// --- readable data -------------------------------------------------------------------------

function scalar(value) {
  if (value === null || value === undefined) return el("span", { class: "muted" }, "—");
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

// JSON as a person reads it: an object as a list of names and values, a list of plain
// values on one line, a list of lists or objects numbered from 0 (seats are).
export function readable(value) {
  if (Array.isArray(value)) {
    if (!value.length) return el("span", { class: "muted" }, "none");
    if (value.every((item) => item === null || typeof item !== "object")) {
      return el("span", { class: "data-line" }, value.map((item, index) =>
        [index ? ", " : null, scalar(item)]));
    }
    return el("ol", { class: "data-list", start: 0 }, value.map((item) => el("li", {}, readable(item))));
  }
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value);
    if (!keys.length) return el("span", { class: "muted" }, "none");
    return el("dl", { class: "data" }, keys.map((key) =>
      [el("dt", {}, humanize(key)), el("dd", {}, readable(value[key]))]));
  }
  return scalar(value);
}

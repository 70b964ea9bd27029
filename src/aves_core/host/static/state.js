// The shell's one state: the page shown, the table and seat, its socket, its game's
// drawing. Each page is a new route; an answer that comes back for a page already left
// draws nothing (`current(here)` is false).

export const App = { route: 0, socket: null, table: null, seat: null, token: null, game: null,
                     info: null, names: [], view: null, next: 0, lines: [], closing: false,
                     final: null, drawing: null, board: null, updates: Promise.resolve() };

export function current(here) { return here === App.route; }

export function closeSocket() {
  App.closing = true;
  if (App.socket) App.socket.close();
  App.socket = null;
}

// A new page: the last one's socket closed and its drawing told it is gone.
export function route() {
  closeSocket();
  if (App.board && App.board.unmount) {
    try { App.board.unmount(); } catch (error) { console.error(error); }
  }
  App.board = null;
  document.onkeydown = null;
  return ++App.route;
}

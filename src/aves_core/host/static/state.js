// The shell's one state: the page shown, the table and seat, its socket, its game's
// drawing. Each page is a new route; an answer that comes back for a page already left
// draws nothing (`current(here)` is false).

export const App = { route: 0, socket: null, table: null, seat: null, token: null, game: null,
                     info: null, names: [], seats: [], view: null, next: 0, received: 0, lines: [],
                     closing: false, final: null, drawing: null, board: null, undo: false,
                     updates: Promise.resolve(), pending: 0, idle: true, retries: 0, retryTimer: null };

export function current(here) { return here === App.route; }

export function closeSocket() {
  App.closing = true;
  clearTimeout(App.retryTimer);
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
  if (App.stopReplay) App.stopReplay();
  App.stopReplay = null;
  return ++App.route;
}

// The WebSocket to the host: the hello, the seat's token kept in localStorage so a reload or a
// dropped connection takes the seat back, and reconnecting until the host says no.
export const VERSION = 2;
const TOKEN_KEY = `pusher-token@${location.host}`;
const TAKEN_AGAIN = 10; // times a held seat is asked for again while the host sees it held
const FINAL = new Set(["version", "bad-token", "seat-taken", "no-seat", "origin"]);

export function heldToken() {
  return localStorage.getItem(TOKEN_KEY);
}

export class Connection {
  // handlers: message(data), status(text), refused(code, message), lost()
  constructor(handlers) {
    this.handlers = handlers;
    this.ws = null;
    this.hello = null;
    this.wanted = false;
    this.retries = 0;
    this.takenAgain = 0;
  }

  open(role, name, seat = null) {
    const token = role === "play" ? heldToken() : null;
    this.hello = { role, seat: token ? null : seat, token, name };
    this.wanted = true;
    this.connect();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/`);
    this.ws = ws;
    this.handlers.status(this.retries ? "reconnecting…" : "connecting…");
    ws.onopen = () => {
      this.retries = 0;
      this.send("hello", { ...this.hello, token: this.hello.role === "play" ? heldToken() : null });
    };
    ws.onmessage = (event) => this.receive(event.data);
    ws.onclose = () => {
      if (this.ws !== ws || !this.wanted) return;
      this.retries += 1;
      this.handlers.lost();
      this.handlers.status("connection lost: reconnecting…");
      setTimeout(() => this.wanted && this.connect(), Math.min(5000, 500 * this.retries));
    };
  }

  receive(text) {
    let data;
    try {
      data = JSON.parse(text);
    } catch {
      this.handlers.status("the host sent something that is not JSON");
      return;
    }
    if (data === null || typeof data !== "object" || typeof data.kind !== "string") return;
    if (data.kind === "end") this.wanted = false; // the match is over: the host closes
    if (data.kind === "welcome") this.takenAgain = 0;
    if (data.kind === "welcome" && typeof data.token === "string") {
      localStorage.setItem(TOKEN_KEY, data.token);
    }
    if (
      data.kind === "error" &&
      data.code === "seat-taken" &&
      this.hello.role === "play" &&
      heldToken() &&
      this.takenAgain < TAKEN_AGAIN
    ) {
      this.takenAgain += 1; // right after a drop the host may not yet have seen the old one go
      return;
    }
    if (data.kind === "error" && FINAL.has(data.code)) {
      this.wanted = false;
      if (data.code === "bad-token") localStorage.removeItem(TOKEN_KEY);
      this.handlers.refused(data.code, String(data.message));
      return;
    }
    this.handlers.message(data);
  }

  send(kind, fields) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify({ v: VERSION, kind, ...fields }));
    }
  }

  close() {
    this.wanted = false;
    if (this.ws) this.ws.close();
  }
}

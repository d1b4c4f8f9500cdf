// Push Over's table: the dice, the track with every piece and bare bottom, the pot and each
// player's chips; Roll and Stop come from the host's legal actions.
import { el, button } from "./dom.js";

const COLOURS = ["red", "blue", "green", "yellow"];
const SWATCH = { red: "#d9463b", blue: "#3b72d9", green: "#3aa655", yellow: "#e8c12f" };
const PIPS = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

export function seatLabel(n) {
  return COLOURS[n] ?? `seat ${n}`;
}

export function describe(action) {
  if (action.type === "Die") return `rolled a ${action.value}`;
  return action.type === "Roll" ? "rolls" : action.type === "Stop" ? "stops" : action.type;
}

function piece(seat, bare = false) {
  const dot = el("span", {
    class: bare ? "piece bare" : "piece",
    title: bare ? "a bare bottom" : seatLabel(seat),
  });
  if (!bare) dot.style.background = SWATCH[seatLabel(seat)] ?? "#888";
  return dot;
}

export function createTable(root, api) {
  const line = el("p", { class: "line" });
  const dice = el("div", { class: "dice", "aria-label": "dice" });
  const controls = el("div", { class: "controls" });
  const track = el("div", { class: "track", "aria-label": "track" });
  const facts = el("div", { class: "facts" });
  const result = el("p", { class: "line result" });
  root.append(line, dice, controls, track, facts, result);
  return {
    render(state) {
      const obs = state.observation;
      const cfg = state.config;
      line.textContent = state.toMove === state.seat ? "your move: roll or stop" : "";
      dice.replaceChildren(
        ...obs.dice.map((d) =>
          el("span", { class: "die", text: PIPS[d] ?? String(d), title: String(d) }),
        ),
      );
      controls.replaceChildren(
        ...state.legal.map((a) =>
          button(
            a.type === "Roll" ? "Roll" : a.type === "Stop" ? "Stop" : a.type,
            () => api.act(a),
            { class: a.type === "Roll" ? "primary" : "" },
          ),
        ),
      );
      const stops = [];
      for (let stop = 1; stop <= cfg.track_length; stop += 1) {
        const here = obs.where.flatMap((w, seat) => (w === stop ? [piece(seat)] : []));
        const bare = obs.bare.filter((b) => b === stop).map(() => piece(-1, true));
        const kind =
          stop === cfg.pot_stop ? " pot" : cfg.push_off_stops.includes(stop) ? " edge" : "";
        stops.push(
          el("div", { class: `stop${kind}` }, [
            el("span", { text: stop === cfg.pot_stop ? `${stop} pot` : String(stop) }),
            ...here,
            ...bare,
          ]),
        );
      }
      track.replaceChildren(...stops);
      const away = obs.where
        .map((w, seat) =>
          w === 0
            ? `${seatLabel(seat)} at the start`
            : w === -1
              ? `${seatLabel(seat)} rolled out`
              : w === -2
                ? `${seatLabel(seat)} waiting`
                : "",
        )
        .filter(Boolean);
      facts.replaceChildren(
        el("span", { text: `pot: ${obs.pot} chip${obs.pot === 1 ? "" : "s"}` }),
        ...obs.columns.map((c, seat) => el("span", { text: `${seatLabel(seat)}: ${c} chips` })),
        el("span", { text: `spare bottoms: ${obs.free_bottoms}` }),
        ...away.map((text) => el("span", { text })),
      );
      result.textContent = state.over
        ? `final: ${state.returns.map((r, n) => `${seatLabel(n)} ${r > 0 ? "won" : r < 0 ? "lost" : "drew"}`).join(", ")}`
        : "";
    },
  };
}

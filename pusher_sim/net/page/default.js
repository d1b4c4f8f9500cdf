// Any game without a table of its own: its observation as readable text, its legal moves as
// buttons (each labelled by the action's own fields).
import { el, button, actionText } from "./dom.js";

export function createTable(root, api) {
  const line = el("p", { class: "line" });
  const view = el("pre", { class: "observation" });
  const controls = el("div", { class: "controls" });
  root.append(line, view, controls);
  return {
    render(state) {
      line.textContent = state.toMove === state.seat ? "your move" : "";
      view.textContent = readable(state.observation, "");
      controls.replaceChildren(...state.legal.map((a) => button(actionText(a), () => api.act(a))));
    },
  };
}

function readable(value, indent) {
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) return `[${value.join(", ")}]`;
    return value.map((v) => `\n${indent}- ${readable(v, `${indent}  `)}`).join("");
  }
  if (value !== null && typeof value === "object") {
    return Object.entries(value)
      .map(([k, v]) => `\n${indent}${k}: ${readable(v, `${indent}  `)}`)
      .join("");
  }
  return String(value);
}

// Building the page's elements: every text goes in as textContent, never as markup.
export function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else if (key === "onclick") node.addEventListener("click", value);
    else if (value === true) node.setAttribute(key, "");
    else if (value !== false && value !== null && value !== undefined)
      node.setAttribute(key, value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

export function button(text, onclick, props = {}) {
  return el("button", { type: "button", text, onclick, ...props });
}

// A short readable text of an action or any JSON value: {"type": "Roll", "seat": 0} -> "Roll".
export function actionText(action) {
  if (action === null || typeof action !== "object") return String(action);
  const { type, seat, ...rest } = action;
  const parts = Object.entries(rest).map(([k, v]) => `${k} ${JSON.stringify(v)}`);
  return [type ?? "", ...parts].join(" ").trim();
}

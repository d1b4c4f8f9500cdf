// Push's table: one's own hand only (every other hand is a count), the melds on the table, the
// discard and the stock, the contract and the scores. Every control is one of the host's legal
// actions: a card tapped in the hand narrows them to the actions that use it.
import { el, button } from "./dom.js";

const SEATS = ["North", "East", "South", "West"];
const SUITS = "♣♦♥♠";
const RANKS = { 1: "A", 11: "J", 12: "Q", 13: "K", 14: "A" };

export function seatLabel(n) {
  return SEATS[n] ? `${SEATS[n]} (${n % 2 === 0 ? "A" : "B"})` : `seat ${n}`;
}

export function cardText(card) {
  if (card >= 104) return "JK";
  const rank = (card % 13) + 2;
  return `${RANKS[rank] ?? rank}${SUITS[Math.floor((card % 52) / 13)]}`;
}

function slotText(slot) {
  const rank = Math.floor(slot / 4);
  return `${RANKS[rank] ?? rank}${SUITS[slot % 4]}`;
}

function cardNode(card, props = {}) {
  const red = card < 104 && [1, 2].includes(Math.floor((card % 52) / 13));
  const wild = card >= 104 || card % 13 === 0;
  return el("span", {
    class: `card${red ? " red" : ""}${wild ? " wild" : ""}`,
    text: cardText(card),
    ...props,
  });
}

function meldSpec(spec) {
  return Array.isArray(spec) ? { kind: spec[0], cards: spec[1] } : spec;
}

function contractText(contract) {
  return contract.map(([kind, size]) => `${kind} of ${size}`).join(" + ");
}

export function describe(action) {
  switch (action.type) {
    case "ChooseDealer":
      return `${seatLabel(action.seat)} deals`;
    case "Shuffle":
      return "shuffles";
    case "TakeDiscard":
      return "takes the discard";
    case "PushDraw":
      return "pushes and draws";
    case "DrawStock":
      return "draws from the stock";
    case "LayMelds":
      return `lays ${action.melds
        .map((m) => {
          const s = meldSpec(m);
          return `${s.kind} ${s.cards.map(cardText).join(" ")}`;
        })
        .join(" + ")}`;
    case "LayOff":
      return `lays off ${cardText(action.card)} on meld ${action.meld}`;
    case "ReplaceWild":
      return `replaces the wild in meld ${action.meld} with ${cardText(action.card)}`;
    case "Discard":
      return `discards ${cardText(action.card)}`;
    default:
      return action.type;
  }
}

function uses(action, card) {
  if (action.type === "LayMelds") return action.melds.some((m) => meldSpec(m).cards.includes(card));
  return action.card === card;
}

function label(action) {
  switch (action.type) {
    case "TakeDiscard":
      return "Take the discard";
    case "PushDraw":
      return "Push (and draw)";
    case "DrawStock":
      return "Draw from the stock";
    case "LayOff":
      return `Lay off ${cardText(action.card)} on meld ${action.meld}${action.slot !== undefined ? ` as ${slotText(action.slot)}` : ""}`;
    case "Discard":
      return `Discard ${cardText(action.card)}`;
    default:
      return describe(action).replace(/^./, (c) => c.toUpperCase());
  }
}

const SHOWN = 24; // meld options listed at once (a hand can allow hundreds)

export function createTable(root, api) {
  let chosen = null;
  let last = null;
  const line = el("p", { class: "line" });
  const facts = el("div", { class: "facts" });
  const melds = el("div", { "aria-label": "melds on the table" });
  const handTitle = el("h2", { text: "Your hand" });
  const hand = el("div", { class: "cards", "aria-label": "your hand" });
  const options = el("div", { class: "options", "aria-label": "your moves" });
  const scores = el("div", { class: "facts" });
  root.append(line, facts, melds, handTitle, hand, options, scores);

  function render(state) {
    last = state;
    const obs = state.observation;
    const mine = state.toMove === state.seat && state.legal.length > 0;
    line.textContent = mine
      ? "your move"
      : state.toMove >= 0
        ? `${seatLabel(state.toMove)} to move`
        : "";
    facts.replaceChildren(
      el("span", { text: `deal ${obs.deal + 1} of ${state.config.deals}` }),
      el("span", { text: `contract: ${contractText(obs.contract)}` }),
      el("span", { text: `stock: ${obs.stock_size}` }),
      el("span", {}, ["discard: ", obs.discard_top >= 0 ? cardNode(obs.discard_top) : "none"]),
      ...obs.hand_sizes.map((n, seat) =>
        el("span", { text: `${seatLabel(seat)}: ${n} cards${obs.laid[seat] ? ", laid" : ""}` }),
      ),
    );
    melds.replaceChildren(
      ...obs.melds.map((m) =>
        el("div", { class: "meld" }, [
          el("small", { text: `meld ${m.id} (${seatLabel(m.owner)}, ${m.kind}):` }),
          ...m.cards.map((c) => cardNode(c)),
        ]),
      ),
    );
    handTitle.hidden = state.seat < 0; // a spectator holds no hand
    const inHand = [...obs.hand].sort((a, b) => sortKey(a) - sortKey(b));
    if (chosen !== null && !inHand.includes(chosen)) chosen = null;
    hand.replaceChildren(
      ...inHand.map((card) => {
        const node = cardNode(card);
        const b = el(
          "button",
          {
            type: "button",
            class: `card-button${card === chosen ? " chosen" : ""}`,
            "aria-pressed": String(card === chosen),
            "data-card": String(card),
          },
          [node],
        );
        b.addEventListener("click", () => {
          chosen = chosen === card ? null : card;
          render(last);
        });
        return b;
      }),
    );
    const legal = chosen === null ? state.legal : state.legal.filter((a) => uses(a, chosen));
    const plain = legal.filter((a) => a.type !== "LayMelds");
    const laying = legal.filter((a) => a.type === "LayMelds");
    const play = (a) => {
      chosen = null;
      api.act(a);
    };
    const offer = (a) => button(label(a), () => play(a), { "data-type": a.type });
    options.replaceChildren(
      ...plain.map(offer),
      ...laying.slice(0, SHOWN).map(offer),
      ...(laying.length > SHOWN
        ? [
            el("small", {
              text: `${laying.length - SHOWN} more ways to meld: tap a card to narrow them`,
            }),
          ]
        : []),
    );
    const done = obs.scores.map((s, n) => `deal ${n + 1}: team A ${s[0]}, team B ${s[1]}`);
    const shown = obs.shown_hands
      .map((h, seat) => (h.length ? `${seatLabel(seat)} held ${h.map(cardText).join(" ")}` : ""))
      .filter(Boolean);
    scores.replaceChildren(...[...done, ...shown].map((text) => el("span", { text })));
  }
  return { render };
}

function sortKey(card) {
  if (card >= 104) return 1000 + card;
  return ((card % 52) % 13) * 4 + Math.floor((card % 52) / 13) + (card % 13 === 0 ? 500 : 0);
}

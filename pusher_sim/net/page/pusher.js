// Pusher's table: the board from the seat's view, placing by a click or a tap, pushing by
// pressing inside a triangle and dragging back to flick (strength by the wheel, the slider or a
// second finger), the host's recorded path played back frame by frame, the last move kept on
// the board and in words.
import { el, button } from "./dom.js";
import {
  COLOURS,
  PITCH,
  Layout,
  cupName,
  drawAim,
  drawBall,
  drawBoard,
  highlightTriangle,
  insideTriangle,
  outlineTriangle,
  position,
  ring,
  triangleCentre,
} from "./pusher_board.js";

const FULL_DRAG_PITCHES = 4.0; // as the window's aim (pusher_sim/ui/pusher/aim.py)
const DEAD_ZONE_PITCHES = 0.25;
const PLACE_REACH = 0.4; // a press this close to a cup's centre (in pitches) means that cup
const LONGEST_PLAYBACK = 6; // seconds: a longer recorded push is played faster
const DUTIES = {
  place: "place: tap a marked cup",
  push: "push: press inside a shaded triangle, drag back to flick, let go",
  pass: "no move is open: pass",
};

export function seatLabel(n, config) {
  return config?.colours?.[n] ?? COLOURS[n] ?? `seat ${n}`;
}

export function describe(action) {
  if (action.type === "Place") return `place ${cupName(action.cell)}`;
  if (action.type === "Pass") return "pass";
  if (action.type !== "Push") return action.type;
  let text = `push ${action.triangle.map(cupName).join(" ")}`;
  if (action.speed)
    text += ` flick ${Math.round((action.angle * 180) / Math.PI)}° ${action.speed.toFixed(2)} m/s`;
  return `${text} press ${Math.round(action.strength * 100)}%`;
}

function flickOf(aim, maxSpeed) {
  const dx = aim.press[0] - aim.drag[0];
  const dy = aim.press[1] - aim.drag[1];
  const length = Math.hypot(dx, dy);
  if (length < DEAD_ZONE_PITCHES * PITCH || maxSpeed <= 0)
    return { angle: 0, speed: 0, fraction: 0 };
  const fraction = Math.min(1, (length - DEAD_ZONE_PITCHES * PITCH) / (FULL_DRAG_PITCHES * PITCH));
  return { angle: Math.atan2(dy, dx), speed: fraction * maxSpeed, fraction };
}

function maxFlick(config) {
  const tops = [config.physics?.max_flick_speed, config.scripted?.max_flick_speed].filter(
    (v) => typeof v === "number",
  );
  return tops.length ? Math.min(...tops) : 0;
}

const key = ([q, r]) => `${q},${r}`;

export function createTable(root, api) {
  const line = el("p", { class: "line" });
  const canvas = el("canvas", {
    class: "board",
    "aria-label": "the board",
    width: "600",
    height: "600",
  });
  const slider = el("input", {
    type: "range",
    min: "0",
    max: "100",
    value: "50",
    "aria-label": "press strength",
  });
  const strengthText = el("span", { text: "50%" });
  const controls = el("div", { class: "controls" });
  const last = el("p", { class: "line result" });
  root.append(
    line,
    canvas,
    el("label", { class: "strength" }, ["Press strength", slider, strengthText]),
    controls,
    last,
  );
  const ctx = canvas.getContext("2d");
  let state = null;
  let lay = null;
  let aim = null; // {triangle, press, drag, pointer, cup}
  let second = null; // {pointer, y, strength}: a second finger setting the strength
  let playing = null; // {path, start, still, speedUp}
  let marks = {};
  let shown = null; // the observation drawn last (the page's state is updated in place)
  let lastText = "";
  const frames = [];
  window.pusherFrames = frames; // the benchmark reads the playback's frame times

  const strength = () => Number(slider.value) / 100;
  function setStrength(value) {
    slider.value = String(Math.round(Math.min(1, Math.max(0, value)) * 100));
    strengthText.textContent = `${slider.value}%`;
    draw();
  }
  slider.addEventListener("input", () => setStrength(strength()));

  function resize() {
    const box = canvas.getBoundingClientRect();
    const ratio = window.devicePixelRatio || 1;
    const size = Math.max(200, Math.round(box.width * ratio));
    if (canvas.width !== size) {
      canvas.width = size;
      canvas.height = size;
    }
    lay = new Layout(state?.config.board_radius ?? 5, canvas.width, canvas.height);
  }
  new ResizeObserver(() => {
    resize();
    draw();
  }).observe(canvas);

  const legalOf = (type) => (state ? state.legal.filter((a) => a.type === type) : []);

  function draw() {
    if (!state || !lay) return;
    const pushes = legalOf("Push").map((a) => a.triangle);
    drawBoard(ctx, lay, { ...marks, places: playing ? [] : legalOf("Place").map((a) => a.cell) });
    if (playing) return drawPlayback();
    for (const [q, r, c] of state.observation.balls)
      drawBall(ctx, lay, position([q, r]), COLOURS[c]);
    if (marks.lastCell) {
      // the last ball placed: a bright ring with a dark edge, on any cup
      ring(ctx, lay, position(marks.lastCell), "#111", 0.56, 0.16);
      ring(ctx, lay, position(marks.lastCell), "#fff36b", 0.56, 0.08);
    }
    if (marks.lastTriangle) outlineTriangle(ctx, lay, marks.lastTriangle);
    for (const tri of pushes) if (tri !== aim?.triangle) highlightTriangle(ctx, lay, tri);
    if (aim?.triangle) highlightTriangle(ctx, lay, aim.triangle, true);
    if (aim?.triangle) drawAim(ctx, lay, aim, flickOf(aim, maxFlick(state.config)), strength());
  }

  function pointAt(event) {
    const box = canvas.getBoundingClientRect();
    return lay.toBoard([
      ((event.clientX - box.left) * canvas.width) / box.width,
      ((event.clientY - box.top) * canvas.height) / box.height,
    ]);
  }

  canvas.addEventListener("pointerdown", (event) => {
    if (!state || playing) return;
    if (aim && event.pointerId !== aim.pointer) {
      second = { pointer: event.pointerId, y: event.clientY, strength: strength() };
      return;
    }
    const p = pointAt(event);
    const cup = legalOf("Place").find(
      (a) => Math.hypot(...position(a.cell).map((v, i) => v - p[i])) < PLACE_REACH * PITCH,
    );
    const push = legalOf("Push").find((a) => insideTriangle(p, a.triangle));
    if (!cup && !push) return;
    event.preventDefault();
    canvas.setPointerCapture(event.pointerId);
    aim = {
      triangle: push?.triangle ?? null,
      press: p,
      drag: p,
      pointer: event.pointerId,
      cup: cup?.cell ?? null,
    };
    draw();
  });

  canvas.addEventListener("pointermove", (event) => {
    if (second && event.pointerId === second.pointer) {
      setStrength(
        second.strength + (second.y - event.clientY) / (canvas.getBoundingClientRect().height / 2),
      );
      return;
    }
    if (!aim || event.pointerId !== aim.pointer) return;
    aim.drag = pointAt(event);
    draw();
  });

  function release(event) {
    if (second && event.pointerId === second.pointer) {
      second = null;
      return;
    }
    if (!aim || event.pointerId !== aim.pointer) return;
    const done = aim;
    aim = null;
    second = null;
    if (event.type === "pointercancel") return draw();
    const flick = done.triangle ? flickOf(done, maxFlick(state.config)) : null;
    const moved =
      Math.hypot(done.drag[0] - done.press[0], done.drag[1] - done.press[1]) >=
      DEAD_ZONE_PITCHES * PITCH;
    if (done.cup && !(done.triangle && moved)) return api.act({ type: "Place", cell: done.cup });
    if (!done.triangle) return draw();
    const centre = triangleCentre(done.triangle);
    const region = Math.min(1, state.config.press_region ?? 1);
    const offset = [(done.press[0] - centre[0]) * region, (done.press[1] - centre[1]) * region];
    api.act({
      type: "Push",
      triangle: done.triangle,
      offset,
      angle: flick.angle,
      speed: flick.speed,
      strength: strength(),
    });
  }
  canvas.addEventListener("pointerup", release);
  canvas.addEventListener("pointercancel", release);
  canvas.addEventListener(
    "wheel",
    (event) => {
      event.preventDefault();
      setStrength(strength() - event.deltaY / 1000);
    },
    { passive: false },
  );

  // -- playing a push back -----------------------------------------------------------------
  function startPlayback(path) {
    const finalCups = new Set(path.cups.filter(Boolean).map(key));
    const still = state.observation.balls.filter(([q, r]) => !finalCups.has(key([q, r])));
    const seconds = path.frames.length * path.interval;
    playing = {
      path,
      still,
      start: performance.now(),
      speedUp: Math.max(1, seconds / LONGEST_PLAYBACK),
      previous: null,
    };
    api.busy(true);
    requestAnimationFrame(tick);
  }

  function tick(now) {
    if (!playing) return;
    const begun = performance.now();
    draw();
    const work = performance.now() - begun;
    if (playing) {
      if (playing.previous !== null) frames.push({ interval: now - playing.previous, work });
      playing.previous = now;
      requestAnimationFrame(tick);
    }
  }

  function drawPlayback() {
    const { path, still, start, speedUp } = playing;
    const at = (((performance.now() - start) / 1000) * speedUp) / path.interval;
    const k = Math.min(path.frames.length - 1, Math.floor(at));
    const next = Math.min(path.frames.length - 1, k + 1);
    const f = Math.min(1, at - k);
    for (const [q, r, c] of still) drawBall(ctx, lay, position([q, r]), COLOURS[c]);
    path.frames[k].forEach((a, i) => {
      const b = path.frames[next][i];
      const p = [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];
      const z = a[2] + (b[2] - a[2]) * f;
      drawBall(ctx, lay, p, path.colours[i], Math.max(0, z) * 20);
    });
    if (at >= path.frames.length - 1) {
      playing = null;
      showWords();
      api.busy(false);
      draw();
    }
  }

  function lastMoveText(seen, before, after) {
    const who = seatLabel(seen.mover, state.config);
    const act = seen.action ? describe(seen.action) : "moved";
    if (seen.action?.type !== "Push") return `last move: ${who} ${act}`;
    const was = new Map(before.balls.map(([q, r, c]) => [key([q, r]), c]));
    const now = new Map(after.balls.map(([q, r, c]) => [key([q, r]), c]));
    let moved = 0;
    for (const [cell, c] of now) if (was.get(cell) !== c) moved += 1;
    const returned =
      after.trays.reduce((s, n) => s + n, 0) - before.trays.reduce((s, n) => s + n, 0) + 1;
    return `last move: ${who} ${act}: ${moved} cup${moved === 1 ? "" : "s"} changed, ${Math.max(0, returned)} ball${returned === 1 ? "" : "s"} back to the trays`;
  }

  // The prompt, the Pass button and the last move's words; while a push is played back none:
  // the move is not open and its result not told until the balls have come to rest.
  function showWords() {
    const obs = state.observation;
    if (playing) {
      line.textContent = "the last push is being played back…";
      controls.replaceChildren();
      return;
    }
    const mine = state.toMove === state.seat && state.legal.length > 0;
    const duty = DUTIES[obs.duty] ?? obs.duty;
    line.textContent = state.over
      ? ""
      : mine
        ? `your move (${obs.rule}): ${duty}`
        : `trays: ${obs.trays.map((n, s) => `${seatLabel(s, state.config)} ${n}`).join(", ")}`;
    controls.replaceChildren(
      ...state.legal.filter((a) => a.type === "Pass").map((a) => button("Pass", () => api.act(a))),
    );
    const won =
      state.over && obs.winner !== null ? `${seatLabel(obs.winner, state.config)} won. ` : "";
    last.textContent = won + lastText;
  }

  return {
    render(next, move) {
      const before = shown;
      state = next;
      shown = next.observation;
      if (!lay) resize();
      const obs = next.observation;
      if (move) {
        const action = move.seen.action;
        marks = {
          lastCell: action?.type === "Place" ? action.cell : null,
          lastTriangle: action?.type === "Push" ? action.triangle : null,
        };
        if (before) lastText = lastMoveText(move.seen, before, obs);
        if (move.path && Array.isArray(move.path.frames) && move.path.frames.length > 1)
          startPlayback(move.path);
      }
      showWords();
      draw();
    },
  };
}

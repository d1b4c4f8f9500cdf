// Pusher's board as the page draws it: the hexagon of cups on a triangular lattice computed
// from the geometry documented in pusher_sim/board.py (axial cells, 16.5 mm pitch, cup colour
// (q - r) mod 3, the black centre), and the canvas drawing of cups, balls, aims and paths.
export const PITCH = 0.0165;
const SQRT3 = Math.sqrt(3);
export const COLOURS = ["red", "blue", "yellow", "black"];
const FILL = { red: "#d9463b", blue: "#3b72d9", yellow: "#e8c12f", black: "#1c1c1c" };
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const NAMING_RADIUS = 5; // actions name their cups on the published board, as the game does

export function cells(radius) {
  const out = [];
  for (let r = -radius; r <= radius; r += 1) {
    for (let q = -radius; q <= radius; q += 1) {
      if (Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) <= radius) out.push([q, r]);
    }
  }
  return out;
}

export function position([q, r]) {
  return [PITCH * (q + r / 2), PITCH * ((r * SQRT3) / 2)];
}

export function cupColour([q, r]) {
  return q === 0 && r === 0 ? "black" : COLOURS[(((q - r) % 3) + 3) % 3];
}

export function cupName([q, r]) {
  const n = NAMING_RADIUS;
  if (Math.abs(q) > n || Math.abs(r) > n || Math.abs(q + r) > n) return `(${q},${r})`;
  return `${LETTERS[n - r]}${q - Math.max(-n, -n - r) + 1}`;
}

export function triangleCentre(tri) {
  const ps = tri.map(position);
  return [(ps[0][0] + ps[1][0] + ps[2][0]) / 3, (ps[0][1] + ps[1][1] + ps[2][1]) / 3];
}

export function insideTriangle(p, tri) {
  const [a, b, c] = tri.map(position);
  const det = (b[1] - c[1]) * (a[0] - c[0]) + (c[0] - b[0]) * (a[1] - c[1]);
  const wa = ((b[1] - c[1]) * (p[0] - c[0]) + (c[0] - b[0]) * (p[1] - c[1])) / det;
  const wb = ((c[1] - a[1]) * (p[0] - c[0]) + (a[0] - c[0]) * (p[1] - c[1])) / det;
  return Math.min(wa, wb, 1 - wa - wb) >= 0;
}

// Board metres <-> canvas pixels for a canvas of w x h pixels.
export class Layout {
  constructor(radius, w, h) {
    this.radius = radius;
    this.inradius = (radius * PITCH * SQRT3) / 2 + 0.8 * PITCH;
    this.circ = (this.inradius * 2) / SQRT3;
    this.scale = 0.97 * Math.min(w / (2 * this.circ), h / (2 * this.inradius));
    this.cx = w / 2;
    this.cy = h / 2;
  }
  toScreen([x, y]) {
    return [this.cx + x * this.scale, this.cy - y * this.scale];
  }
  toBoard([sx, sy]) {
    return [(sx - this.cx) / this.scale, (this.cy - sy) / this.scale];
  }
  px(metres) {
    return metres * this.scale;
  }
}

export function drawBoard(ctx, lay, marks) {
  const { width, height } = ctx.canvas;
  ctx.clearRect(0, 0, width, height);
  ctx.beginPath();
  for (let k = 0; k < 6; k += 1) {
    const a = (Math.PI / 3) * k;
    const [sx, sy] = lay.toScreen([lay.circ * Math.cos(a), lay.circ * Math.sin(a)]);
    if (k === 0) ctx.moveTo(sx, sy);
    else ctx.lineTo(sx, sy);
  }
  ctx.closePath();
  ctx.fillStyle = "#b98a52";
  ctx.fill();
  ctx.lineWidth = lay.px(PITCH * 0.12);
  ctx.strokeStyle = "#6e4a22";
  ctx.stroke();
  const cupR = lay.px(PITCH * 0.43);
  for (const cell of cells(lay.radius)) {
    const [sx, sy] = lay.toScreen(position(cell));
    ctx.beginPath();
    ctx.arc(sx, sy, cupR, 0, 2 * Math.PI);
    ctx.fillStyle = "#4a3520";
    ctx.fill();
    ctx.lineWidth = lay.px(PITCH * 0.09);
    ctx.strokeStyle = FILL[cupColour(cell)];
    ctx.stroke();
  }
  for (const cell of marks.places ?? [])
    ring(ctx, lay, position(cell), "rgba(255,255,255,0.85)", 0.36);
}

// A path along a triangle's three cup centres (then filled or stroked).
function trianglePath(ctx, lay, tri) {
  ctx.beginPath();
  tri.map(position).forEach((p, i) => {
    const [sx, sy] = lay.toScreen(p);
    if (i === 0) ctx.moveTo(sx, sy);
    else ctx.lineTo(sx, sy);
  });
  ctx.closePath();
}

// The last push's triangle, drawn over the balls: a bright line with a dark edge.
export function outlineTriangle(ctx, lay, tri) {
  for (const [colour, width] of [
    ["#111", 0.12],
    ["#fff36b", 0.06],
  ]) {
    trianglePath(ctx, lay, tri);
    ctx.lineWidth = Math.max(2, lay.px(PITCH * width));
    ctx.strokeStyle = colour;
    ctx.stroke();
  }
}

// A push the seat may make, drawn over the balls so that it shows: a light veil and a bright
// edge; the pressed one (while aiming) in a stronger colour.
export function highlightTriangle(ctx, lay, tri, pressed = false) {
  shadeTriangle(ctx, lay, tri, pressed ? "rgba(255,255,255,0.28)" : "rgba(120,220,255,0.16)");
  trianglePath(ctx, lay, tri);
  ctx.lineWidth = Math.max(2, lay.px(PITCH * (pressed ? 0.12 : 0.08)));
  ctx.strokeStyle = pressed ? "#ffffff" : "#78dcff";
  ctx.stroke();
}

function shadeTriangle(ctx, lay, tri, fill) {
  trianglePath(ctx, lay, tri);
  ctx.fillStyle = fill;
  ctx.fill();
}

export function ring(ctx, lay, p, colour, size, width = 0.06) {
  const [sx, sy] = lay.toScreen(p);
  ctx.beginPath();
  ctx.arc(sx, sy, lay.px(PITCH * size), 0, 2 * Math.PI);
  ctx.lineWidth = Math.max(2, lay.px(PITCH * width));
  ctx.strokeStyle = colour;
  ctx.stroke();
}

export function drawBall(ctx, lay, p, colour, lift = 0) {
  const [sx, sy] = lay.toScreen(p);
  const r = lay.px(0.008 * (1 + lift));
  ctx.beginPath();
  ctx.arc(sx, sy, r, 0, 2 * Math.PI);
  ctx.fillStyle = FILL[colour] ?? "#888";
  ctx.fill();
  ctx.lineWidth = 1;
  ctx.strokeStyle = "rgba(0,0,0,0.6)";
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(sx - r * 0.35, sy - r * 0.35, r * 0.3, 0, 2 * Math.PI);
  ctx.fillStyle = "rgba(255,255,255,0.45)";
  ctx.fill();
}

// The aim: the press point, the rubber band back to the pointer, the flick's arrow forward.
export function drawAim(ctx, lay, aim, flick, strength) {
  const [px, py] = lay.toScreen(aim.press);
  const [dx, dy] = lay.toScreen(aim.drag);
  ctx.lineWidth = Math.max(2, lay.px(PITCH * 0.08));
  ctx.strokeStyle = "rgba(255,255,255,0.8)";
  ctx.beginPath();
  ctx.moveTo(px, py);
  ctx.lineTo(dx, dy);
  ctx.stroke();
  if (flick.speed > 0) {
    const length = lay.px(PITCH * (0.8 + 3.2 * flick.fraction));
    const ex = px + Math.cos(flick.angle) * length;
    const ey = py - Math.sin(flick.angle) * length;
    ctx.strokeStyle = `hsl(${120 - 120 * flick.fraction}, 85%, 55%)`;
    ctx.lineWidth = Math.max(3, lay.px(PITCH * 0.14));
    ctx.beginPath();
    ctx.moveTo(px, py);
    ctx.lineTo(ex, ey);
    ctx.stroke();
    const head = lay.px(PITCH * 0.4);
    for (const side of [-0.5, 0.5]) {
      ctx.beginPath();
      ctx.moveTo(ex, ey);
      ctx.lineTo(
        ex - Math.cos(flick.angle + side) * head,
        ey + Math.sin(flick.angle + side) * head,
      );
      ctx.stroke();
    }
  }
  ctx.beginPath();
  ctx.arc(px, py, lay.px(PITCH * (0.15 + 0.25 * strength)), 0, 2 * Math.PI);
  ctx.fillStyle = "rgba(255,255,255,0.9)";
  ctx.fill();
}

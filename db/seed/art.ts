/**
 * Procedural flat-illustration landscape art for demo/seed content.
 *
 * `renderScene` returns a self-contained SVG document (no text, no fonts, no external
 * images, no CSS) that renders with librsvg/sharp. Output is fully deterministic:
 * all "randomness" comes from a PRNG seeded by the scene name and variant.
 *
 * `variant` picks a time of day / palette (day, golden hour, dusk, night, dawn,
 * tropical noon; cycling every 6) and re-seeds the layout (ridges, clouds, trees), so
 * the same scene yields visibly different images. Drawing happens in a fixed 1600x900
 * design space; the viewBox is scaled to the requested size with "slice" so any aspect
 * ratio is filled without distortion.
 */

export type SceneName =
  | "beach"
  | "mountains"
  | "city"
  | "desert"
  | "safari"
  | "lagoon"
  | "forest"
  | "cruise"
  | "vineyard"
  | "temple"
  | "snow"
  | "island"
  | "tablemountain"
  | "karst"
  | "village"
  | "fjord";

export const SCENE_NAMES: readonly SceneName[] = [
  "beach",
  "mountains",
  "city",
  "desert",
  "safari",
  "lagoon",
  "forest",
  "cruise",
  "vineyard",
  "temple",
  "snow",
  "island",
  "tablemountain",
  "karst",
  "village",
  "fjord",
];

/** Number of distinct palettes; variants beyond this reuse a palette with a new layout. */
export const MOOD_COUNT = 6;

export interface SceneOptions {
  /** Animation phase 0..1 (clouds drift, sun moves, water shimmers, snow falls). */
  time?: number;
  /** Camera zoom >= 1 (crops into the design space). */
  zoom?: number;
  /** Horizontal camera position 0..1 when zoomed (0.5 = centre). */
  focusX?: number;
  /** Vertical camera position 0..1 when zoomed (0.5 = centre). */
  focusY?: number;
}

const W = 1600;
const H = 900;

// ---------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

class Rng {
  private a: number;
  constructor(seed: number) {
    this.a = seed >>> 0;
  }
  next(): number {
    this.a = (this.a + 0x6d2b79f5) >>> 0;
    let t = this.a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }
  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length) % items.length] as T;
  }
}

// ---------------------------------------------------------------------------
// Colour helpers
// ---------------------------------------------------------------------------

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const h = hex.replace("#", "");
  const full =
    h.length === 3
      ? h
          .split("")
          .map((c) => c + c)
          .join("")
      : h;
  const n = parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, "0");
  return `#${c(r)}${c(g)}${c(b)}`;
}

function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

const lighten = (c: string, t: number) => mix(c, "#ffffff", t);
const darken = (c: string, t: number) => mix(c, "#000000", t);

/** Round to one decimal to keep the markup compact. */
function f(n: number): string {
  return String(Math.round(n * 10) / 10);
}

// ---------------------------------------------------------------------------
// Moods (time of day / palette)
// ---------------------------------------------------------------------------

interface Mood {
  name: "day" | "golden" | "dusk" | "night" | "dawn" | "tropical";
  sky: [string, string, string];
  sun: string;
  glow: string;
  night: boolean;
  tint: string;
  tintAmt: number;
  dark: number;
  haze: string;
  cloud: string;
  cloudOpacity: number;
  water: [string, string];
  sparkle: string;
  window: string;
  windowChance: number;
}

const MOODS: readonly Mood[] = [
  {
    name: "day",
    sky: ["#3f9be0", "#86c9f2", "#e3f5fc"],
    sun: "#fffbe6",
    glow: "#fff4c2",
    night: false,
    tint: "#ffffff",
    tintAmt: 0,
    dark: 0,
    haze: "#cfe9f7",
    cloud: "#ffffff",
    cloudOpacity: 0.9,
    water: ["#3f9fd8", "#1b5f96"],
    sparkle: "#ffffff",
    window: "#bfe3f5",
    windowChance: 0.35,
  },
  {
    name: "golden",
    sky: ["#40508f", "#f08a5d", "#ffd98e"],
    sun: "#fff1b8",
    glow: "#ffc46b",
    night: false,
    tint: "#ff8a4c",
    tintAmt: 0.22,
    dark: 0.12,
    haze: "#f6b38a",
    cloud: "#ffc8a2",
    cloudOpacity: 0.85,
    water: ["#e99a6e", "#4b3f75"],
    sparkle: "#fff0c0",
    window: "#ffd37a",
    windowChance: 0.25,
  },
  {
    name: "dusk",
    sky: ["#1b1d4a", "#6c3d8e", "#f2897a"],
    sun: "#ffd2a8",
    glow: "#ff8f7a",
    night: false,
    tint: "#5b3a8a",
    tintAmt: 0.35,
    dark: 0.3,
    haze: "#a0689a",
    cloud: "#d98aa0",
    cloudOpacity: 0.7,
    water: ["#a9648c", "#241f4e"],
    sparkle: "#ffc2a8",
    window: "#ffcf6e",
    windowChance: 0.5,
  },
  {
    name: "night",
    sky: ["#050a22", "#13214e", "#2e4279"],
    sun: "#f4f6ff",
    glow: "#8fa6e8",
    night: true,
    tint: "#1b2a5c",
    tintAmt: 0.5,
    dark: 0.45,
    haze: "#2c3c70",
    cloud: "#3a4a80",
    cloudOpacity: 0.55,
    water: ["#1e2c5c", "#070d26"],
    sparkle: "#dfe6ff",
    window: "#ffd36b",
    windowChance: 0.6,
  },
  {
    name: "dawn",
    sky: ["#78a9dc", "#f4c1cf", "#fff0d8"],
    sun: "#fff7e0",
    glow: "#ffd3c0",
    night: false,
    tint: "#f3b6c6",
    tintAmt: 0.16,
    dark: 0.04,
    haze: "#f0d4df",
    cloud: "#fff1f0",
    cloudOpacity: 0.85,
    water: ["#e6bccb", "#5f86bd"],
    sparkle: "#ffffff",
    window: "#ffe2b0",
    windowChance: 0.2,
  },
  {
    name: "tropical",
    sky: ["#1583d1", "#5cc3ef", "#c8f1f6"],
    sun: "#ffffff",
    glow: "#fff7cf",
    night: false,
    tint: "#fff3c4",
    tintAmt: 0.06,
    dark: 0,
    haze: "#bfeaf5",
    cloud: "#ffffff",
    cloudOpacity: 0.95,
    water: ["#34cdd3", "#0a78a6"],
    sparkle: "#ffffff",
    window: "#c9f0fa",
    windowChance: 0.3,
  },
];

// ---------------------------------------------------------------------------
// Drawing context
// ---------------------------------------------------------------------------

interface Ctx {
  rng: Rng;
  mood: Mood;
  t: number;
  defs: string[];
  nextId: number;
  horizon: number;
  sunX: number;
  sunY: number;
}

function uid(ctx: Ctx, prefix: string): string {
  ctx.nextId += 1;
  return `${prefix}${ctx.nextId}`;
}

type Stop = [offset: number, color: string, opacity?: number];

function stopsMarkup(stops: readonly Stop[]): string {
  return stops
    .map(
      ([o, c, op]) =>
        `<stop offset="${f(o)}" stop-color="${c}"${op === undefined ? "" : ` stop-opacity="${Math.round(op * 1000) / 1000}"`}/>`,
    )
    .join("");
}

function linear(ctx: Ctx, stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
  const id = uid(ctx, "g");
  ctx.defs.push(
    `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsMarkup(stops)}</linearGradient>`,
  );
  return `url(#${id})`;
}

function radial(ctx: Ctx, stops: readonly Stop[]): string {
  const id = uid(ctx, "r");
  ctx.defs.push(
    `<radialGradient id="${id}" cx="0.5" cy="0.5" r="0.5">${stopsMarkup(stops)}</radialGradient>`,
  );
  return `url(#${id})`;
}

/** Land colour under the current mood; depth 0 = foreground, 1 = far distance. */
function land(ctx: Ctx, base: string, depth = 0): string {
  const m = ctx.mood;
  let c = mix(base, m.tint, m.tintAmt);
  c = darken(c, m.dark * (1 - depth * 0.4));
  return mix(c, m.haze, Math.min(0.85, depth * 0.65));
}

// ---------------------------------------------------------------------------
// Geometry helpers
// ---------------------------------------------------------------------------

type Pt = [number, number];

/** Catmull-Rom spline through pts, optionally closed down to `bottom`. */
function smoothPath(pts: readonly Pt[], bottom: number | null): string {
  if (pts.length < 2) return "";
  const p = (i: number): Pt => pts[Math.max(0, Math.min(pts.length - 1, i))] as Pt;
  const first = p(0);
  let d = `M${f(first[0])} ${f(first[1])}`;
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = p(i - 1);
    const p1 = p(i);
    const p2 = p(i + 1);
    const p3 = p(i + 2);
    const c1: Pt = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Pt = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${f(c1[0])} ${f(c1[1])} ${f(c2[0])} ${f(c2[1])} ${f(p2[0])} ${f(p2[1])}`;
  }
  if (bottom !== null) {
    const last = p(pts.length - 1);
    d += `L${f(last[0])} ${f(bottom)}L${f(first[0])} ${f(bottom)}Z`;
  }
  return d;
}

function polyPath(pts: readonly Pt[], close = true): string {
  return (
    pts.map(([x, y], i) => `${i === 0 ? "M" : "L"}${f(x)} ${f(y)}`).join("") + (close ? "Z" : "")
  );
}

/** Smooth rolling ridge points across the full width. */
function ridgePoints(rng: Rng, baseY: number, amp: number, freq = 1, count = 14): Pt[] {
  const p1 = rng.range(0, Math.PI * 2);
  const p2 = rng.range(0, Math.PI * 2);
  const p3 = rng.range(0, Math.PI * 2);
  const k = (Math.PI * 2 * freq) / W;
  const pts: Pt[] = [];
  for (let i = 0; i <= count; i++) {
    const x = -80 + ((W + 160) * i) / count;
    const y =
      baseY -
      amp *
        (0.55 * Math.sin(x * k + p1) +
          0.3 * Math.sin(x * k * 2.3 + p2) +
          0.15 * Math.sin(x * k * 5.1 + p3));
    pts.push([x, y]);
  }
  return pts;
}

function hills(ctx: Ctx, baseY: number, amp: number, fill: string, freq = 1, count = 14): string {
  return `<path d="${smoothPath(ridgePoints(ctx.rng, baseY, amp, freq, count), H + 10)}" fill="${fill}"/>`;
}

interface RangeOpts {
  baseY: number;
  minH: number;
  maxH: number;
  color: string;
  snow?: string;
  peaks?: number;
  x0?: number;
  x1?: number;
}

/** Jagged mountain range with right-hand shadow faces and optional snow caps. */
function mountainRange(ctx: Ctx, o: RangeOpts): string {
  const rng = ctx.rng;
  const x0 = o.x0 ?? -120;
  const x1 = o.x1 ?? W + 120;
  const n = o.peaks ?? 6;
  const step = (x1 - x0) / n;
  const pts: Pt[] = [[x0, o.baseY]];
  const peaks: { top: Pt; left: Pt; right: Pt }[] = [];
  let prevValley: Pt = [x0, o.baseY - o.minH * 0.3];
  pts.push(prevValley);
  for (let i = 0; i < n; i++) {
    const px = x0 + step * (i + rng.range(0.3, 0.7));
    const top: Pt = [px, o.baseY - rng.range(o.minH, o.maxH)];
    const vx = x0 + step * (i + 1) + rng.range(-0.1, 0.1) * step;
    const valley: Pt = [vx, o.baseY - rng.range(0.15, 0.45) * o.minH];
    // a small shoulder on one side makes the silhouette less regular
    const shoulderT = rng.range(0.35, 0.6);
    const shoulder: Pt = [
      top[0] + (valley[0] - top[0]) * shoulderT,
      top[1] + (valley[1] - top[1]) * shoulderT - rng.range(-20, 35),
    ];
    pts.push(top, shoulder, valley);
    peaks.push({ top, left: prevValley, right: valley });
    prevValley = valley;
  }
  pts.push([x1, o.baseY]);
  let out = `<path d="${polyPath(pts)}" fill="${o.color}"/>`;
  const shadow = darken(o.color, 0.22);
  for (const pk of peaks) {
    const foot: Pt = [pk.top[0] + (pk.right[0] - pk.top[0]) * 0.15, o.baseY];
    out += `<path d="${polyPath([pk.top, [pk.right[0], pk.right[1]], [pk.right[0], o.baseY], foot])}" fill="${shadow}" opacity="0.55"/>`;
    if (o.snow) {
      const h = o.baseY - pk.top[1];
      if (h > o.minH * 0.95) {
        const depth = rng.range(0.22, 0.34);
        const lp: Pt = [
          pk.top[0] + (pk.left[0] - pk.top[0]) * depth,
          pk.top[1] + (pk.left[1] - pk.top[1]) * depth,
        ];
        const rp: Pt = [
          pk.top[0] + (pk.right[0] - pk.top[0]) * depth,
          pk.top[1] + (pk.right[1] - pk.top[1]) * depth,
        ];
        const zig: Pt[] = [];
        const steps = 5;
        for (let s = 1; s < steps; s++) {
          const t = s / steps;
          zig.push([
            rp[0] + (lp[0] - rp[0]) * t,
            rp[1] + (lp[1] - rp[1]) * t + (s % 2 === 0 ? -1 : 1) * rng.range(8, 22),
          ]);
        }
        out += `<path d="${polyPath([pk.top, rp, ...zig, lp])}" fill="${o.snow}"/>`;
        out += `<path d="${polyPath([pk.top, rp, [pk.top[0] + (rp[0] - pk.top[0]) * 0.3, rp[1]]])}" fill="${darken(o.snow, 0.12)}" opacity="0.7"/>`;
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// Sky
// ---------------------------------------------------------------------------

function sky(ctx: Ctx): string {
  const m = ctx.mood;
  const fill = linear(ctx, [
    [0, m.sky[0]],
    [0.55, m.sky[1]],
    [1, m.sky[2]],
  ]);
  let out = `<rect width="${W}" height="${H}" fill="${fill}"/>`;
  const rng = ctx.rng;
  if (m.night || m.name === "dusk") {
    const count = m.night ? 110 : 35;
    let stars = "";
    for (let i = 0; i < count; i++) {
      const x = rng.range(0, W);
      const y = rng.range(0, ctx.horizon * (m.night ? 0.85 : 0.45));
      const r = rng.range(0.8, 2.4);
      const tw = 0.35 + 0.65 * Math.abs(Math.sin(ctx.t * Math.PI * 4 + i));
      stars += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" opacity="${f(rng.range(0.4, 1) * tw)}"/>`;
    }
    out += `<g fill="#ffffff">${stars}</g>`;
  }
  return out;
}

function sun(ctx: Ctx): string {
  const m = ctx.mood;
  const x = ctx.sunX;
  const y = ctx.sunY;
  const glowR = m.night ? 220 : m.name === "day" || m.name === "tropical" ? 260 : 380;
  const glow = radial(ctx, [
    [0, m.glow, m.night ? 0.45 : 0.85],
    [0.35, m.glow, m.night ? 0.15 : 0.35],
    [1, m.glow, 0],
  ]);
  let out = `<circle cx="${f(x)}" cy="${f(y)}" r="${glowR}" fill="${glow}"/>`;
  const r = m.night ? 46 : m.name === "golden" || m.name === "dusk" ? 78 : 58;
  out += `<circle cx="${f(x)}" cy="${f(y)}" r="${r}" fill="${m.sun}"/>`;
  if (m.night) {
    const crater = darken(m.sun, 0.08);
    out += `<circle cx="${f(x - 14)}" cy="${f(y - 10)}" r="9" fill="${crater}"/>`;
    out += `<circle cx="${f(x + 12)}" cy="${f(y + 14)}" r="6" fill="${crater}"/>`;
    out += `<circle cx="${f(x + 18)}" cy="${f(y - 16)}" r="4" fill="${crater}"/>`;
  } else if (m.name === "golden" || m.name === "dusk") {
    // horizontal bands across a low sun, a classic flat-illustration touch
    const band = m.sky[1];
    for (let i = 0; i < 3; i++) {
      const by = y + 18 + i * 18;
      out += `<rect x="${f(x - r - 4)}" y="${f(by)}" width="${f(r * 2 + 8)}" height="${4 + i * 2}" fill="${band}" opacity="0.8"/>`;
    }
  }
  return out;
}

function cloud(x: number, y: number, s: number, fill: string, opacity: number): string {
  return (
    `<g fill="${fill}" opacity="${f(opacity)}">` +
    `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(90 * s)}" ry="${f(26 * s)}"/>` +
    `<circle cx="${f(x - 35 * s)}" cy="${f(y - 14 * s)}" r="${f(30 * s)}"/>` +
    `<circle cx="${f(x + 10 * s)}" cy="${f(y - 28 * s)}" r="${f(40 * s)}"/>` +
    `<circle cx="${f(x + 52 * s)}" cy="${f(y - 10 * s)}" r="${f(26 * s)}"/>` +
    `</g>`
  );
}

function clouds(ctx: Ctx, count: number, maxY: number): string {
  const rng = ctx.rng;
  const m = ctx.mood;
  let out = "";
  for (let i = 0; i < count; i++) {
    const s = rng.range(0.55, 1.35);
    const speed = rng.range(60, 140) * s;
    const x = ((rng.range(-100, W + 100) + ctx.t * speed + 200) % (W + 400)) - 200;
    const y = rng.range(70, maxY);
    out += cloud(x, y, s, m.cloud, m.cloudOpacity * rng.range(0.7, 1));
  }
  return out;
}

function birds(ctx: Ctx, count: number, cx: number, cy: number): string {
  const rng = ctx.rng;
  const col = ctx.mood.night ? "#0c1230" : darken(ctx.mood.sky[0], 0.55);
  let d = "";
  for (let i = 0; i < count; i++) {
    const x = cx + rng.range(-120, 120) + ctx.t * 90;
    const y = cy + rng.range(-50, 50) - ctx.t * 15;
    const s = rng.range(0.6, 1.2);
    const flap = 4 + 3 * Math.sin(ctx.t * Math.PI * 8 + i * 1.7);
    d += `M${f(x - 12 * s)} ${f(y)}Q${f(x - 6 * s)} ${f(y - flap * s)} ${f(x)} ${f(y)}Q${f(x + 6 * s)} ${f(y - flap * s)} ${f(x + 12 * s)} ${f(y)}`;
  }
  return `<path d="${d}" fill="none" stroke="${col}" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>`;
}

// ---------------------------------------------------------------------------
// Water
// ---------------------------------------------------------------------------

function waterColors(ctx: Ctx, base?: [string, string]): [string, string] {
  const m = ctx.mood;
  if (!base) return m.water;
  const amt = m.name === "tropical" || m.name === "day" ? 0.15 : 0.85;
  return [mix(base[0], m.water[0], amt), mix(base[1], m.water[1], amt)];
}

function water(ctx: Ctx, top: number, colors?: [string, string], bottom = H): string {
  const [c1, c2] = waterColors(ctx, colors);
  const fill = linear(ctx, [
    [0, lighten(c1, 0.1)],
    [0.25, c1],
    [1, c2],
  ]);
  let out = `<rect x="0" y="${f(top)}" width="${W}" height="${f(bottom - top + 2)}" fill="${fill}"/>`;
  const rng = ctx.rng;
  const m = ctx.mood;
  // scattered sparkles
  let sparkles = "";
  for (let i = 0; i < 46; i++) {
    const depth = rng.next();
    const y = top + 6 + depth * depth * (bottom - top - 10);
    const len = 14 + depth * 70;
    const x = rng.range(-40, W) + Math.sin(ctx.t * Math.PI * 2 + i) * 12;
    sparkles += `<rect x="${f(x)}" y="${f(y)}" width="${f(len)}" height="${f(1.5 + depth * 2.5)}" rx="2"/>`;
  }
  out += `<g fill="${m.sparkle}" opacity="0.28">${sparkles}</g>`;
  // reflection column under the sun / moon
  if (ctx.sunY < top + 40) {
    let refl = "";
    const rows = 16;
    for (let i = 0; i < rows; i++) {
      const d = i / rows;
      const y = top + 4 + d * d * (bottom - top) * 0.9;
      const wdt = (40 + d * 140) * rng.range(0.5, 1.1);
      const x = ctx.sunX - wdt / 2 + Math.sin(ctx.t * Math.PI * 4 + i * 1.3) * (8 + d * 14);
      refl += `<rect x="${f(x)}" y="${f(y)}" width="${f(wdt)}" height="${f(2 + d * 5)}" rx="3"/>`;
    }
    out += `<g fill="${m.sun}" opacity="${m.night ? 0.5 : 0.6}">${refl}</g>`;
  }
  return out;
}

// ---------------------------------------------------------------------------
// Props
// ---------------------------------------------------------------------------

function palm(
  x: number,
  baseY: number,
  h: number,
  lean: number,
  trunk: string,
  leaf: string,
): string {
  const topX = x + lean;
  const topY = baseY - h;
  let out = `<path d="M${f(x)} ${f(baseY)}Q${f(x + lean * 0.1)} ${f(baseY - h * 0.55)} ${f(topX)} ${f(topY)}" fill="none" stroke="${trunk}" stroke-width="${f(h * 0.05)}" stroke-linecap="round"/>`;
  // trunk rings
  let rings = "";
  for (let i = 1; i < 7; i++) {
    const t = i / 7;
    const px = (1 - t) * (1 - t) * x + 2 * (1 - t) * t * (x + lean * 0.1) + t * t * topX;
    const py = (1 - t) * (1 - t) * baseY + 2 * (1 - t) * t * (baseY - h * 0.55) + t * t * topY;
    rings += `M${f(px - h * 0.022)} ${f(py)}l${f(h * 0.044)} ${f(-h * 0.008)}`;
  }
  out += `<path d="${rings}" stroke="${darken(trunk, 0.25)}" stroke-width="${f(h * 0.008)}" opacity="0.7"/>`;
  const angles = [-170, -140, -112, -75, -45, -12, 18, 160];
  const L = h * 0.48;
  let leaves = "";
  angles.forEach((deg, i) => {
    const a = (deg * Math.PI) / 180;
    const len = L * (0.8 + ((i * 37) % 5) * 0.06);
    const ex = topX + Math.cos(a) * len;
    const ey = topY + Math.sin(a) * len * 0.55 + len * 0.42;
    const mx = topX + Math.cos(a) * len * 0.5;
    const my = topY + Math.sin(a) * len * 0.5 - len * 0.2;
    const nx = -Math.sin(a) * len * 0.13;
    const ny = Math.cos(a) * len * 0.13;
    leaves += `M${f(topX)} ${f(topY)}Q${f(mx + nx)} ${f(my + ny - len * 0.05)} ${f(ex)} ${f(ey)}Q${f(mx - nx)} ${f(my - ny + len * 0.1)} ${f(topX)} ${f(topY)}Z`;
  });
  out += `<path d="${leaves}" fill="${leaf}"/>`;
  out += `<circle cx="${f(topX - h * 0.02)}" cy="${f(topY + h * 0.03)}" r="${f(h * 0.025)}" fill="${darken(trunk, 0.35)}"/>`;
  out += `<circle cx="${f(topX + h * 0.025)}" cy="${f(topY + h * 0.035)}" r="${f(h * 0.022)}" fill="${darken(trunk, 0.35)}"/>`;
  return out;
}

function pine(x: number, baseY: number, h: number, fill: string, snow?: string): string {
  const w = h * 0.42;
  const tiers = 4;
  let d = "";
  for (let i = 0; i < tiers; i++) {
    const ty = baseY - h + (h * 0.82 * i) / tiers;
    const by = ty + h * 0.38;
    const hw = (w / 2) * (0.45 + (0.55 * (i + 1)) / tiers);
    d += `M${f(x)} ${f(ty)}L${f(x + hw)} ${f(by)}L${f(x - hw)} ${f(by)}Z`;
  }
  let out = `<rect x="${f(x - h * 0.025)}" y="${f(baseY - h * 0.2)}" width="${f(h * 0.05)}" height="${f(h * 0.2)}" fill="${darken(fill, 0.3)}"/><path d="${d}" fill="${fill}"/>`;
  if (snow) {
    let s = "";
    for (let i = 0; i < tiers; i++) {
      const ty = baseY - h + (h * 0.82 * i) / tiers;
      const hw = (w / 2) * (0.45 + (0.55 * (i + 1)) / tiers) * 0.4;
      s += `M${f(x)} ${f(ty)}L${f(x + hw)} ${f(ty + h * 0.15)}L${f(x)} ${f(ty + h * 0.11)}L${f(x - hw)} ${f(ty + h * 0.15)}Z`;
    }
    out += `<path d="${s}" fill="${snow}"/>`;
  }
  return out;
}

function roundTree(x: number, baseY: number, h: number, fill: string): string {
  const r = h * 0.34;
  return (
    `<rect x="${f(x - h * 0.03)}" y="${f(baseY - h * 0.45)}" width="${f(h * 0.06)}" height="${f(h * 0.45)}" fill="${darken(fill, 0.4)}"/>` +
    `<circle cx="${f(x)}" cy="${f(baseY - h + r)}" r="${f(r)}" fill="${fill}"/>` +
    `<circle cx="${f(x - r * 0.6)}" cy="${f(baseY - h + r * 1.5)}" r="${f(r * 0.75)}" fill="${fill}"/>` +
    `<circle cx="${f(x + r * 0.65)}" cy="${f(baseY - h + r * 1.45)}" r="${f(r * 0.7)}" fill="${darken(fill, 0.1)}"/>`
  );
}

function cypress(x: number, baseY: number, h: number, fill: string): string {
  return `<ellipse cx="${f(x)}" cy="${f(baseY - h / 2)}" rx="${f(h * 0.11)}" ry="${f(h / 2)}" fill="${fill}"/>`;
}

function acacia(x: number, baseY: number, h: number, fill: string): string {
  const cy = baseY - h * 0.82;
  const trunk =
    `M${f(x)} ${f(baseY)}L${f(x + h * 0.02)} ${f(baseY - h * 0.45)}` +
    `M${f(x + h * 0.02)} ${f(baseY - h * 0.45)}L${f(x - h * 0.28)} ${f(cy + 6)}` +
    `M${f(x + h * 0.02)} ${f(baseY - h * 0.45)}L${f(x + h * 0.3)} ${f(cy + 4)}` +
    `M${f(x + h * 0.02)} ${f(baseY - h * 0.45)}L${f(x + h * 0.02)} ${f(cy)}`;
  return (
    `<path d="${trunk}" stroke="${fill}" stroke-width="${f(h * 0.045)}" stroke-linecap="round" fill="none"/>` +
    `<ellipse cx="${f(x)}" cy="${f(cy)}" rx="${f(h * 0.62)}" ry="${f(h * 0.1)}" fill="${fill}"/>` +
    `<ellipse cx="${f(x - h * 0.2)}" cy="${f(cy - h * 0.06)}" rx="${f(h * 0.34)}" ry="${f(h * 0.08)}" fill="${fill}"/>` +
    `<ellipse cx="${f(x + h * 0.25)}" cy="${f(cy - h * 0.05)}" rx="${f(h * 0.3)}" ry="${f(h * 0.07)}" fill="${fill}"/>`
  );
}

function giraffe(x: number, groundY: number, s: number, fill: string, facing: 1 | -1): string {
  const X = (dx: number) => f(x + dx * s * facing);
  const Y = (dy: number) => f(groundY - dy * s);
  const legs = [-24, -14, 16, 26]
    .map((dx) => `M${X(dx)} ${Y(58)}L${X(dx + (dx > 0 ? 2 : -2))} ${Y(0)}`)
    .join("");
  return (
    `<path d="${legs}" stroke="${fill}" stroke-width="${f(5 * s)}" stroke-linecap="round"/>` +
    `<path d="M${X(-34)} ${Y(66)}Q${X(-30)} ${Y(82)} ${X(0)} ${Y(84)}L${X(26)} ${Y(92)}Q${X(36)} ${Y(84)} ${X(32)} ${Y(62)}Q${X(0)} ${Y(52)} ${X(-34)} ${Y(66)}Z" fill="${fill}"/>` +
    `<path d="M${X(18)} ${Y(84)}L${X(50)} ${Y(160)}L${X(62)} ${Y(156)}L${X(34)} ${Y(80)}Z" fill="${fill}"/>` +
    `<path d="M${X(48)} ${Y(158)}Q${X(56)} ${Y(170)} ${X(76)} ${Y(156)}Q${X(66)} ${Y(150)} ${X(56)} ${Y(150)}Z" fill="${fill}"/>` +
    `<path d="M${X(52)} ${Y(164)}L${X(50)} ${Y(176)}M${X(57)} ${Y(165)}L${X(57)} ${Y(177)}M${X(-34)} ${Y(66)}L${X(-42)} ${Y(40)}" stroke="${fill}" stroke-width="${f(2.5 * s)}" stroke-linecap="round"/>`
  );
}

function camel(x: number, groundY: number, s: number, fill: string): string {
  const X = (dx: number) => f(x + dx * s);
  const Y = (dy: number) => f(groundY - dy * s);
  const legs = [-20, -12, 14, 22].map((dx) => `M${X(dx)} ${Y(34)}L${X(dx)} ${Y(0)}`).join("");
  return (
    `<path d="${legs}" stroke="${fill}" stroke-width="${f(4 * s)}" stroke-linecap="round"/>` +
    `<path d="M${X(-28)} ${Y(38)}Q${X(-26)} ${Y(50)} ${X(-10)} ${Y(52)}Q${X(0)} ${Y(72)} ${X(10)} ${Y(52)}Q${X(26)} ${Y(50)} ${X(28)} ${Y(40)}Q${X(34)} ${Y(52)} ${X(40)} ${Y(62)}L${X(50)} ${Y(62)}L${X(50)} ${Y(56)}L${X(42)} ${Y(54)}Q${X(36)} ${Y(38)} ${X(26)} ${Y(30)}L${X(-24)} ${Y(30)}Z" fill="${fill}"/>`
  );
}

function sailboat(x: number, wl: number, s: number, hull: string, sail: string): string {
  return (
    `<path d="M${f(x - 40 * s)} ${f(wl - 10 * s)}L${f(x + 44 * s)} ${f(wl - 10 * s)}L${f(x + 30 * s)} ${f(wl + 4 * s)}L${f(x - 30 * s)} ${f(wl + 4 * s)}Z" fill="${hull}"/>` +
    `<path d="M${f(x)} ${f(wl - 14 * s)}L${f(x)} ${f(wl - 112 * s)}L${f(x + 40 * s)} ${f(wl - 16 * s)}Z" fill="${sail}"/>` +
    `<path d="M${f(x - 4 * s)} ${f(wl - 18 * s)}L${f(x - 4 * s)} ${f(wl - 92 * s)}L${f(x - 34 * s)} ${f(wl - 18 * s)}Z" fill="${darken(sail, 0.08)}"/>`
  );
}

function longtail(
  x: number,
  wl: number,
  s: number,
  hull: string,
  canopy: string,
  ribbon: string,
): string {
  return (
    `<path d="M${f(x - 90 * s)} ${f(wl - 10 * s)}Q${f(x)} ${f(wl + 14 * s)} ${f(x + 96 * s)} ${f(wl - 34 * s)}L${f(x + 82 * s)} ${f(wl - 8 * s)}Q${f(x)} ${f(wl + 22 * s)} ${f(x - 84 * s)} ${f(wl + 2 * s)}Z" fill="${hull}"/>` +
    `<path d="M${f(x - 50 * s)} ${f(wl - 4 * s)}L${f(x - 50 * s)} ${f(wl - 34 * s)}M${f(x + 20 * s)} ${f(wl - 2 * s)}L${f(x + 20 * s)} ${f(wl - 34 * s)}" stroke="${hull}" stroke-width="${f(3 * s)}"/>` +
    `<rect x="${f(x - 58 * s)}" y="${f(wl - 42 * s)}" width="${f(88 * s)}" height="${f(10 * s)}" rx="${f(4 * s)}" fill="${canopy}"/>` +
    `<path d="M${f(x + 94 * s)} ${f(wl - 32 * s)}q${f(8 * s)} ${f(-6 * s)} ${f(14 * s)} ${f(2 * s)}q${f(-8 * s)} ${f(4 * s)} ${f(-14 * s)} ${f(4 * s)}Z" fill="${ribbon}"/>` +
    `<path d="M${f(x - 92 * s)} ${f(wl - 8 * s)}L${f(x - 120 * s)} ${f(wl + 10 * s)}" stroke="${darken(hull, 0.3)}" stroke-width="${f(3 * s)}"/>`
  );
}

/** Mirror `content` around the waterline with low opacity. */
function reflection(content: string, wl: number, opacity = 0.22): string {
  return `<g transform="translate(0 ${f(wl * 2)}) scale(1 -1)" opacity="${opacity}">${content}</g>`;
}

function skyline(
  ctx: Ctx,
  baseY: number,
  x0: number,
  x1: number,
  minH: number,
  maxH: number,
  fill: string,
  windows: boolean,
): string {
  const rng = ctx.rng;
  const m = ctx.mood;
  let bodies = "";
  let lit = "";
  let x = x0;
  while (x < x1) {
    const w = rng.range(36, 92);
    const h = rng.range(minH, maxH);
    const top = baseY - h;
    const shape = rng.int(0, 4);
    if (shape === 0) {
      // stepped top
      bodies += polyPath([
        [x, baseY],
        [x, top + 30],
        [x + w * 0.2, top + 30],
        [x + w * 0.2, top],
        [x + w * 0.8, top],
        [x + w * 0.8, top + 30],
        [x + w, top + 30],
        [x + w, baseY],
      ]);
    } else if (shape === 1) {
      // spire
      bodies += polyPath([
        [x, baseY],
        [x, top],
        [x + w * 0.45, top],
        [x + w * 0.5, top - h * 0.25],
        [x + w * 0.55, top],
        [x + w, top],
        [x + w, baseY],
      ]);
    } else if (shape === 2) {
      // slanted roof
      bodies += polyPath([
        [x, baseY],
        [x, top + 24],
        [x + w, top],
        [x + w, baseY],
      ]);
    } else {
      bodies += polyPath([
        [x, baseY],
        [x, top],
        [x + w, top],
        [x + w, baseY],
      ]);
    }
    if (windows) {
      const cols = Math.max(1, Math.floor((w - 10) / 13));
      const rows = Math.floor((h - 40) / 17);
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          if (rng.chance(m.windowChance)) {
            lit += `M${f(x + 7 + c * 13)} ${f(top + 34 + r * 17)}h6v8h-6Z`;
          }
        }
      }
    }
    x += w + rng.range(-8, 6);
  }
  let out = `<path d="${bodies}" fill="${fill}"/>`;
  if (windows && lit) {
    out += `<path d="${lit}" fill="${m.window}" opacity="${m.night || m.name === "dusk" ? 0.9 : 0.45}"/>`;
  }
  return out;
}

function vignette(ctx: Ctx): string {
  const id = uid(ctx, "v");
  ctx.defs.push(
    `<radialGradient id="${id}" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="${ctx.mood.night ? 0.4 : 0.22}"/></radialGradient>`,
  );
  return `<rect width="${W}" height="${H}" fill="url(#${id})"/>`;
}

function mist(ctx: Ctx, y: number, h: number, opacity: number): string {
  const c = ctx.mood.haze;
  const fill = linear(ctx, [
    [0, c, 0],
    [0.5, c, opacity],
    [1, c, 0],
  ]);
  return `<rect x="0" y="${f(y)}" width="${W}" height="${f(h)}" fill="${fill}"/>`;
}

// ---------------------------------------------------------------------------
// Scenes
// ---------------------------------------------------------------------------

type SceneFn = (ctx: Ctx) => string;

const beach: SceneFn = (ctx) => {
  const rng = ctx.rng;
  const hz = ctx.horizon;
  let out = sky(ctx) + sun(ctx) + clouds(ctx, 4, hz - 160);
  if (rng.chance(0.6)) {
    // distant headland (think Le Morne)
    const hx = rng.chance(0.5) ? rng.range(80, 380) : rng.range(1150, 1450);
    out += `<path d="${smoothPath(
      [
        [hx - 260, hz + 2],
        [hx - 120, hz - 40],
        [hx - 30, hz - 150],
        [hx + 40, hz - 160],
        [hx + 120, hz - 60],
        [hx + 300, hz + 2],
      ],
      hz + 4,
    )}" fill="${land(ctx, "#4f7d6a", 0.85)}"/>`;
  }
  out += water(ctx, hz, ["#3fc4d8", "#1677a8"], 760);
  // sand with a curved shoreline
  const shore = ridgePoints(rng, 700, 26, 0.8, 10);
  const sand = land(ctx, "#f1d7a4");
  out += `<path d="${smoothPath(shore, H + 10)}" fill="${sand}"/>`;
  const wet = shore.map(([x, y]): Pt => [x, y + 6 + Math.sin(ctx.t * Math.PI * 2) * 5]);
  out += `<path d="${smoothPath(wet, null)}" fill="none" stroke="#ffffff" stroke-width="7" stroke-linecap="round" opacity="0.75"/>`;
  out += `<path d="${smoothPath(
    shore.map(([x, y]): Pt => [x, y + 28]),
    H + 10,
  )}" fill="${darken(sand, 0.05)}" opacity="0.5"/>`;
  // umbrella + loungers
  const ux = rng.range(700, 1150);
  const uy = 820;
  const canopy = rng.pick(["#e8573f", "#f2a93b", "#2a9d8f", "#ffffff"]);
  out += `<path d="M${f(ux)} ${uy}L${f(ux + 8)} ${uy - 130}" stroke="${darken(sand, 0.5)}" stroke-width="5"/>`;
  out += `<path d="M${f(ux - 85)} ${uy - 112}Q${f(ux + 8)} ${uy - 190} ${f(ux + 100)} ${uy - 112}Z" fill="${land(ctx, canopy)}"/>`;
  out += `<path d="M${f(ux - 50)} ${uy - 141}Q${f(ux + 8)} ${uy - 185} ${f(ux + 62)} ${uy - 141}" fill="none" stroke="#ffffff" stroke-width="10" opacity="0.35"/>`;
  for (const dx of [-150, 70]) {
    const lx = ux + dx;
    out += `<path d="M${f(lx)} ${uy + 22}L${f(lx + 90)} ${uy + 22}L${f(lx + 118)} ${uy - 10}" fill="none" stroke="${land(ctx, "#ffffff")}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>`;
    out += `<path d="M${f(lx + 6)} ${uy + 24}l0 16M${f(lx + 84)} ${uy + 24}l0 16" stroke="${darken(sand, 0.45)}" stroke-width="4"/>`;
  }
  // palms
  const trunk = land(ctx, "#8a6a48");
  const leaf = land(ctx, "#2f8a4f");
  out += palm(rng.range(90, 200), 900, rng.range(520, 600), rng.range(80, 160), trunk, leaf);
  out += palm(
    rng.range(260, 360),
    880,
    rng.range(360, 430),
    rng.range(40, 110),
    trunk,
    darken(leaf, 0.08),
  );
  if (rng.chance(0.6))
    out += palm(rng.range(1380, 1500), 900, rng.range(460, 540), -rng.range(80, 150), trunk, leaf);
  if (!ctx.mood.night) out += birds(ctx, 4, rng.range(500, 1100), rng.range(150, 260));
  return out;
};

const mountains: SceneFn = (ctx) => {
  const rng = ctx.rng;
  const hz = ctx.horizon;
  let out = sky(ctx) + sun(ctx) + clouds(ctx, 3, 260);
  out += mountainRange(ctx, {
    baseY: hz + 10,
    minH: 240,
    maxH: 380,
    color: land(ctx, "#6d7fa6", 0.7),
    snow: land(ctx, "#ffffff", 0.3),
    peaks: 5,
  });
  out += mist(ctx, hz - 80, 140, 0.5);
  out += mountainRange(ctx, {
    baseY: hz + 30,
    minH: 140,
    maxH: 240,
    color: land(ctx, "#4d6788", 0.4),
    snow: land(ctx, "#f4f8ff", 0.15),
    peaks: 7,
  });
  // lake
  out += water(ctx, hz + 30, ["#5aa9c9", "#2c5d80"], 720);
  out += hills(ctx, 690, 40, land(ctx, "#3f7a4a", 0.15), 1.3);
  out += hills(ctx, 770, 50, land(ctx, "#2d6138"), 0.9);
  const pineCol = land(ctx, "#1f4d2c");
  let trees = "";
  for (let i = 0; i < 9; i++) {
    const side = i % 2 === 0 ? rng.range(-20, 380) : rng.range(1220, 1620);
    trees += pine(side, rng.range(840, 910), rng.range(180, 320), pineCol);
  }
  out += trees;
  if (!ctx.mood.night) out += birds(ctx, 3, rng.range(600, 1000), 200);
  return out;
};

const city: SceneFn = (ctx) => {
  const rng = ctx.rng;
  const hz = ctx.horizon;
  let out = sky(ctx) + sun(ctx) + clouds(ctx, 3, 300);
  out += skyline(ctx, hz + 10, -20, W + 20, 120, 300, land(ctx, "#8c9bb8", 0.7), false);
  const mid = skyline(ctx, hz + 40, -40, W + 40, 90, 330, land(ctx, "#4b5a7c", 0.3), true);
  out += mid;
  // ferris wheel
  const fx = rng.range(300, 1300);
  const fr = 110;
  const fy = hz + 40 - fr - 30;
  const wheel = land(ctx, "#e8eef8", 0.1);
  const rot = ctx.t * 0.6;
  let spokes = "";
  let cabins = "";
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2 + rot;
    spokes += `M${f(fx)} ${f(fy)}L${f(fx + Math.cos(a) * fr)} ${f(fy + Math.sin(a) * fr)}`;
    cabins += `<circle cx="${f(fx + Math.cos(a) * fr)}" cy="${f(fy + Math.sin(a) * fr + 8)}" r="8"/>`;
  }
  out += `<circle cx="${f(fx)}" cy="${f(fy)}" r="${fr}" fill="none" stroke="${wheel}" stroke-width="5"/><path d="${spokes}" stroke="${wheel}" stroke-width="2"/><path d="M${f(fx - 50)} ${hz + 42}L${f(fx)} ${f(fy)}L${f(fx + 50)} ${hz + 42}" fill="none" stroke="${wheel}" stroke-width="7"/><g fill="${ctx.mood.night ? ctx.mood.window : land(ctx, "#e8573f")}">${cabins}</g>`;
  out += water(ctx, hz + 40, ["#4a8ec0", "#1d3f66"]);
  out += reflection(mid, hz + 40, 0.18);
  // quay
  out += `<rect x="0" y="${hz + 36}" width="${W}" height="8" fill="${land(ctx, "#39445e")}"/>`;
  out += sailboat(rng.range(200, 1400), 780, 1.1, land(ctx, "#f4f4f4"), land(ctx, "#ffffff", 0.05));
  return out;
};

const desert: SceneFn = (ctx) => {
  const rng = ctx.rng;
  const hz = ctx.horizon;
  let out = sky(ctx) + sun(ctx) + clouds(ctx, 2, 220);
  if (ctx.rng.chance(0.55)) {
    // distant skyline with a needle tower (Dubai-ish)
    const sx = rng.range(250, 1100);
    const col = land(ctx, "#a08a9a", 0.85);
    out += skyline(ctx, hz + 20, sx, sx + 380, 40, 150, col, false);
    out += `<path d="M${f(sx + 180)} ${hz + 20}L${f(sx + 196)} ${hz - 250}L${f(sx + 200)} ${hz - 330}L${f(sx + 204)} ${hz - 250}L${f(sx + 220)} ${hz + 20}Z" fill="${col}"/>`;
  }
  const sandFar = land(ctx, "#e7b77a", 0.6);
  const sandMid = land(ctx, "#dda163", 0.3);
  const sandNear = land(ctx, "#e9b26e");
  out += hills(ctx, hz + 20, 40, sandFar, 1.4);
  const midPts = ridgePoints(rng, hz + 110, 70, 0.9, 12);
  out += `<path d="${smoothPath(midPts, H + 10)}" fill="${sandMid}"/>`;
  out += `<path d="${smoothPath(
    midPts.map(([x, y]): Pt => [x + 40, y + 30]),
    H + 10,
  )}" fill="${darken(sandMid, 0.12)}" opacity="0.5"/>`;
  // camel caravan along the mid dune crest
  const camelCol = ctx.mood.night ? "#0b0f26" : darken(sandMid, 0.7);
  const cx0 = rng.range(500, 1000) + ctx.t * 30;
  for (let i = 0; i < 4; i++) {
    const x = cx0 + i * 78;
    const crest = interpolateY(midPts, x);
    out += camel(x, crest + 4, 0.9, camelCol);
  }
  const nearPts = ridgePoints(rng, 780, 60, 0.7, 10);
  out += `<path d="${smoothPath(nearPts, H + 10)}" fill="${sandNear}"/>`;
  let ripples = "";
  for (let i = 0; i < 10; i++) {
    const y = rng.range(810, 890);
    const x = rng.range(0, W);
    ripples += `M${f(x)} ${f(y)}q60 -10 120 0`;
  }
  out += `<path d="${ripples}" fill="none" stroke="${darken(sandNear, 0.15)}" stroke-width="3" opacity="0.6"/>`;
  return out;
};

function interpolateY(pts: readonly Pt[], x: number): number {
  for (let i = 0; i < pts.length - 1; i++) {
    const a = pts[i] as Pt;
    const b = pts[i + 1] as Pt;
    if (x >= a[0] && x <= b[0]) {
      const t = (x - a[0]) / (b[0] - a[0]);
      const s = t * t * (3 - 2 * t);
      return a[1] + (b[1] - a[1]) * s;
    }
  }
  return (pts[pts.length - 1] as Pt)[1];
}

const safari: SceneFn = (ctx) => {
  const rng = ctx.rng;
  const hz = ctx.horizon;
  let out = sky(ctx) + sun(ctx) + clouds(ctx, 3, 260);
  // flat-topped distant hills
  const far = land(ctx, "#8a7a6a", 0.8);
  const mx = rng.range(150, 900);
  out += `<path d="M${f(mx)} ${hz + 5}L${f(mx + 60)} ${hz - 70}L${f(mx + 300)} ${hz - 80}L${f(mx + 380)} ${hz + 5}Z" fill="${far}"/>`;
  out += hills(ctx, hz, 25, land(ctx, "#a39060", 0.6), 1.2);
  out += hills(ctx, hz + 60, 30, land(ctx, "#c9a35a", 0.3), 0.8);
  const silhouette =
    ctx.mood.name === "day" || ctx.mood.name === "tropical"
      ? land(ctx, "#4a3b22", 0.15)
      : darken(land(ctx, "#3a2a18"), 0.5);
  out += acacia(rng.range(1000, 1450), hz + 60, 300, silhouette);
  out += acacia(rng.range(120, 500), hz + 65, 200, silhouette);
  out += acacia(rng.range(650, 900), hz + 40, 110, land(ctx, "#5a4a30", 0.35));
  const gx = rng.range(480, 860) - ctx.t * 40;
  out += giraffe(gx, hz + 70, 1.4, silhouette, 1);
  out += giraffe(gx + 130, hz + 68, 1.15, silhouette, -1);
  // foreground grass
  const grass = land(ctx, "#b88f43");
  out += hills(ctx, 800, 30, grass, 1.1);
  let blades = "";
  for (let i = 0; i < 140; i++) {
    const x = rng.range(-10, W + 10);
    const y = rng.range(790, 905);
    const h = rng.range(20, 60);
    const sway = Math.sin(ctx.t * Math.PI * 2 + x * 0.01) * 6;
    blades += `M${f(x)} ${f(y)}q${f(4 + sway / 2)} ${f(-h / 2)} ${f(8 + sway)} ${f(-h)}`;
  }
  out += `<path d="${blades}" fill="none" stroke="${darken(grass, 0.2)}" stroke-width="3" stroke-linecap="round"/>`;
  out += birds(ctx, 5, rng.range(400, 1200), rng.range(160, 260));
  return out;
};

function villa(
  x: number,
  wl: number,
  s: number,
  wall: string,
  roof: string,
  stilt: string,
): string {
  return (
    `<path d="M${f(x - 40 * s)} ${f(wl)}l0 ${f(-34 * s)}M${f(x - 10 * s)} ${f(wl)}l0 ${f(-34 * s)}M${f(x + 20 * s)} ${f(wl)}l0 ${f(-34 * s)}M${f(x + 48 * s)} ${f(wl)}l0 ${f(-34 * s)}" stroke="${stilt}" stroke-width="${f(3 * s)}"/>` +
    `<rect x="${f(x - 50 * s)}" y="${f(wl - 40 * s)}" width="${f(108 * s)}" height="${f(8 * s)}" fill="${stilt}"/>` +
    `<rect x="${f(x - 36 * s)}" y="${f(wl - 74 * s)}" width="${f(76 * s)}" height="${f(36 * s)}" fill="${wall}"/>` +
    `<rect x="${f(x - 18 * s)}" y="${f(wl - 64 * s)}" width="${f(20 * s)}" height="${f(26 * s)}" fill="${darken(wall, 0.45)}"/>` +
    `<path d="M${f(x - 58 * s)} ${f(wl - 70 * s)}L${f(x + 2 * s)} ${f(wl - 118 * s)}L${f(x + 62 * s)} ${f(wl - 70 * s)}Z" fill="${roof}"/>` +
    `<path d="M${f(x + 2 * s)} ${f(wl - 118 * s)}L${f(x + 62 * s)} ${f(wl - 70 * s)}L${f(x + 20 * s)} ${f(wl - 70 * s)}Z" fill="${darken(roof, 0.15)}"/>`
  );
}

const lagoon: SceneFn = (ctx) => {
  const rng = ctx.rng;
  const hz = ctx.horizon;
  let out = sky(ctx) + sun(ctx) + clouds(ctx, 4, 280);
  // far island
  const ix = rng.range(200, 1300);
  out += `<path d="${smoothPath(
    [
      [ix - 220, hz + 2],
      [ix - 80, hz - 30],
      [ix + 60, hz - 40],
      [ix + 220, hz + 2],
    ],
    hz + 4,
  )}" fill="${land(ctx, "#3f7a5a", 0.8)}"/>`;
  out += water(ctx, hz, ["#45e0d6", "#0f8cb5"]);
  // shallow turquoise band
  out += `<rect x="0" y="${hz + 120}" width="${W}" height="120" fill="${land(ctx, "#7ff0e0")}" opacity="0.25"/>`;
  const wall = land(ctx, "#f3e6cf");
  const roof = land(ctx, "#8a5a34");
  const stilt = land(ctx, "#6b4a30");
  // boardwalk and villas, far row then near row
  let far = `<rect x="-10" y="${hz + 78}" width="${W + 20}" height="5" fill="${stilt}"/>`;
  for (let i = 0; i < 7; i++)
    far += villa(80 + i * 240 + rng.range(-20, 20), hz + 96, 0.7, wall, roof, stilt);
  out += far;
  const wl = hz + 250;
  let near = `<path d="M-10 ${wl - 26}L${W + 10} ${wl - 26}" stroke="${stilt}" stroke-width="10"/>`;
  for (let i = 0; i < 4; i++)
    near += villa(140 + i * 420 + rng.range(-30, 30), wl, 1.35, wall, roof, stilt);
  out += reflection(near, wl, 0.16) + near;
  if (rng.chance(0.7))
    out += palm(rng.range(1420, 1560), 900, 560, -140, land(ctx, "#8a6a48"), land(ctx, "#2f8a4f"));
  out += birds(ctx, 3, rng.range(500, 1100), 180);
  return out;
};

const forest: SceneFn = (ctx) => {
  const rng = ctx.rng;
  const hz = ctx.horizon;
  let out = sky(ctx) + sun(ctx) + clouds(ctx, 3, 240);
  out += hills(ctx, hz - 40, 80, land(ctx, "#5d7f78", 0.8), 0.8);
  const layers: [number, number, string, number][] = [
    [hz + 10, 0.7, "#3d6b5a", 90],
    [hz + 110, 0.45, "#2f5c47", 140],
    [hz + 230, 0.2, "#234a36", 200],
    [hz + 380, 0, "#173626", 300],
  ];
  for (const [base, depth, col, h] of layers) {
    const fill = land(ctx, col, depth);
    out += `<rect x="0" y="${base - 6}" width="${W}" height="${H - base + 10}" fill="${fill}"/>`;
    let trees = "";
    const step = h * 0.3;
    for (let x = -20; x < W + 40; x += step * rng.range(0.7, 1.2)) {
      trees += pine(x, base + rng.range(0, 12), h * rng.range(0.75, 1.15), fill);
    }
    out += trees;
    if (depth > 0) out += mist(ctx, base - h * 0.4, h * 0.6, 0.35 * depth + 0.15);
  }
  // sunbeams through the trees
  if (!ctx.mood.night) {
    const beam = linear(ctx, [
      [0, ctx.mood.glow, 0.18],
      [1, ctx.mood.glow, 0],
    ]);
    out += `<path d="M${f(ctx.sunX - 30)} ${f(ctx.sunY)}L${f(ctx.sunX - 300)} ${H}L${f(ctx.sunX - 120)} ${H}Z M${f(ctx.sunX + 20)} ${f(ctx.sunY)}L${f(ctx.sunX + 80)} ${H}L${f(ctx.sunX + 240)} ${H}Z" fill="${beam}"/>`;
  }
  return out;
};

function cruiseShip(ctx: Ctx, cx: number, wl: number, L: number): string {
  const x0 = cx - L / 2;
  const x1 = cx + L / 2;
  const top = wl - 0.075 * L;
  const hull = land(ctx, "#fafafa", 0.05);
  const navy = land(ctx, "#1d2b4f");
  let out = `<path d="${polyPath([
    [x0, top],
    [x1 + 0.05 * L, top - 0.012 * L],
    [x1 - 0.04 * L, wl + 0.012 * L],
    [x0 + 0.03 * L, wl + 0.012 * L],
    [x0 - 0.005 * L, wl - 0.03 * L],
  ])}" fill="${hull}"/>`;
  out += `<path d="${polyPath([
    [x0 + 0.005 * L, wl - 0.02 * L],
    [x1 - 0.01 * L, wl - 0.02 * L],
    [x1 - 0.04 * L, wl + 0.012 * L],
    [x0 + 0.03 * L, wl + 0.012 * L],
  ])}" fill="${navy}"/>`;
  // hull windows band
  out += `<rect x="${f(x0 + 0.04 * L)}" y="${f(top + 0.02 * L)}" width="${f(L * 0.88)}" height="${f(0.008 * L)}" fill="${navy}" opacity="0.7"/>`;
  // decks
  const deckH = 0.028 * L;
  const lightsOn = ctx.mood.night || ctx.mood.name === "dusk";
  for (let i = 0; i < 5; i++) {
    const dx0 = x0 + 0.04 * L + i * 0.025 * L;
    const dx1 = x1 - 0.12 * L - i * 0.045 * L;
    const y = top - (i + 1) * deckH;
    out += `<path d="M${f(dx0)} ${f(y + deckH)}L${f(dx0)} ${f(y)}L${f(dx1)} ${f(y)}Q${f(dx1 + deckH * 1.2)} ${f(y)} ${f(dx1 + deckH * 1.4)} ${f(y + deckH)}Z" fill="${hull}"/>`;
    out += `<rect x="${f(dx0 + 6)}" y="${f(y + deckH * 0.35)}" width="${f(dx1 - dx0 - 6)}" height="${f(deckH * 0.35)}" fill="${lightsOn ? ctx.mood.window : land(ctx, "#3a5d8f")}" opacity="${lightsOn ? 0.85 : 0.75}"/>`;
  }
  // funnel
  const fx = x0 + 0.22 * L;
  const fy = top - 5 * deckH;
  out += `<path d="M${f(fx)} ${f(fy)}L${f(fx + 0.015 * L)} ${f(fy - 0.07 * L)}L${f(fx + 0.085 * L)} ${f(fy - 0.07 * L)}L${f(fx + 0.075 * L)} ${f(fy)}Z" fill="${navy}"/>`;
  out += `<rect x="${f(fx + 0.012 * L)}" y="${f(fy - 0.05 * L)}" width="${f(0.068 * L)}" height="${f(0.012 * L)}" fill="${land(ctx, "#d9b44a")}"/>`;
  // wake
  out += `<path d="M${f(x0 + 0.03 * L)} ${f(wl + 0.006 * L)}L${f(x0 - 0.45 * L)} ${f(wl + 0.05 * L)}L${f(x0 - 0.45 * L)} ${f(wl + 0.012 * L)}Z" fill="#ffffff" opacity="0.4"/>`;
  out += `<path d="M${f(x1 - 0.04 * L)} ${f(wl + 0.01 * L)}L${f(x1 + 0.05 * L)} ${f(wl + 0.02 * L)}" stroke="#ffffff" stroke-width="4" opacity="0.6"/>`;
  return out;
}

const cruise: SceneFn = (ctx) => {
  const rng = ctx.rng;
  const hz = ctx.horizon;
  let out = sky(ctx) + sun(ctx) + clouds(ctx, 4, 300);
  if (rng.chance(0.6)) out += hills(ctx, hz, 30, land(ctx, "#6e8c7a", 0.85), 1.5);
  out += water(ctx, hz, ["#2f8fc8", "#123f78"]);
  const L = rng.range(820, 960);
  const cx = W / 2 + rng.range(-120, 120) + ctx.t * 60;
  const wl = hz + 150;
  const ship = cruiseShip(ctx, cx, wl, L);
  out += reflection(ship, wl + 0.012 * L, 0.15) + ship;
  if (rng.chance(0.6))
    out += sailboat(
      rng.range(150, 350),
      hz + 60,
      0.6,
      land(ctx, "#ffffff", 0.2),
      land(ctx, "#ffffff", 0.2),
    );
  // foreground swell
  let swell = "";
  for (let i = 0; i < 6; i++) {
    const y = 800 + i * 18;
    const ph = ctx.t * Math.PI * 2 + i;
    swell += `M-20 ${f(y + Math.sin(ph) * 4)}Q${W / 4} ${f(y - 10)} ${W / 2} ${f(y + Math.cos(ph) * 4)}T${W + 20} ${f(y)}`;
  }
  out += `<path d="${swell}" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.18"/>`;
  out += birds(ctx, 3, rng.range(300, 1300), 200);
  return out;
};

function capeDutchHouse(x: number, baseY: number, s: number, wall: string, roof: string): string {
  const w = 220 * s;
  const h = 60 * s;
  const gx = x + w / 2;
  return (
    `<path d="M${f(x - 8 * s)} ${f(baseY - h)}L${f(x + 20 * s)} ${f(baseY - h - 50 * s)}L${f(x + w - 20 * s)} ${f(baseY - h - 50 * s)}L${f(x + w + 8 * s)} ${f(baseY - h)}Z" fill="${roof}"/>` +
    `<rect x="${f(x)}" y="${f(baseY - h)}" width="${f(w)}" height="${f(h)}" fill="${wall}"/>` +
    `<path d="M${f(gx - 34 * s)} ${f(baseY - h)}L${f(gx - 34 * s)} ${f(baseY - h - 40 * s)}Q${f(gx - 30 * s)} ${f(baseY - h - 60 * s)} ${f(gx - 16 * s)} ${f(baseY - h - 62 * s)}Q${f(gx)} ${f(baseY - h - 90 * s)} ${f(gx + 16 * s)} ${f(baseY - h - 62 * s)}Q${f(gx + 30 * s)} ${f(baseY - h - 60 * s)} ${f(gx + 34 * s)} ${f(baseY - h - 40 * s)}L${f(gx + 34 * s)} ${f(baseY - h)}Z" fill="${wall}"/>` +
    `<rect x="${f(gx - 10 * s)}" y="${f(baseY - 34 * s)}" width="${f(20 * s)}" height="${f(34 * s)}" fill="${darken(roof, 0.2)}"/>` +
    [0.12, 0.27, 0.66, 0.81]
      .map(
        (t) =>
          `<rect x="${f(x + w * t)}" y="${f(baseY - 44 * s)}" width="${f(16 * s)}" height="${f(22 * s)}" fill="${darken(roof, 0.1)}"/>`,
      )
      .join("")
  );
}

const vineyard: SceneFn = (ctx) => {
  const rng = ctx.rng;
  const hz = ctx.horizon;
  let out = sky(ctx) + sun(ctx) + clouds(ctx, 3, 240);
  out += mountainRange(ctx, {
    baseY: hz,
    minH: 150,
    maxH: 260,
    color: land(ctx, "#6f7d9a", 0.75),
    peaks: 5,
  });
  out += hills(ctx, hz + 30, 40, land(ctx, "#7c9a58", 0.45), 0.7);
  // farmhouse, oaks and cypresses on the mid hill
  const hx = rng.range(250, 1100);
  const wall = land(ctx, "#fbf8f0");
  out += roundTree(hx - 70, hz + 60, 120, land(ctx, "#3f6b35", 0.3));
  out += capeDutchHouse(hx, hz + 60, 0.8, wall, land(ctx, "#4a3b2e", 0.2));
  out += roundTree(hx + 260, hz + 62, 140, land(ctx, "#3f6b35", 0.3));
  for (let i = 0; i < 5; i++)
    out += cypress(hx + 360 + i * 34, hz + 62, 110 + (i % 2) * 20, land(ctx, "#2f5a32", 0.3));
  // near hill with perspective vine rows, clipped to the hill
  const hillPts = ridgePoints(rng, 700, 45, 0.6, 10);
  const hillPath = smoothPath(hillPts, H + 10);
  const clip = uid(ctx, "c");
  ctx.defs.push(`<clipPath id="${clip}"><path d="${hillPath}"/></clipPath>`);
  const soil = land(ctx, "#9a7b4f");
  out += `<path d="${hillPath}" fill="${soil}"/>`;
  const vpX = rng.range(500, 1100);
  const vpY = 560;
  let rows = "";
  for (let i = -30; i <= 30; i++) {
    const bx = vpX + i * 70;
    rows += `M${f(vpX + i * 8)} ${vpY}L${f(bx)} ${H + 20}`;
  }
  const vine = land(ctx, rng.chance(0.3) ? "#b5772f" : "#4f8a36");
  out += `<g clip-path="url(#${clip})"><path d="${rows}" stroke="${vine}" stroke-width="24" fill="none"/></g>`;
  return out;
};

function candiBentar(x: number, baseY: number, s: number, brick: string, stone: string): string {
  const half = (dir: 1 | -1) => {
    let d = "";
    let stoneD = "";
    const tiers = 7;
    for (let i = 0; i < tiers; i++) {
      const h = 26 * s;
      const y = baseY - (i + 1) * h;
      const outer = (70 - i * 7) * s;
      const inner = 16 * s;
      const x0 = dir === 1 ? x + inner : x - inner - outer;
      d += `M${f(x0)} ${f(y)}h${f(outer)}v${f(h)}h${f(-outer)}Z`;
      stoneD += `M${f(x0 - 4 * s)} ${f(y)}h${f(outer + 8 * s)}v${f(5 * s)}h${f(-(outer + 8 * s))}Z`;
    }
    const topY = baseY - tiers * 26 * s;
    const capX = dir === 1 ? x + 16 * s : x - 16 * s - 20 * s;
    stoneD += `M${f(capX)} ${f(topY)}h${f(20 * s)}v${f(-30 * s)}h${f(-20 * s)}Z`;
    return `<path d="${d}" fill="${brick}"/><path d="${stoneD}" fill="${stone}"/>`;
  };
  return (
    `<path d="M${f(x - 200 * s)} ${f(baseY)}h${f(400 * s)}v${f(14 * s)}h${f(-400 * s)}Z M${f(x - 230 * s)} ${f(baseY + 14 * s)}h${f(460 * s)}v${f(14 * s)}h${f(-460 * s)}Z" fill="${stone}"/>` +
    `<path d="M${f(x - 160 * s)} ${f(baseY)}h${f(320 * s)}v${f(-40 * s)}h${f(-320 * s)}Z" fill="${darken(brick, 0.1)}"/>` +
    half(1) +
    half(-1)
  );
}

const temple: SceneFn = (ctx) => {
  const rng = ctx.rng;
  const hz = ctx.horizon;
  let out = sky(ctx) + sun(ctx) + clouds(ctx, 3, 220);
  // volcano
  const vx = rng.range(400, 1200);
  out += `<path d="M${f(vx - 620)} ${hz + 20}Q${f(vx - 200)} ${hz - 120} ${f(vx - 70)} ${hz - 300}L${f(vx + 60)} ${hz - 300}Q${f(vx + 200)} ${hz - 120} ${f(vx + 640)} ${hz + 20}Z" fill="${land(ctx, "#6a7f9a", 0.75)}"/>`;
  out += mist(ctx, hz - 60, 100, 0.45);
  out += hills(ctx, hz + 40, 40, land(ctx, "#4f8a4a", 0.4), 1.2);
  // temple gate on the terrace
  const gx = rng.range(600, 1000);
  const gate = candiBentar(gx, hz + 90, 1.15, land(ctx, "#a5543a", 0.1), land(ctx, "#6e6a66", 0.1));
  out += gate;
  // rice terraces
  const greens = ["#7fbf4d", "#5fa53f", "#8fcf5a", "#4e9436", "#6bb346"];
  for (let i = 0; i < 5; i++) {
    const base = hz + 120 + i * 58;
    const pts = ridgePoints(rng, base, 18, 0.7 + i * 0.1, 10);
    const col = land(ctx, greens[i % greens.length] as string, Math.max(0, 0.3 - i * 0.08));
    out += `<path d="${smoothPath(pts, H + 10)}" fill="${col}"/>`;
    out += `<path d="${smoothPath(pts, null)}" fill="none" stroke="${lighten(col, 0.35)}" stroke-width="4"/>`;
    out += `<path d="${smoothPath(
      pts.map(([x, y]): Pt => [x, y + 16]),
      null,
    )}" fill="none" stroke="${darken(col, 0.1)}" stroke-width="3" opacity="0.6"/>`;
  }
  const trunk = land(ctx, "#6e5540");
  const leaf = land(ctx, "#2e7a3c");
  out += palm(rng.range(60, 240), 900, 620, rng.range(40, 120), trunk, leaf);
  out += palm(rng.range(1300, 1540), 910, 540, -rng.range(40, 120), trunk, leaf);
  out += birds(ctx, 3, rng.range(400, 1200), 170);
  return out;
};

const snow: SceneFn = (ctx) => {
  const rng = ctx.rng;
  const hz = ctx.horizon;
  let out = sky(ctx) + sun(ctx) + clouds(ctx, 3, 240);
  out += mountainRange(ctx, {
    baseY: hz + 20,
    minH: 260,
    maxH: 400,
    color: land(ctx, "#8a9cc0", 0.6),
    snow: land(ctx, "#ffffff", 0.2),
    peaks: 4,
  });
  out += mist(ctx, hz - 60, 120, 0.5);
  const snowCol = land(ctx, "#f4f8ff");
  const shade = land(ctx, "#c9d6ee");
  out += hills(ctx, hz + 60, 50, shade, 0.8);
  const nearPts = ridgePoints(rng, 740, 50, 0.7, 10);
  out += `<path d="${smoothPath(nearPts, H + 10)}" fill="${snowCol}"/>`;
  const treeCol = land(ctx, "#1f4a3a");
  let trees = "";
  for (let i = 0; i < 14; i++) {
    const x = rng.range(-20, W + 20);
    trees += pine(
      x,
      hz + 60 + rng.range(-10, 20),
      rng.range(70, 120),
      land(ctx, "#2c5a4a", 0.3),
      snowCol,
    );
  }
  out += trees;
  // cabin with warm window
  const cx = rng.range(900, 1300);
  const cy = interpolateY(nearPts, cx) + 30;
  const wood = land(ctx, "#7a4a2e");
  out += `<rect x="${f(cx)}" y="${f(cy - 90)}" width="170" height="90" fill="${wood}"/>`;
  out += `<path d="M${f(cx - 22)} ${f(cy - 84)}L${f(cx + 85)} ${f(cy - 160)}L${f(cx + 192)} ${f(cy - 84)}Z" fill="${snowCol}"/>`;
  out += `<path d="M${f(cx + 120)} ${f(cy - 140)}v-40h22v56Z" fill="${darken(wood, 0.2)}"/>`;
  out += `<rect x="${f(cx + 28)}" y="${f(cy - 64)}" width="36" height="30" fill="${ctx.mood.night || ctx.mood.name === "dusk" ? "#ffcf6e" : land(ctx, "#ffe6a8")}"/>`;
  out += `<rect x="${f(cx + 100)}" y="${f(cy - 70)}" width="34" height="70" fill="${darken(wood, 0.35)}"/>`;
  out += pine(rng.range(60, 260), 910, 360, treeCol, snowCol);
  out += pine(rng.range(1400, 1560), 910, 300, treeCol, snowCol);
  // falling snow
  let flakes = "";
  for (let i = 0; i < 120; i++) {
    const x0 = rng.range(0, W);
    const y0 = rng.range(0, H);
    const speed = rng.range(120, 320);
    const y = (y0 + ctx.t * speed) % H;
    const x = x0 + Math.sin(ctx.t * Math.PI * 2 + i) * 14;
    flakes += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(rng.range(1.5, 4))}"/>`;
  }
  out += `<g fill="#ffffff" opacity="0.8">${flakes}</g>`;
  return out;
};

const island: SceneFn = (ctx) => {
  const rng = ctx.rng;
  const hz = ctx.horizon;
  let out = sky(ctx) + sun(ctx) + clouds(ctx, 5, 300);
  out += water(ctx, hz, ["#2ec5d6", "#0b6aa0"]);
  if (rng.chance(0.7)) {
    const fx = rng.range(100, 1500);
    out += `<path d="M${f(fx - 160)} ${hz + 1}Q${f(fx)} ${hz - 50} ${f(fx + 160)} ${hz + 1}Z" fill="${land(ctx, "#4d7a66", 0.85)}"/>`;
  }
  const ix = rng.range(560, 1040);
  const iy = hz + 170;
  const sand = land(ctx, "#f3dcaa");
  out += `<ellipse cx="${f(ix)}" cy="${f(iy + 14)}" rx="380" ry="40" fill="${land(ctx, "#7fe8dc")}" opacity="0.45"/>`;
  out += `<path d="M${f(ix - 320)} ${f(iy + 10)}Q${f(ix)} ${f(iy - 70)} ${f(ix + 320)} ${f(iy + 10)}Z" fill="${sand}"/>`;
  out += `<path d="M${f(ix - 200)} ${f(iy - 20)}Q${f(ix - 40)} ${f(iy - 110)} ${f(ix + 150)} ${f(iy - 30)}Z" fill="${land(ctx, "#3f9a4f")}"/>`;
  const trunk = land(ctx, "#8a6a48");
  const leaf = land(ctx, "#2f8a4f");
  out += palm(ix - 90, iy - 40, 230, -60, trunk, leaf);
  out += palm(ix + 10, iy - 50, 280, 30, trunk, darken(leaf, 0.06));
  out += palm(ix + 120, iy - 30, 200, 70, trunk, leaf);
  const bx = rng.range(150, 420) + ctx.t * 50;
  out += sailboat(bx, hz + 260, 1.2, land(ctx, "#ffffff"), land(ctx, "#fff6e6"));
  out += birds(ctx, 4, rng.range(300, 1200), 190);
  return out;
};

const tablemountain: SceneFn = (ctx) => {
  const rng = ctx.rng;
  const hz = ctx.horizon;
  let out = sky(ctx) + sun(ctx) + clouds(ctx, 3, 200);
  const rock = land(ctx, "#6e7d8c", 0.35);
  const base = hz + 70;
  const top = hz - 260 + rng.range(-15, 15);
  const mountain = [
    `M-40 ${base}`,
    `L120 ${hz - 60}`,
    `L260 ${hz - 200}`,
    `L330 ${top - 40}`, // Devil's Peak
    `L390 ${hz - 190}`,
    `L470 ${top + 6}`,
    `L520 ${top}`,
    `L1060 ${top + 4}`, // the table
    `L1110 ${top + 30}`,
    `Q1160 ${hz - 60} 1230 ${hz - 40}`,
    `Q1280 ${hz - 150} 1330 ${hz - 160}`, // Lion's Head
    `Q1370 ${hz - 150} 1400 ${hz - 40}`,
    `Q1500 ${hz - 70} ${W + 40} ${hz}`,
    `L${W + 40} ${base}Z`,
  ].join("");
  out += `<path d="${mountain}" fill="${rock}"/>`;
  // cliff ribs on the table face
  let ribs = "";
  for (let x = 540; x < 1060; x += rng.range(28, 52)) {
    ribs += `M${f(x)} ${f(top + 8)}l${f(rng.range(-8, 8))} ${f(rng.range(70, 150))}`;
  }
  out += `<path d="${ribs}" stroke="${darken(rock, 0.2)}" stroke-width="5" stroke-linecap="round" opacity="0.55"/>`;
  out += `<path d="M470 ${f(top + 6)}L520 ${f(top)}L1060 ${f(top + 4)}L1110 ${f(top + 30)}L1100 ${f(top + 60)}Q800 ${f(top + 40)} 480 ${f(top + 60)}Z" fill="${lighten(rock, 0.12)}" opacity="0.5"/>`;
  // green lower slopes
  out += hills(ctx, hz + 20, 30, land(ctx, "#5f7f4f", 0.25), 1.6);
  if (ctx.mood.name !== "night" && rng.chance(0.7)) {
    // the famous "tablecloth" cloud
    let cloth = "";
    for (let x = 500; x <= 1080; x += 45) {
      cloth += `<ellipse cx="${f(x + ctx.t * 20)}" cy="${f(top - 6)}" rx="48" ry="${f(rng.range(14, 22))}"/>`;
    }
    out += `<g fill="#ffffff" opacity="0.85">${cloth}<rect x="${f(520 + ctx.t * 20)}" y="${f(top - 10)}" width="560" height="26"/></g>`;
  }
  // city bowl
  out += skyline(ctx, base, 60, W - 60, 20, 90, land(ctx, "#d8d2c6", 0.2), true);
  out += water(ctx, base, ["#2f86b8", "#14406e"]);
  out += `<rect x="0" y="${base - 4}" width="${W}" height="6" fill="${land(ctx, "#3b4a5a")}"/>`;
  out += sailboat(
    rng.range(200, 700) + ctx.t * 40,
    base + 150,
    1.0,
    land(ctx, "#ffffff"),
    land(ctx, "#ffffff"),
  );
  out += sailboat(
    rng.range(900, 1400) - ctx.t * 25,
    base + 90,
    0.6,
    land(ctx, "#ffffff", 0.2),
    land(ctx, "#ffffff", 0.2),
  );
  out += birds(ctx, 4, rng.range(600, 1200), 140);
  return out;
};

const karst: SceneFn = (ctx) => {
  const rng = ctx.rng;
  const hz = ctx.horizon;
  let out = sky(ctx) + sun(ctx) + clouds(ctx, 4, 240);
  out += water(ctx, hz, ["#30c0c8", "#0d6e94"]);
  const rocks: [number, number, number, number][] = [];
  for (let i = 0; i < 5; i++) {
    rocks.push([
      rng.range(80, 1520),
      rng.range(150, 330),
      rng.range(130, 250),
      rng.range(0.1, 0.6),
    ]);
  }
  rocks.sort((a, b) => b[3] - a[3]);
  for (const [x, h, w, depth] of rocks) {
    const wl = hz + 10 + (1 - depth) * 60;
    const fill = linear(ctx, [
      [0, land(ctx, "#2f7a3c", depth)],
      [0.3, land(ctx, "#3d7a45", depth)],
      [0.42, land(ctx, "#9a968a", depth)],
      [1, land(ctx, "#5f5c56", depth)],
    ]);
    const d = `M${f(x - w / 2)} ${f(wl)}C${f(x - w * 0.62)} ${f(wl - h * 0.6)} ${f(x - w * 0.45)} ${f(wl - h)} ${f(x - w * 0.05)} ${f(wl - h)}C${f(x + w * 0.4)} ${f(wl - h * 1.02)} ${f(x + w * 0.62)} ${f(wl - h * 0.7)} ${f(x + w * 0.45)} ${f(wl - h * 0.25)}Q${f(x + w * 0.4)} ${f(wl - h * 0.08)} ${f(x + w / 2)} ${f(wl)}Z`;
    let streaks = "";
    for (let i = 0; i < 4; i++) {
      const sx = x - w * 0.3 + (i * w * 0.6) / 3 + rng.range(-8, 8);
      streaks += `M${f(sx)} ${f(wl - h * rng.range(0.5, 0.62))}l${f(rng.range(-6, 6))} ${f(h * rng.range(0.25, 0.4))}`;
    }
    const rock =
      `<path d="${d}" fill="${fill}"/>` +
      `<path d="${streaks}" stroke="${land(ctx, "#4a4843", depth)}" stroke-width="5" stroke-linecap="round" opacity="0.5"/>`;
    out += reflection(rock, wl, 0.15) + rock;
  }
  // beach corner with palm
  const sand = land(ctx, "#f1d9a8");
  out += `<path d="M-20 ${H + 10}L-20 760Q250 740 520 ${H + 10}Z" fill="${sand}"/>`;
  out += palm(
    rng.range(80, 180),
    880,
    480,
    rng.range(60, 140),
    land(ctx, "#8a6a48"),
    land(ctx, "#2f8a4f"),
  );
  const bx = rng.range(700, 1200) - ctx.t * 70;
  out += longtail(bx, 800, 1.3, land(ctx, "#7a4a2a"), land(ctx, "#2a6fb0"), land(ctx, "#e84a6a"));
  out += birds(ctx, 3, rng.range(500, 1200), 180);
  return out;
};

const village: SceneFn = (ctx) => {
  const rng = ctx.rng;
  const hz = ctx.horizon;
  let out = sky(ctx) + sun(ctx) + clouds(ctx, 3, 220);
  out += water(ctx, hz, ["#2a8cc8", "#0f4f86"]);
  const seaRight = rng.chance(0.5);
  const mirror = (x: number) => (seaRight ? x : W - x);
  // hillside rising away from the sea
  const hillPts: Pt[] = [
    [mirror(-80), H + 10],
    [mirror(-80), hz - 220],
    [mirror(300), hz - 170],
    [mirror(700), hz - 40],
    [mirror(1000), hz + 80],
    [mirror(1200), H + 10],
  ];
  out += `<path d="${smoothPath(hillPts, null)}Z" fill="${land(ctx, "#a8a06a", 0.15)}"/>`;
  const wall = land(ctx, "#fbf7ef");
  const shade = land(ctx, "#d9d4cc");
  const roof = land(ctx, "#c8643b");
  let houses = "";
  let roofs = "";
  let shades = "";
  let doors = "";
  const rows = 9;
  for (let r = 0; r < rows; r++) {
    const y = hz - 150 + r * 52;
    const s = 0.7 + r * 0.06;
    const xEnd = 300 + r * 95;
    for (let x = -40 + rng.range(0, 40); x < xEnd; x += rng.range(60, 95) * s) {
      const w = rng.range(50, 80) * s;
      const h = rng.range(40, 60) * s;
      const hx = seaRight ? x : W - x - w;
      houses += `M${f(hx)} ${f(y)}h${f(w)}v${f(h)}h${f(-w)}Z`;
      shades += `M${f(hx + w * 0.72)} ${f(y)}h${f(w * 0.28)}v${f(h)}h${f(-w * 0.28)}Z`;
      if (rng.chance(0.6))
        roofs += `M${f(hx - 4)} ${f(y)}L${f(hx + w * 0.3)} ${f(y - 14 * s)}L${f(hx + w + 4)} ${f(y - 6 * s)}L${f(hx + w + 4)} ${f(y)}Z`;
      if (rng.chance(0.7))
        doors += `M${f(hx + w * 0.2)} ${f(y + h * 0.35)}h${f(9 * s)}v${f(13 * s)}h${f(-9 * s)}Z`;
    }
  }
  out += `<path d="${houses}" fill="${wall}"/><path d="${shades}" fill="${shade}"/><path d="${roofs}" fill="${roof}"/><path d="${doors}" fill="${land(ctx, "#2f6fb0")}"/>`;
  // church tower
  const tx = mirror(rng.range(300, 520));
  const ty = hz - 190;
  out += `<rect x="${f(tx - 30)}" y="${f(ty - 140)}" width="60" height="180" fill="${wall}"/><rect x="${f(tx + 12)}" y="${f(ty - 140)}" width="18" height="180" fill="${shade}"/>`;
  out += `<path d="M${f(tx - 36)} ${f(ty - 140)}Q${f(tx)} ${f(ty - 215)} ${f(tx + 36)} ${f(ty - 140)}Z" fill="${roof}"/>`;
  out += `<path d="M${f(tx - 12)} ${f(ty - 110)}h24v30h-24Z" fill="${land(ctx, "#3a3a48")}"/><path d="M${f(tx)} ${f(ty - 212)}v-24M${f(tx - 9)} ${f(ty - 226)}h18" stroke="${roof}" stroke-width="4"/>`;
  // bougainvillea + cypress accents
  for (let i = 0; i < 3; i++)
    out += cypress(mirror(rng.range(80, 700)), hz + rng.range(150, 260), 130, land(ctx, "#2f5a32"));
  out += `<g fill="${land(ctx, "#d8327a")}" opacity="0.9">${Array.from({ length: 8 }, () => `<circle cx="${f(mirror(rng.range(40, 900)))}" cy="${f(rng.range(hz - 60, hz + 300))}" r="${f(rng.range(10, 20))}"/>`).join("")}</g>`;
  out += sailboat(
    mirror(rng.range(1250, 1450)) + ctx.t * 40,
    hz + 120,
    0.9,
    land(ctx, "#ffffff"),
    land(ctx, "#ffffff"),
  );
  out += birds(ctx, 4, mirror(rng.range(900, 1300)), 180);
  return out;
};

function aurora(ctx: Ctx): string {
  const rng = ctx.rng;
  let out = "";
  const colors = ["#4dffb0", "#3ad6a0", "#8a7bff"];
  for (let b = 0; b < 3; b++) {
    const fill = linear(ctx, [
      [0, colors[b] as string, 0],
      [0.6, colors[b] as string, 0.35],
      [1, colors[b] as string, 0.05],
    ]);
    const baseY = 330 + b * 40;
    const ph = rng.range(0, 6) + ctx.t * Math.PI * 2 * 0.6;
    const pts: Pt[] = [];
    for (let i = 0; i <= 12; i++) {
      const x = -80 + (i * (W + 160)) / 12;
      pts.push([x, baseY + Math.sin(x * 0.004 + ph) * 60 + Math.sin(x * 0.011 + ph * 1.7) * 20]);
    }
    const top = pts.map(([x, y]): Pt => [x + 30, y - rng.range(150, 260)]).reverse();
    out += `<path d="${smoothPath(pts, null)}L${f((top[0] as Pt)[0])} ${f((top[0] as Pt)[1])}${smoothPath(top, null).replace(/^M[^C]*/, "")}Z" fill="${fill}"/>`;
  }
  return out;
}

const fjord: SceneFn = (ctx) => {
  const rng = ctx.rng;
  const hz = ctx.horizon;
  let out = sky(ctx);
  if (ctx.mood.night || ctx.mood.name === "dusk") out += aurora(ctx);
  out += sun(ctx) + clouds(ctx, 2, 200);
  out += mountainRange(ctx, {
    baseY: hz + 8,
    minH: 200,
    maxH: 300,
    color: land(ctx, "#5f6f8a", 0.65),
    snow: land(ctx, "#ffffff", 0.35),
    peaks: 4,
    x0: 400,
    x1: 1300,
  });
  // steep walls either side
  const walls =
    mountainRange(ctx, {
      baseY: hz + 10,
      minH: 330,
      maxH: 470,
      color: land(ctx, "#3d4a5c", 0.25),
      snow: land(ctx, "#f2f6ff", 0.1),
      peaks: 2,
      x0: -160,
      x1: 520,
    }) +
    mountainRange(ctx, {
      baseY: hz + 10,
      minH: 300,
      maxH: 430,
      color: land(ctx, "#34404f", 0.2),
      snow: land(ctx, "#f2f6ff", 0.1),
      peaks: 2,
      x0: 1120,
      x1: W + 160,
    });
  out += walls;
  out += water(ctx, hz + 8, ["#4a7a9a", "#152c48"]);
  out += reflection(walls, hz + 8, 0.14);
  // red rorbu cabins on stilts on the near shore
  const shoreY = hz + 150;
  const red = land(ctx, "#b8322a");
  let cabins = `<path d="M-20 ${shoreY + 40}Q300 ${shoreY - 10} 760 ${shoreY + 40}L760 ${H + 10}L-20 ${H + 10}Z" fill="${land(ctx, "#3f4a3a")}"/>`;
  for (let i = 0; i < 4; i++) {
    const x = 80 + i * 150 + rng.range(-15, 15);
    const y = shoreY + 30 - i * 6;
    cabins += `<path d="M${f(x + 10)} ${f(y)}v40M${f(x + 60)} ${f(y)}v40M${f(x + 110)} ${f(y)}v40" stroke="${land(ctx, "#3a2e26")}" stroke-width="6"/>`;
    cabins += `<rect x="${f(x)}" y="${f(y - 70)}" width="120" height="70" fill="${red}"/>`;
    cabins += `<path d="M${f(x - 10)} ${f(y - 66)}L${f(x + 60)} ${f(y - 112)}L${f(x + 130)} ${f(y - 66)}Z" fill="${land(ctx, "#2b2b30")}"/>`;
    cabins += `<rect x="${f(x + 20)}" y="${f(y - 50)}" width="22" height="20" fill="${ctx.mood.night || ctx.mood.name === "dusk" ? "#ffd36b" : land(ctx, "#f3efe6")}"/>`;
    cabins += `<rect x="${f(x + 72)}" y="${f(y - 50)}" width="22" height="20" fill="${ctx.mood.night || ctx.mood.name === "dusk" ? "#ffd36b" : land(ctx, "#f3efe6")}"/>`;
  }
  out += cabins;
  out += sailboat(
    rng.range(900, 1200) + ctx.t * 40,
    hz + 180,
    0.9,
    land(ctx, "#ffffff", 0.1),
    land(ctx, "#ffffff", 0.1),
  );
  return out;
};

const SCENES: Record<SceneName, SceneFn> = {
  beach,
  mountains,
  city,
  desert,
  safari,
  lagoon,
  forest,
  cruise,
  vineyard,
  temple,
  snow,
  island,
  tablemountain,
  karst,
  village,
  fjord,
};

const HORIZON: Record<SceneName, number> = {
  beach: 500,
  mountains: 560,
  city: 560,
  desert: 540,
  safari: 600,
  lagoon: 470,
  forest: 420,
  cruise: 520,
  vineyard: 520,
  temple: 480,
  snow: 540,
  island: 520,
  tablemountain: 560,
  karst: 560,
  village: 520,
  fjord: 540,
};

/** The palette name a variant maps to ("day", "golden", "dusk", "night", "dawn", "tropical"). */
export function moodName(variant: number): string {
  const idx = ((Math.floor(variant) % MOOD_COUNT) + MOOD_COUNT) % MOOD_COUNT;
  return (MOODS[idx] as Mood).name;
}

/**
 * Render a landscape illustration as an SVG document string.
 *
 * @param scene   which landscape to draw
 * @param variant palette/time of day (variant % 6) and layout seed; any integer
 * @param width   output width in px (the SVG's intrinsic size)
 * @param height  output height in px
 * @param options animation phase and camera (used to render video frames)
 */
export function renderScene(
  scene: SceneName,
  variant: number,
  width: number,
  height: number,
  options: SceneOptions = {},
): string {
  const v = Math.floor(Math.abs(variant));
  const mood = MOODS[v % MOOD_COUNT] as Mood;
  const rng = new Rng(hashString(`${scene}:${v}`));
  const t = Math.max(0, Math.min(1, options.time ?? 0));
  const horizon = HORIZON[scene];
  const sunX = rng.range(0.22, 0.78) * W;
  let sunY: number;
  switch (mood.name) {
    case "day":
      sunY = 150 + t * 20;
      break;
    case "tropical":
      sunY = 120 + t * 10;
      break;
    case "golden":
      sunY = horizon - 150 + t * 45;
      break;
    case "dusk":
      sunY = horizon - 40 + t * 35;
      break;
    case "night":
      sunY = 140 - t * 15;
      break;
    case "dawn":
      sunY = horizon - 70 - t * 45;
      break;
  }
  const ctx: Ctx = { rng, mood, t, defs: [], nextId: 0, horizon, sunX, sunY };
  const body = SCENES[scene](ctx) + vignette(ctx);

  const zoom = Math.max(1, options.zoom ?? 1);
  const vw = W / zoom;
  const vh = H / zoom;
  const vx = (W - vw) * Math.max(0, Math.min(1, options.focusX ?? 0.5));
  const vy = (H - vh) * Math.max(0, Math.min(1, options.focusY ?? 0.5));
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${f(vx)} ${f(vy)} ${f(vw)} ${f(vh)}" preserveAspectRatio="xMidYMid slice">` +
    `<defs>${ctx.defs.join("")}</defs>${body}</svg>`
  );
}

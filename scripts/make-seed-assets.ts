// Generates the committed demo binary assets from the procedural scene art in db/seed/art.ts.
// Run through scripts/make-seed-assets.sh (needs ffmpeg with libvpx-vp9 on PATH, and sharp).
//
//   public/images/banners/<name>.webp, <name>-1024.webp, <name>-640.webp   (hero slides)
//   public/images/partners/*.svg, public/images/accredited/*.svg            (logos)
//   public/images/banners/<name>-portrait-{640,960,1280}.webp               (9:16, phones)
//   db/seed/assets/moment-*.webm + moment-*.webp                            (travel moments)
//
// Output is deterministic for a given sharp/libvips/libvpx build. Pass `--only=banners`,
// `--only=portraits`, `--only=logos` or `--only=moments` to regenerate one group.
import { spawn } from "node:child_process";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { renderScene, type SceneName } from "../db/seed/art.ts";
import { DEMO_BANNERS } from "../db/seed/catalogue.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bannersDir = path.join(root, "public/images/banners");
const partnersDir = path.join(root, "public/images/partners");
const accreditedDir = path.join(root, "public/images/accredited");
const assetsDir = path.join(root, "db/seed/assets");

const only = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);
const want = (group: string) => !only || only.split(",").includes(group);

// ---------------------------------------------------------------------------
// Banners
// ---------------------------------------------------------------------------

const BANNERS = DEMO_BANNERS;
const BANNER_MAX_BYTES = 120 * 1024;

async function banners(): Promise<void> {
  await mkdir(bannersDir, { recursive: true });
  for (const b of BANNERS) {
    for (const [width, suffix] of [
      [1600, ""],
      [1024, "-1024"],
      [640, "-640"],
    ] as const) {
      const height = Math.round((width * 9) / 16);
      const svg = renderScene(b.scene, b.variant, width, height);
      let quality = 70;
      let buf = await sharp(Buffer.from(svg)).webp({ quality, effort: 6 }).toBuffer();
      while (buf.length > BANNER_MAX_BYTES && quality > 40) {
        quality -= 5;
        buf = await sharp(Buffer.from(svg)).webp({ quality, effort: 6 }).toBuffer();
      }
      const file = path.join(bannersDir, `${b.name}${suffix}.webp`);
      await writeFile(file, buf);
      console.log(
        `${path.relative(root, file)}  ${width}x${height}  q${quality}  ${kb(buf.length)}`,
      );
    }
  }
}

/**
 * Portrait crops for phones (art direction through <picture>): 9:16, the shape of the hero on a
 * phone, up to 1280 px wide so a 3x screen of 390 CSS px still gets a sharp image. The scene is
 * re-rendered at this aspect (the SVG slices its design space), not cropped from the 16:9 file.
 */
const PORTRAIT_WIDTHS = [640, 960, 1280] as const;
const PORTRAIT_MAX_BYTES = 160 * 1024;

async function portraits(): Promise<void> {
  await mkdir(bannersDir, { recursive: true });
  for (const b of BANNERS) {
    for (const width of PORTRAIT_WIDTHS) {
      const height = Math.round((width * 16) / 9);
      const svg = renderScene(b.scene, b.variant, width, height);
      let quality = 70;
      let buf = await sharp(Buffer.from(svg)).webp({ quality, effort: 6 }).toBuffer();
      while (buf.length > PORTRAIT_MAX_BYTES && quality > 40) {
        quality -= 5;
        buf = await sharp(Buffer.from(svg)).webp({ quality, effort: 6 }).toBuffer();
      }
      const file = path.join(bannersDir, `${b.name}-portrait-${width}.webp`);
      await writeFile(file, buf);
      console.log(
        `${path.relative(root, file)}  ${width}x${height}  q${quality}  ${kb(buf.length)}`,
      );
    }
  }
}

// ---------------------------------------------------------------------------
// Travel-moment clips
// ---------------------------------------------------------------------------

interface MomentClip {
  file: string;
  scene: SceneName;
  variant: number;
  seconds: number;
  /** camera: zoom from..to and focusX from..to across the clip */
  zoom: [number, number];
  focusX: [number, number];
}

const MOMENT_CLIPS: MomentClip[] = [
  {
    file: "moment-lagoon-sunset",
    scene: "lagoon",
    variant: 1,
    seconds: 6,
    zoom: [1.0, 1.1],
    focusX: [0.5, 0.6],
  },
  {
    file: "moment-table-mountain-morning",
    scene: "tablemountain",
    variant: 6,
    seconds: 6,
    zoom: [1.12, 1.0],
    focusX: [0.35, 0.5],
  },
  {
    file: "moment-safari-golden-hour",
    scene: "safari",
    variant: 7,
    seconds: 7,
    zoom: [1.08, 1.08],
    focusX: [0.25, 0.7],
  },
  {
    file: "moment-ocean-cruise",
    scene: "cruise",
    variant: 5,
    seconds: 6,
    zoom: [1.0, 1.12],
    focusX: [0.5, 0.45],
  },
  {
    file: "moment-lofoten-aurora",
    scene: "fjord",
    variant: 3,
    seconds: 6,
    zoom: [1.1, 1.0],
    focusX: [0.6, 0.5],
  },
];

const VIDEO_W = 640;
const VIDEO_H = 360;
const FPS = 24;
const VIDEO_MAX_BYTES = 400 * 1024;

function ease(t: number): number {
  return t * t * (3 - 2 * t);
}

async function renderFrames(
  clip: MomentClip,
  onFrame: (rgb: Buffer) => Promise<void>,
): Promise<void> {
  const frames = clip.seconds * FPS;
  for (let i = 0; i < frames; i++) {
    const t = i / (frames - 1);
    const e = ease(t);
    const svg = renderScene(clip.scene, clip.variant, VIDEO_W, VIDEO_H, {
      time: t,
      zoom: clip.zoom[0] + (clip.zoom[1] - clip.zoom[0]) * e,
      focusX: clip.focusX[0] + (clip.focusX[1] - clip.focusX[0]) * e,
    });
    const rgb = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
    await onFrame(rgb);
  }
}

function encode(clip: MomentClip, out: string, crf: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const args = [
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-f",
      "rawvideo",
      "-pix_fmt",
      "rgb24",
      "-s",
      `${VIDEO_W}x${VIDEO_H}`,
      "-r",
      String(FPS),
      "-i",
      "-",
      "-an",
      "-c:v",
      "libvpx-vp9",
      "-pix_fmt",
      "yuv420p",
      "-b:v",
      "0",
      "-crf",
      String(crf),
      "-deadline",
      "good",
      "-cpu-used",
      "2",
      "-row-mt",
      "1",
      "-g",
      String(FPS * 2),
      "-map_metadata",
      "-1",
      "-fflags",
      "+bitexact",
      "-flags:v",
      "+bitexact",
      out,
    ];
    const ff = spawn("ffmpeg", args, { stdio: ["pipe", "inherit", "inherit"] });
    ff.on("error", reject);
    ff.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`)),
    );
    renderFrames(
      clip,
      (rgb) =>
        new Promise<void>((res, rej) => {
          ff.stdin.write(rgb, (err) => (err ? rej(err) : res()));
        }),
    )
      .then(() => ff.stdin.end())
      .catch((err: unknown) => {
        ff.kill();
        reject(err instanceof Error ? err : new Error(String(err)));
      });
  });
}

async function moments(): Promise<void> {
  await mkdir(assetsDir, { recursive: true });
  for (const clip of MOMENT_CLIPS) {
    const video = path.join(assetsDir, `${clip.file}.webm`);
    let crf = 31;
    for (;;) {
      await encode(clip, video, crf);
      const size = (await stat(video)).size;
      if (size <= VIDEO_MAX_BYTES || crf >= 55) break;
      crf += 4;
    }
    const size = (await stat(video)).size;
    console.log(
      `${path.relative(root, video)}  ${VIDEO_W}x${VIDEO_H} ${clip.seconds}s vp9 crf${crf}  ${kb(size)}`,
    );

    // Poster = the clip's first frame, so the swap from poster to video is seamless.
    const posterSvg = renderScene(clip.scene, clip.variant, VIDEO_W, VIDEO_H, {
      time: 0,
      zoom: clip.zoom[0],
      focusX: clip.focusX[0],
    });
    const poster = path.join(assetsDir, `${clip.file}.webp`);
    const buf = await sharp(Buffer.from(posterSvg)).webp({ quality: 75, effort: 6 }).toBuffer();
    await writeFile(poster, buf);
    console.log(`${path.relative(root, poster)}  ${VIDEO_W}x${VIDEO_H}  ${kb(buf.length)}`);
  }
}

// ---------------------------------------------------------------------------
// Logos (hand-drawn SVG; fictional brands)
// ---------------------------------------------------------------------------

const SANS = "Helvetica, Arial, sans-serif";
const SERIF = "Georgia, 'Times New Roman', serif";

function logo(title: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80" viewBox="0 0 200 80" role="img"><title>${title}</title>${body}</svg>\n`;
}

const PARTNERS: Record<string, string> = {
  "skyline-air": logo(
    "Skyline Air",
    `<circle cx="34" cy="40" r="24" fill="#0b3a6e"/>` +
      `<path d="M20 50 L40 22 L48 22 L38 40 L52 40 L48 50 Z" fill="#ffffff"/>` +
      `<path d="M14 54 Q34 46 56 52" fill="none" stroke="#4fb3ff" stroke-width="3" stroke-linecap="round"/>` +
      `<text x="66" y="44" font-family="${SANS}" font-size="21" font-weight="700" fill="#0b3a6e">SKYLINE</text>` +
      `<text x="67" y="60" font-family="${SANS}" font-size="12" font-weight="700" letter-spacing="5" fill="#1f7fd1">AIR</text>`,
  ),
  "aurora-airways": logo(
    "Aurora Airways",
    `<path d="M10 52 Q34 10 58 52" fill="none" stroke="#0f9d8a" stroke-width="6" stroke-linecap="round"/>` +
      `<path d="M18 54 Q34 24 50 54" fill="none" stroke="#3cc49a" stroke-width="5" stroke-linecap="round"/>` +
      `<path d="M26 56 Q34 38 42 56" fill="none" stroke="#6b4fbf" stroke-width="4" stroke-linecap="round"/>` +
      `<text x="66" y="42" font-family="${SANS}" font-size="23" font-weight="700" fill="#1d2a44">Aurora</text>` +
      `<text x="67" y="58" font-family="${SANS}" font-size="11" font-weight="700" letter-spacing="3.2" fill="#0f7d6e">AIRWAYS</text>`,
  ),
  "meridian-air": logo(
    "Meridian Air",
    `<circle cx="34" cy="40" r="22" fill="none" stroke="#c8102e" stroke-width="4"/>` +
      `<ellipse cx="34" cy="40" rx="10" ry="22" fill="none" stroke="#c8102e" stroke-width="3"/>` +
      `<path d="M12 40 H56 M16 29 H52 M16 51 H52" stroke="#c8102e" stroke-width="2.5"/>` +
      `<text x="64" y="44" font-family="${SANS}" font-size="19" font-weight="700" fill="#2a2a2a">MERIDIAN</text>` +
      `<text x="65" y="60" font-family="${SANS}" font-size="12" font-weight="700" letter-spacing="5" fill="#c8102e">AIR</text>`,
  ),
  "palmcrest-hotels": logo(
    "Palmcrest Hotels",
    `<path d="M34 62 Q33 44 34 30" fill="none" stroke="#8a6a2f" stroke-width="3.5" stroke-linecap="round"/>` +
      `<path d="M34 30 Q20 18 10 30 Q22 24 34 30 Z M34 30 Q48 18 58 30 Q46 24 34 30 Z M34 30 Q26 12 14 14 Q26 18 34 30 Z M34 30 Q42 12 54 14 Q42 18 34 30 Z M34 30 Q34 14 34 8 Q36 18 34 30 Z" fill="#b8892f"/>` +
      `<path d="M16 64 H52" stroke="#b8892f" stroke-width="2.5" stroke-linecap="round"/>` +
      `<text x="66" y="44" font-family="${SERIF}" font-size="21" fill="#3d2f1a">Palmcrest</text>` +
      `<text x="67" y="60" font-family="${SANS}" font-size="10.5" font-weight="700" letter-spacing="4" fill="#8a6a2f">HOTELS</text>`,
  ),
  "bluewave-cruises": logo(
    "Bluewave Cruises",
    `<path d="M8 46 Q20 34 32 46 T56 46 V62 H8 Z" fill="#1565c0"/>` +
      `<path d="M8 40 Q20 28 32 40 T56 40" fill="none" stroke="#42a5f5" stroke-width="4" stroke-linecap="round"/>` +
      `<path d="M8 32 Q20 20 32 32 T56 32" fill="none" stroke="#90caf9" stroke-width="3.5" stroke-linecap="round"/>` +
      `<text x="64" y="44" font-family="${SANS}" font-size="19" font-weight="700" fill="#0d3b7a">BLUEWAVE</text>` +
      `<text x="65" y="60" font-family="${SANS}" font-size="11" font-weight="700" letter-spacing="3.4" fill="#1e88e5">CRUISES</text>`,
  ),
  "kestrel-car-hire": logo(
    "Kestrel Car Hire",
    `<path d="M8 44 L34 24 L60 44 L50 44 L34 32 L18 44 Z" fill="#e65100"/>` +
      `<path d="M16 56 L34 42 L52 56 L44 56 L34 48 L24 56 Z" fill="#ff9800"/>` +
      `<text x="66" y="44" font-family="${SANS}" font-size="20" font-weight="700" fill="#3a2a1a">KESTREL</text>` +
      `<text x="67" y="60" font-family="${SANS}" font-size="10.5" font-weight="700" letter-spacing="3" fill="#e65100">CAR HIRE</text>`,
  ),
  "atlas-travel-cover": logo(
    "Atlas Travel Cover",
    `<path d="M34 14 L56 22 V40 Q56 58 34 66 Q12 58 12 40 V22 Z" fill="#1b5e20"/>` +
      `<path d="M23 40 L31 48 L46 31" fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>` +
      `<text x="66" y="44" font-family="${SANS}" font-size="22" font-weight="700" fill="#1b3a1e">ATLAS</text>` +
      `<text x="67" y="60" font-family="${SANS}" font-size="10" font-weight="700" letter-spacing="2" fill="#2e7d32">TRAVEL COVER</text>`,
  ),
};

const ACCREDITED: Record<string, string> = {
  "southern-africa-travel-guild": logo(
    "Southern Africa Travel Guild - Member",
    `<circle cx="36" cy="40" r="28" fill="#7a1f1f"/>` +
      `<circle cx="36" cy="40" r="23" fill="none" stroke="#f2c14e" stroke-width="2"/>` +
      `<text x="36" y="45" font-family="${SANS}" font-size="13" font-weight="700" fill="#ffffff" text-anchor="middle">SATG</text>` +
      `<text x="74" y="34" font-family="${SANS}" font-size="13" font-weight="700" fill="#4a1212">Southern Africa</text>` +
      `<text x="74" y="50" font-family="${SANS}" font-size="13" font-weight="700" fill="#4a1212">Travel Guild</text>` +
      `<text x="74" y="64" font-family="${SANS}" font-size="9" font-weight="700" letter-spacing="2.5" fill="#9a6b00">MEMBER</text>`,
  ),
  "global-luxury-travel-council": logo(
    "Global Luxury Travel Council - Accredited",
    `<path d="M36 8 L64 40 L36 72 L8 40 Z" fill="#1c1c2e"/>` +
      `<path d="M36 18 L54 40 L36 62 L18 40 Z" fill="none" stroke="#c9a227" stroke-width="2"/>` +
      `<text x="36" y="44" font-family="${SERIF}" font-size="12" font-weight="700" fill="#c9a227" text-anchor="middle">GL</text>` +
      `<text x="74" y="34" font-family="${SERIF}" font-size="14" fill="#1c1c2e">Global Luxury</text>` +
      `<text x="74" y="50" font-family="${SERIF}" font-size="14" fill="#1c1c2e">Travel Council</text>` +
      `<text x="74" y="64" font-family="${SANS}" font-size="9" font-weight="700" letter-spacing="2" fill="#8a6d0f">ACCREDITED</text>`,
  ),
  "international-air-travel-registry": logo(
    "International Air Travel Registry - Accredited Agent",
    `<rect x="6" y="14" width="62" height="52" rx="8" fill="#0a4f9c"/>` +
      `<text x="37" y="46" font-family="${SANS}" font-size="17" font-weight="700" fill="#ffffff" text-anchor="middle">IATR</text>` +
      `<path d="M14 56 H60" stroke="#7fc4ff" stroke-width="2.5"/>` +
      `<text x="76" y="34" font-family="${SANS}" font-size="12" font-weight="700" fill="#0a2f5c">International Air</text>` +
      `<text x="76" y="49" font-family="${SANS}" font-size="12" font-weight="700" fill="#0a2f5c">Travel Registry</text>` +
      `<text x="76" y="63" font-family="${SANS}" font-size="8.5" font-weight="700" letter-spacing="1.2" fill="#0a4f9c">ACCREDITED AGENT</text>`,
  ),
  "green-journeys-certified": logo(
    "Green Journeys - Certified Sustainable",
    `<circle cx="36" cy="40" r="28" fill="#e8f5e9" stroke="#2e7d32" stroke-width="3"/>` +
      `<path d="M24 54 Q22 30 48 24 Q52 48 28 52 Z" fill="#2e7d32"/>` +
      `<path d="M24 56 Q32 42 42 32" fill="none" stroke="#e8f5e9" stroke-width="2.5" stroke-linecap="round"/>` +
      `<text x="74" y="38" font-family="${SANS}" font-size="14.5" font-weight="700" fill="#1b4d20">Green Journeys</text>` +
      `<text x="74" y="54" font-family="${SANS}" font-size="9" font-weight="700" letter-spacing="1.6" fill="#2e7d32">CERTIFIED</text>` +
      `<text x="74" y="65" font-family="${SANS}" font-size="9" font-weight="700" letter-spacing="1.6" fill="#2e7d32">SUSTAINABLE</text>`,
  ),
};

async function logos(): Promise<void> {
  for (const [dir, set] of [
    [partnersDir, PARTNERS],
    [accreditedDir, ACCREDITED],
  ] as const) {
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    for (const [name, svg] of Object.entries(set)) {
      const file = path.join(dir, `${name}.svg`);
      await writeFile(file, svg);
      console.log(`${path.relative(root, file)}  ${svg.length} B`);
    }
  }
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

if (want("banners")) await banners();
if (want("banners") || want("portraits")) await portraits();
if (want("logos")) await logos();
if (want("moments")) await moments();

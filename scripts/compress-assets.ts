// Post-build: compress every text asset of the client build once, at the best settings (brotli
// quality 11, gzip level 9), beside the original (`x.js.br`, `x.js.gz`). The server sends these
// files as they are, so no request pays for compressing a hashed asset. Images and videos are
// never compressed (their formats already are). Small files too: a 488-byte script is 250 bytes in
// brotli, and every public page's JS budget counts such bytes (decision 159). Run by
// `npm run build`; BUILD_DIR honoured.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const TEXT = /\.(?:js|mjs|css|json|map|txt|html|xml|webmanifest)$/i;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const clientDir = path.resolve(root, process.env.BUILD_DIR ?? "build", "client");

/**
 * Brotli's input block size (0: the encoder's own choice). The largest block saves ~125 bytes of
 * the 93 KB framework chunk; each file keeps whichever is smallest, since every public page's JS
 * budget counts its bytes (decision 159). All are valid brotli for every browser.
 */
const BROTLI_BLOCKS = [0, 24];

const smallest = (buffers: Buffer[]) =>
  buffers.reduce((best, next) => (next.length < best.length ? next : best));

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile() && TEXT.test(entry.name)) yield full;
  }
}

if (!fs.existsSync(clientDir)) {
  console.error(`No client build at ${clientDir}`);
  process.exit(1);
}
let files = 0;
let before = 0;
let afterBr = 0;
for (const file of walk(clientDir)) {
  const source = fs.readFileSync(file);
  const br = smallest(
    BROTLI_BLOCKS.map((lgblock) =>
      brotliCompressSync(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          [constants.BROTLI_PARAM_LGBLOCK]: lgblock,
        },
      }),
    ),
  );
  const gz = gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
  // An encoding that does not shrink the file is not written; the server then sends the original.
  if (br.length < source.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < source.length) fs.writeFileSync(`${file}.gz`, gz);
  files++;
  before += source.length;
  afterBr += Math.min(br.length, source.length);
}
console.log(
  `compressed ${files} client assets: ${(before / 1024).toFixed(0)} KB → ${(afterBr / 1024).toFixed(0)} KB brotli`,
);

import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

/*
 * Every page is complete and usable as server-rendered HTML; the JS only enhances it. So the JS
 * must not compete with the first paint: React Router's module preloads and its module script are
 * made inert in the HTML (an unknown `rel`, an unknown script `type`), and a small inline script
 * turns them back on once the browser has reported its first contentful paint (or the visitor
 * presses, touches or types, or 3 s have passed). The CSS, fonts and the hero image get the
 * connection first; hydration starts a moment later. Decision 062.
 */

const PRELOAD = '<link rel="modulepreload"';
const INERT_PRELOAD = '<link rel="x-modulepreload"';
const MODULE_SCRIPT = 'type="module" async=""';
const INERT_MODULE_SCRIPT = 'type="x-deferred-module" async=""';
const BODY_END = "</body>";

/** Runs in the browser: restores the preloads and the module script after the first paint. */
export const START_SCRIPTS = `(()=>{let d=!1;const s=()=>{if(d)return;d=!0;for(const l of document.querySelectorAll('link[rel="x-modulepreload"]'))l.rel="modulepreload";const o=document.querySelector('script[type="x-deferred-module"]');if(!o)return;const n=document.createElement("script");n.type="module";n.nonce=o.nonce;n.textContent=o.textContent;o.replaceWith(n)};try{new PerformanceObserver((e,b)=>{e.getEntriesByName("first-contentful-paint").length&&(b.disconnect(),setTimeout(s,0))}).observe({type:"paint",buffered:!0})}catch{s()}for(const t of["pointerdown","keydown","touchstart"])addEventListener(t,s,{once:!0,capture:!0,passive:!0});setTimeout(s,3e3)})();`;

const PATTERNS = [PRELOAD, MODULE_SCRIPT, BODY_END];
/** The longest unfinished start of a pattern: one character short of the longest pattern. */
const LONGEST_TAIL = Math.max(...PATTERNS.map((pattern) => pattern.length)) - 1;

/** Length of the longest end of `text` that is the unfinished start of a pattern. */
function unfinishedTail(text: string): number {
  for (let size = Math.min(LONGEST_TAIL, text.length); size > 0; size--) {
    const tail = text.slice(text.length - size);
    if (PATTERNS.some((pattern) => pattern.startsWith(tail))) return size;
  }
  return 0;
}

/**
 * Rewrites a streamed HTML document as described above. A pattern split across chunks is found:
 * an unfinished pattern at the end of a chunk waits for the next one. Only React Router's own
 * markup can match: page text and JSON in the HTML have `<` and quotes escaped.
 */
export function deferModuleScripts(nonce: string | undefined, extraScript = ""): Transform {
  const decoder = new StringDecoder("utf8");
  const open = `<script${nonce ? ` nonce="${nonce}"` : ""}>`;
  // `extraScript`: another inline script of the page outside React (the language hint, 151).
  const loader = `${open}${START_SCRIPTS}</script>${extraScript ? `${open}${extraScript}</script>` : ""}`;
  let pending = "";
  let moduleScriptSeen = false;
  let loaderWritten = false;

  // Replacements never produce a pattern, so rewriting a text twice changes nothing more.
  const rewrite = (text: string): string => {
    let out = text.replaceAll(PRELOAD, INERT_PRELOAD);
    if (!moduleScriptSeen && out.includes(MODULE_SCRIPT)) {
      out = out.replace(MODULE_SCRIPT, INERT_MODULE_SCRIPT);
      moduleScriptSeen = true;
    }
    if (moduleScriptSeen && !loaderWritten && out.includes(BODY_END)) {
      out = out.replace(BODY_END, `${loader}${BODY_END}`);
      loaderWritten = true;
    }
    return out;
  };

  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = rewrite(pending + (typeof chunk === "string" ? chunk : decoder.write(chunk)));
      const keep = unfinishedTail(text);
      pending = text.slice(text.length - keep);
      const ready = text.slice(0, text.length - keep);
      callback(null, ready || undefined);
    },
    flush(callback) {
      const rest = rewrite(pending + decoder.end());
      pending = "";
      callback(null, rest || undefined);
    },
  });
}

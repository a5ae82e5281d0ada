import fs from "node:fs";
import path from "node:path";

/**
 * The scripts a page loads on first load, as files of the client build: its modulepreload links,
 * the route modules its module script imports, and everything those import statically (dynamic
 * imports are left out: they load only when the page asks for them).
 */
export function firstLoadScripts(html: string, clientDir: string): string[] {
  const seen = new Set<string>();
  const queue = [
    ...[...html.matchAll(/<link rel="(?:x-)?modulepreload" href="(\/assets\/[^"]+\.js)"/g)].map(
      (m) => m[1]!,
    ),
    ...[
      ...html.matchAll(/import(?:\s+\*\s+as\s+\w+\s+from\s*|\s*\(\s*)"(\/assets\/[^"]+\.js)"/g),
    ].map((m) => m[1]!),
  ];
  while (queue.length) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const source = fs.readFileSync(path.join(clientDir, url), "utf8");
    for (const m of source.matchAll(
      /(?:^|[;}\s])import\s*(?:[\w{},*\s$]+from\s*)?"\.\/([^"]+\.js)"/g,
    ))
      queue.push(`/assets/${m[1]}`);
  }
  return [...seen];
}

/** Brotli bytes of those scripts, as the server sends them (the build's .br files). */
export function brotliBytes(urls: string[], clientDir: string): number {
  return urls.reduce((sum, url) => {
    const file = path.join(clientDir, url);
    return sum + fs.statSync(fs.existsSync(`${file}.br`) ? `${file}.br` : file).size;
  }, 0);
}

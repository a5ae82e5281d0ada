import fs from "node:fs";
import path from "node:path";
import { firstLoadScripts } from "/work/main/tests/support/page-scripts.ts";
const clientDir = "/work/main/build/client";
const html = fs.readFileSync(process.argv[2]!, "utf8");
let total = 0;
for (const s of firstLoadScripts(html, clientDir)) {
  const f = path.join(clientDir, s);
  const b = fs.statSync(fs.existsSync(f + ".br") ? f + ".br" : f).size;
  total += b;
  console.log(b, fs.statSync(f).size, s);
}
console.log("total", total, (total / 1024).toFixed(1));

// Runs npm scripts at the same time (`npm test` checks types and lint together, decision 163):
// each one's output is printed whole when it ends, and the run fails when any of them fails.
import { spawn } from "node:child_process";

interface Finished {
  name: string;
  code: number;
  output: string;
}

function run(name: string): Promise<Finished> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", name], { stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("error", (error) => resolve({ name, code: 1, output: error.message }));
    child.on("close", (code) =>
      resolve({ name, code: code ?? 1, output: Buffer.concat(chunks).toString() }),
    );
  });
}

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error("usage: node scripts/parallel.ts <npm script> [<npm script>…]");
  process.exit(2);
}
const finished = await Promise.all(names.map(run));
for (const { name, code, output } of finished) {
  console.log(`\n> npm run ${name}: ${code === 0 ? "passed" : `failed (exit ${code})`}`);
  if (output.trim()) console.log(output.trimEnd());
}
process.exit(finished.some((f) => f.code !== 0) ? 1 : 0);

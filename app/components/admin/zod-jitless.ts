import { z } from "zod";

// In the browser, zod parses without compiling code: its first object parse otherwise probes
// `new Function("")`, which the strict CSP (no 'unsafe-eval') blocks and reports as a violation,
// a DevTools issue that costs the admin forms Lighthouse's best-practices score (decision 105).
// The server keeps the compiled fast path.
if (typeof document !== "undefined") z.config({ jitless: true });

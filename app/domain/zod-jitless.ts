import { z } from "zod";

// In the browser, zod parses without compiling code. Otherwise building its first object schema
// probes `new Function("")`, which the strict CSP (no 'unsafe-eval') blocks and reports as a
// violation: a DevTools issue that costs the admin forms Lighthouse's best-practices score
// (decision 105). So every module here that builds schemas imports this one first. The server
// keeps the compiled fast path.
if (typeof document !== "undefined") z.config({ jitless: true });

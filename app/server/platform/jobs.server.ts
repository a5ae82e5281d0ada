import type { Db } from "./db.server";
import { log } from "./log.server";

/*
 * The in-app job runner (decision 092): named periodic jobs, each a plain function with
 * its period beside it. One timer ticks (every 30 s by default); a tick runs every job whose
 * period has passed. With several instances on one database each period's run is claimed in the
 * `job_runs` table by exactly one of them (a conditional upsert), and jobs that change rows lock
 * them with SKIP LOCKED as well. The first tick runs at start, so work that fell due while the app
 * was down is done at once. The timer never keeps the process alive; stop() waits for a running
 * tick (the shutdown drains it like requests).
 */

export interface JobContext {
  db: Db;
  /** The runner's clock (a fake one in tests). */
  now: Date;
}

export interface Job {
  /** Lower case, digits, dots, dashes and underscores: a metrics label and a `job_runs` key. */
  name: string;
  /** How often it runs, at most once per tick. */
  everyMs: number;
  /** Returns how many things it did (logged when not 0), or nothing. */
  run(context: JobContext): Promise<number | void>;
}

export interface JobStats {
  name: string;
  runs: number;
  failures: number;
}

export interface JobRunnerOptions {
  db: Db;
  now?: () => Date;
  /** Time between ticks; default 30 s. */
  tickMs?: number;
}

export const DEFAULT_TICK_MS = 30_000;
const JOB_NAME = /^[a-z0-9][a-z0-9_.-]{0,59}$/;

interface Entry {
  job: Job;
  runs: number;
  failures: number;
}

export class JobRunner {
  readonly #db: Db;
  readonly #now: () => Date;
  readonly #tickMs: number;
  readonly #jobs = new Map<string, Entry>();
  #timer: NodeJS.Timeout | undefined;
  #current: Promise<void> | undefined;
  #stopped = false;

  constructor(options: JobRunnerOptions) {
    this.#db = options.db;
    this.#now = options.now ?? (() => new Date());
    this.#tickMs = options.tickMs ?? DEFAULT_TICK_MS;
    if (!(this.#tickMs >= 10)) throw new Error("The job runner's tick must be at least 10 ms");
  }

  /** Adds a job; names are unique. Returns a function that removes it again. */
  register(job: Job): () => void {
    if (!JOB_NAME.test(job.name)) throw new Error(`Invalid job name: ${JSON.stringify(job.name)}`);
    if (this.#jobs.has(job.name)) throw new Error(`A job named ${job.name} is already registered`);
    if (!(job.everyMs >= 1_000)) throw new Error(`Job ${job.name} must run at most once a second`);
    this.#jobs.set(job.name, { job, runs: 0, failures: 0 });
    return () => void this.#jobs.delete(job.name);
  }

  /** Runs the first tick now (catch-up after downtime), then one every tick. */
  start(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    if (!this.#timer) {
      this.#timer = setInterval(() => void this.tick(), this.#tickMs);
      this.#timer.unref();
    }
    return this.tick();
  }

  /** Runs each job whose period has passed; a tick that is still running is joined, not doubled. */
  tick(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    this.#current ??= this.#runDue().finally(() => {
      this.#current = undefined;
    });
    return this.#current;
  }

  /** Stops the timer and waits for a running tick. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#current;
  }

  /** Runs and failures per job since start (for /metrics). */
  stats(): JobStats[] {
    return [...this.#jobs.values()].map(({ job, runs, failures }) => ({
      name: job.name,
      runs,
      failures,
    }));
  }

  async #runDue(): Promise<void> {
    for (const entry of [...this.#jobs.values()]) {
      if (this.#stopped) return;
      await this.#runOne(entry);
    }
  }

  async #runOne(entry: Entry): Promise<void> {
    const { job } = entry;
    const now = this.#now();
    try {
      if (!(await this.#claim(job, now))) return;
    } catch (error) {
      // The database is away: nothing ran; the next tick tries again.
      log("warn", "job runner could not reach the database", {
        job: job.name,
        error: String(error),
      });
      return;
    }
    entry.runs++;
    let failure: string | null = null;
    try {
      const count = await job.run({ db: this.#db, now });
      if (typeof count === "number" && count > 0) log("info", "job done", { job: job.name, count });
    } catch (error) {
      entry.failures++;
      failure = error instanceof Error ? error.message : String(error);
      log("warn", "job failed", { job: job.name, error: failure });
    }
    await this.#db
      .updateTable("job_runs")
      .set({ last_finished_at: this.#now(), last_error: failure?.slice(0, 1000) ?? null })
      .where("name", "=", job.name)
      .execute()
      .catch(() => undefined);
  }

  /**
   * Claims this period's run: true for exactly one instance, the one whose conditional upsert
   * moved `last_started_at` forward (a little slack, so a timer firing early still claims).
   */
  async #claim(job: Job, now: Date): Promise<boolean> {
    const slack = Math.min(1_000, job.everyMs / 10);
    const due = new Date(now.getTime() - job.everyMs + slack);
    const claimed = await this.#db
      .insertInto("job_runs")
      .values({ name: job.name, last_started_at: now })
      .onConflict((oc) =>
        oc
          .column("name")
          .doUpdateSet({ last_started_at: now, last_finished_at: null, last_error: null })
          .where("job_runs.last_started_at", "<=", due),
      )
      .returning("name")
      .executeTakeFirst();
    return claimed !== undefined;
  }
}

import { isShippedLanguage, SHIPPED_LANGUAGES, type Language } from "~/domain/i18n/languages";
import { isCurrency } from "~/domain/money";
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], {
    error: "must be one of true, false, 1, 0, yes, no",
  })
  .transform((v) => v === "true" || v === "1" || v === "yes");

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const optionalUrl = z.url({ error: "must be a URL" }).optional();

const HOST_NAME =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$|^\[[0-9a-f:.]+\]$/;

/** Further host names of the site, comma separated ("www.example.com, example.com"). */
const hostList = z
  .string()
  .transform((v) =>
    v
      .split(",")
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine((hosts) => hosts.every((h) => HOST_NAME.test(h) && h.length <= 253), {
    error: "must be host names separated by commas, without scheme or port (www.example.com)",
  });

/**
 * How many reverse proxies in front of the app to trust (decision 080): X-Forwarded-For, -Proto
 * and -Host are read that many hops from the right, so a client cannot choose its own address,
 * scheme or host (decision 116). `true` (the old
 * switch) means one proxy; `false` none.
 */
const proxyHops = z
  .string()
  .regex(/^(\d{1,2}|true|false|yes|no)$/, {
    error: "must be the number of reverse proxies in front of the app (0, 1, 2…)",
  })
  .transform((v) =>
    v === "true" || v === "yes" ? 1 : v === "false" || v === "no" ? 0 : Number(v),
  );

/**
 * The site's languages, comma separated, the default first ("en,de"); each must have a shipped
 * catalogue (decision 127).
 */
const languageList = z
  .string()
  .transform((v) =>
    v
      .split(",")
      .map((code) => code.trim().toLowerCase())
      .filter(Boolean),
  )
  .superRefine((codes, ctx) => {
    const shipped = SHIPPED_LANGUAGES.join(", ");
    if (codes.length === 0)
      ctx.addIssue({ code: "custom", message: `must name at least one language of ${shipped}` });
    for (const code of codes)
      if (!isShippedLanguage(code))
        ctx.addIssue({
          code: "custom",
          message: `"${code}" is not a language the site ships; use codes of ${shipped}, the default first (en,de)`,
        });
    if (new Set(codes).size !== codes.length)
      ctx.addIssue({ code: "custom", message: "names a language twice" });
  })
  .transform((codes) => codes as Language[]);

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce
      .number({ error: "must be a number" })
      .int()
      .min(0)
      .max(65535, { error: "must be a port number (0-65535)" })
      .default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: "must be a postgres:// URL" })
      .optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    SEED_DEMO: bool.optional(),
    ADMIN_EMAIL: z.email({ error: "must be an e-mail address" }).optional(),
    ADMIN_PASSWORD: z.string().min(12, { error: "must be at least 12 characters" }).optional(),
    TRUST_PROXY: proxyHops.default(0),
    PUBLIC_URL: optionalUrl,
    /** Host names besides PUBLIC_URL's whose pages are cached and warmed (decision 113). */
    ALLOWED_HOSTS: hostList.default([]),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_PUBLIC_URL: optionalUrl,
    S3_FORCE_PATH_STYLE: bool.default(true),
    SITE_NAME: z.string().min(1).optional(),
    SITE_PHONE: z.string().min(1).optional(),
    SITE_EMAIL: z.email({ error: "must be an e-mail address" }).optional(),
    SITE_WHATSAPP: z
      .string()
      .regex(/^\d{7,15}$/, { error: "must be the number in international form, digits only" })
      .optional(),
    SITE_FACEBOOK_URL: optionalUrl,
    SITE_INSTAGRAM_URL: optionalUrl,
    /** The company's time zone: the day departures count from, dates staff type (IANA name). */
    SITE_TIME_ZONE: z
      .string()
      .refine(isTimeZone, { error: "must be an IANA time zone such as Africa/Johannesburg" })
      .default("Africa/Johannesburg"),
    /** Show the spec's made-up rating for packages without one (never in structured data). */
    PLACEHOLDER_RATINGS: bool.default(false),
    /** The currency departures are priced in unless staff choose another (ISO 4217). */
    SITE_CURRENCY: z
      .string()
      .transform((c) => c.trim().toUpperCase())
      .refine(isCurrency, { error: "must be an ISO 4217 currency code such as ZAR" })
      .default("ZAR"),
    /** A departure with at most this many seats left shows "Limited". */
    LIMITED_SEATS: z.coerce
      .number({ error: "must be a whole number of seats" })
      .int({ error: "must be a whole number of seats" })
      .min(0, { error: "must be a whole number of seats" })
      .max(999, { error: "must be a whole number of seats" })
      .default(4),
    /** The languages the site is shown in, the default first (decision 127). */
    SITE_LANGUAGES: languageList.default(["en"]),
    /** Signs cookies (flash, trusted device); unset: a random key kept in the database. */
    SESSION_SECRET: z.string().min(32, { error: "must be at least 32 characters" }).optional(),
    /** The SESSION_SECRET before a rotation: opens two-factor secrets sealed with it (decision 120). */
    SESSION_SECRET_PREVIOUS: z
      .string()
      .min(32, { error: "must be at least 32 characters" })
      .optional(),
    /** smtp://user:pass@host:port or smtps://…; unset: messages are logged, not sent. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^/?#]+/, { error: "must be an smtp:// or smtps:// URL" })
      .optional(),
    /** The From of every message, e.g. `Wanderlux <no-reply@example.com>`; default SITE_EMAIL. */
    MAIL_FROM: z.string().min(3).max(320).optional(),
    /** Where new-enquiry notices go; default SITE_EMAIL. */
    ENQUIRY_NOTIFY_TO: z.email({ error: "must be an e-mail address" }).optional(),
    /** Send visitors an acknowledgement of their enquiry (off: unverified addresses). */
    ENQUIRY_ACK: bool.default(false),
    /** Enquiries older than this many days are deleted by the daily retention run. */
    ENQUIRY_RETENTION_DAYS: z.coerce
      .number({ error: "must be a number of days" })
      .int({ error: "must be a whole number of days" })
      .min(1, { error: "must be at least 1 day" })
      .max(36500, { error: "must be at most 36500 days" })
      .default(730),
    /** How long a booking request holds its seats before staff must confirm it. */
    BOOKING_HOLD_HOURS: z.coerce
      .number({ error: "must be a number of hours" })
      .int({ error: "must be a whole number of hours" })
      .min(1, { error: "must be at least 1 hour" })
      .max(720, { error: "must be at most 720 hours" })
      .default(48),
    /** A booking's personal data is deleted this many days after its departure ends. */
    BOOKING_RETENTION_DAYS: z.coerce
      .number({ error: "must be a number of days" })
      .int({ error: "must be a whole number of days" })
      .min(1, { error: "must be at least 1 day" })
      .max(36500, { error: "must be at most 36500 days" })
      .default(730),
    /** History: each package and moment keeps at least this many newest versions… */
    HISTORY_KEEP_VERSIONS: z.coerce
      .number({ error: "must be a number of versions" })
      .int({ error: "must be a whole number of versions" })
      .min(1, { error: "must be at least 1 version" })
      .max(100_000, { error: "must be at most 100000 versions" })
      .default(50),
    /** …and every version younger than this many days; older ones beyond the count are pruned. */
    HISTORY_KEEP_DAYS: z.coerce
      .number({ error: "must be a number of days" })
      .int({ error: "must be a whole number of days" })
      .min(1, { error: "must be at least 1 day" })
      .max(36500, { error: "must be at most 36500 days" })
      .default(180),
    /** Events (the activity log) older than this many days are deleted by the daily job. */
    AUDIT_RETENTION_DAYS: z.coerce
      .number({ error: "must be a number of days" })
      .int({ error: "must be a whole number of days" })
      .min(1, { error: "must be at least 1 day" })
      .max(36500, { error: "must be at most 36500 days" })
      .default(365),
    /** How often the job runner looks for due work (scheduled publishing is applied within it). */
    JOB_TICK_SECONDS: z.coerce
      .number({ error: "must be a number of seconds" })
      .int({ error: "must be a whole number of seconds" })
      .min(1, { error: "must be at least 1 second" })
      .max(60, { error: "must be at most 60 seconds (scheduled changes are due within a minute)" })
      .default(30),
    /** Turns on GET /metrics (Prometheus), readable with `Authorization: Bearer <token>`. */
    METRICS_TOKEN: z.string().min(16, { error: "must be at least 16 characters" }).optional(),
    /**
     * Online payments (decision 130): a Stripe secret or restricted key. Payments are on only when
     * this and STRIPE_WEBHOOK_SECRET are both set; without them bookings stay requests staff confirm.
     */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, {
        error: "must be a Stripe secret key (sk_test_…, sk_live_…, rk_test_… or rk_live_…)",
      })
      .optional(),
    /** The signing secret of the /webhooks/stripe endpoint (whsec_…). */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9_]+$/, {
        error: "must be a Stripe webhook signing secret (whsec_…)",
      })
      .optional(),
    /**
     * A Stripe-compatible server to talk to instead of Stripe (tests, demos, stripe-mock): an
     * origin only, since the SDK always asks for /v1/… paths.
     */
    STRIPE_API_URL: z
      .url({ error: "must be a URL such as http://127.0.0.1:12111" })
      .refine(
        (v) => {
          const url = new URL(v);
          return (
            (url.protocol === "http:" || url.protocol === "https:") &&
            url.pathname === "/" &&
            !url.search &&
            !url.hash &&
            !url.username
          );
        },
        { error: "must be an origin (http://host:port) with no path: the SDK asks for /v1/…" },
      )
      .optional(),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
    PAGE_CACHE_MAX_BYTES: z.coerce
      .number({ error: "must be a number of bytes" })
      .int({ error: "must be a whole number of bytes" })
      .min(0, { error: "must be 0 (off) or more" })
      .default(32 * 1024 * 1024),
    /**
     * Cache hits answered by the first middleware (decision 095); `false` sends them through the
     * whole middleware stack like any request (the same answers, slower).
     */
    PAGE_CACHE_FAST_PATH: bool.default(true),
    /**
     * Uncached public pages waiting for a render slot (decision 096); past this many, new ones are
     * answered 503 with Retry-After. Cache hits never wait.
     */
    RENDER_QUEUE_DEPTH: z.coerce
      .number({ error: "must be a number of requests" })
      .int({ error: "must be a whole number of requests" })
      .min(0, { error: "must be 0 or more" })
      .max(100_000, { error: "must be at most 100000" })
      .default(256),
  })
  .superRefine((env, ctx) => {
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
      });
    }
    if ((env.STRIPE_SECRET_KEY === undefined) !== (env.STRIPE_WEBHOOK_SECRET === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [env.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY"],
        message:
          "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together (payments are on with both, off with neither)",
      });
    }
    if (env.STRIPE_API_URL && env.STRIPE_SECRET_KEY && /_live_/.test(env.STRIPE_SECRET_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_API_URL"],
        message: "must not be set with a live Stripe key: a live key talks to Stripe only",
      });
    }
  });

export type Env = z.infer<typeof envSchema> & { SEED_DEMO: boolean };

export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses the environment; throws an EnvError whose message names every bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings count as unset, as in most shells' `VAR= cmd`.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join(".") || "(env)"}: ${issue.message}`,
    );
    throw new EnvError(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = result.data;
  return { ...env, SEED_DEMO: env.SEED_DEMO ?? env.DATABASE_URL === undefined };
}

/** Values that are accepted but deserve a word at start (logged as warnings). */
export function envWarnings(source: Record<string, string | undefined> = process.env): string[] {
  const warnings: string[] = [];
  const trust = source.TRUST_PROXY;
  if (trust === "true" || trust === "yes")
    warnings.push(
      `TRUST_PROXY=${trust} is read as TRUST_PROXY=1 (one reverse proxy). Set the number of proxies in front of the app instead.`,
    );
  if (source.NODE_ENV === "production" && !source.PUBLIC_URL)
    warnings.push(
      "PUBLIC_URL is not set: pages are cached only when asked for as localhost, 127.0.0.1 or [::1]. Set PUBLIC_URL (and ALLOWED_HOSTS for further names) to the site's address.",
    );
  return warnings;
}

/** A host as Express's `req.hostname` and the fast path read it: lower case, IPv6 in brackets. */
function hostOfUrl(url: string): string {
  return new URL(url).hostname.toLowerCase();
}

/**
 * The host names the site answers as itself (decision 113): PUBLIC_URL's, ALLOWED_HOSTS, and the
 * address it listens on when that is a single address. Without PUBLIC_URL (a machine of one's own)
 * also the loopback names. Only these are cached and warmed; a page asked for under any other Host
 * is rendered, answered and forgotten, so made-up hosts cannot fill the cache or multiply the
 * warmer's work.
 */
export function siteHosts(
  env: Pick<Env, "PUBLIC_URL" | "ALLOWED_HOSTS" | "HOST">,
): ReadonlySet<string> {
  const hosts = new Set<string>(env.ALLOWED_HOSTS);
  if (env.PUBLIC_URL) hosts.add(hostOfUrl(env.PUBLIC_URL));
  else for (const name of ["localhost", "127.0.0.1", "[::1]"]) hosts.add(name);
  if (env.HOST !== "0.0.0.0" && env.HOST !== "::") {
    const listen = env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST;
    hosts.add(listen.toLowerCase());
  }
  return hosts;
}

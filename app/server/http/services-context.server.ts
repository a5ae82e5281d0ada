import { createContext, RouterContextProvider } from "react-router";
import type { SiteConfig } from "~/domain/site";
import type { Mailer } from "../mail/mailer.server";
import type { MediaStore } from "../media/media-store.server";
import type { StripeAccess } from "../payments/stripe.server";
import type { Db } from "../platform/db.server";
import type { Env } from "../platform/env.server";
import type { Runtime } from "./runtime.server";

/*
 * How a loader or action reaches the database and friends (docs/architecture.md): the server puts
 * the runtime's services into React Router's context for every request (server/app.ts,
 * getLoadContext) and every render the page warmer starts; a route reads them with
 * `const { db, site } = servicesFrom(context)` and passes what a service needs as arguments.
 * There are no module-level getters.
 */

/** What the running app gives loaders and actions. */
export interface AppServices {
  db: Db;
  media: MediaStore;
  mailer: Mailer;
  /** The site facts; `site.timeZone` is the one source of the company's time zone. */
  site: SiteConfig;
  env: Env;
  /** Stripe (decision 130), or null while payments are off: nothing then mentions card payment. */
  stripe: StripeAccess | null;
}

/** No default: a loader run without the server's context fails loudly, not with a stray global. */
export const servicesContext = createContext<AppServices>();

/** The services of this request (loaders, actions and middleware: `servicesFrom(context)`). */
export function servicesFrom(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(servicesContext);
}

/** The services a started runtime provides. */
export function servicesOf(runtime: Runtime): AppServices {
  return {
    db: runtime.database.db,
    media: runtime.media,
    mailer: runtime.mailer,
    site: runtime.site,
    env: runtime.env,
    stripe: runtime.stripe,
  };
}

/** A fresh router context carrying `services` (one per request or warmer render). */
export function contextWithServices(services: AppServices): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  return context;
}

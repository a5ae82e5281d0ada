import type express from "express";
import { isbot } from "isbot";
import { isChatTopic } from "~/domain/chat-links";
import { packageChatLink } from "~/domain/package-chat";
import { isUuid } from "~/domain/schemas";
import type { SiteConfig } from "~/domain/site";
import { ENQUIRY_TEXTS } from "~/domain/site-content";
import { whatsappLink } from "~/domain/whatsapp";
import { getPackageById } from "../catalogue/packages.server";
import type { Db } from "../platform/db.server";
import { log } from "../platform/log.server";
import { dayIn } from "~/domain/intl";
import { countClick, GENERAL } from "./booking-clicks.server";

/*
 * GET /whatsapp and /whatsapp/{packageId}: count the click, then 302 to the same
 * prefilled chat link the button used to carry. Mounted in front of the page cache: every click
 * must reach this code (a cached or shared render would count once for many), and the answer is
 * never stored (no-store). A traveller never sees an error here: an unknown, unpublished or
 * malformed id opens the general chat and counts as general. A visitor counts once per target
 * and day (decision 117: a salted daily hash, nothing personal stored).
 */

/** Not a person's click: HEAD, a crawler, or a browser fetching ahead of a possible click. */
export function isUncountable(req: express.Request): boolean {
  if (req.method !== "GET") return true;
  if (isbot(req.get("User-Agent") ?? "")) return true;
  const purpose = `${req.get("Sec-Purpose") ?? ""} ${req.get("Purpose") ?? ""} ${req.get("X-Purpose") ?? ""} ${req.get("X-Moz") ?? ""}`;
  return /prefetch|prerender|preview/i.test(purpose);
}

async function chatTarget(
  db: Db,
  site: SiteConfig,
  id: string | undefined,
  query: express.Request["query"],
): Promise<{ target: string; location: string }> {
  if (id && isUuid(id)) {
    const kind = await db
      .selectFrom("packages")
      .select("kind")
      .where("id", "=", id)
      .where("status", "=", "published")
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    const pkg = kind ? await getPackageById(db, kind.kind, id, { publishedOnly: true }) : undefined;
    if (pkg) {
      const departure = typeof query.departure === "string" ? query.departure : null;
      return { target: pkg.id, location: packageChatLink(pkg, site, departure) };
    }
  }
  const topic =
    typeof query.topic === "string" && isChatTopic(query.topic) ? query.topic : "bookNow";
  return { target: GENERAL, location: whatsappLink(site.whatsapp, ENQUIRY_TEXTS[topic]) };
}

export function whatsappRedirect(deps: () => { db: Db; site: SiteConfig }) {
  return async (req: express.Request, res: express.Response, next: express.NextFunction) => {
    try {
      const { db, site } = deps();
      const id = typeof req.params.id === "string" ? req.params.id : undefined;
      const { target, location } = await chatTarget(db, site, id, req.query).catch(
        (error: unknown) => {
          // The database failing is no reason to keep a traveller from the chat.
          log("warn", "booking click: package lookup failed", { error: String(error) });
          return { target: GENERAL, location: whatsappLink(site.whatsapp, ENQUIRY_TEXTS.bookNow) };
        },
      );
      if (!isUncountable(req)) {
        try {
          await countClick(db, target, dayIn(site.timeZone), {
            ip: req.ip ?? "unknown",
            userAgent: req.get("User-Agent") ?? "",
          });
        } catch (error) {
          // The traveller still gets the chat; only the count is lost.
          log("warn", "booking click not counted", { error: String(error) });
        }
      }
      res.set({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
      res.redirect(302, location);
    } catch (error) {
      next(error);
    }
  };
}

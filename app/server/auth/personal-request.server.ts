import type { Db } from "../platform/db.server";
import { log } from "../platform/log.server";
import { cookieValue } from "./cookies.server";
import { getSessionAdmin, SESSION_COOKIE } from "./session.server";
import { FLASH_COOKIE, verifiedFlash } from "./toast.server";

/*
 * Whether a request's cookies make its page personal (decision 083): a session cookie
 * of a live session, or a flash cookie this server signed (and still valid). A made-up or expired
 * one does not: the request is answered like an anonymous visitor's, from the page cache, so
 * sending a random `wlx_session` no longer pushes the server onto its slow path.
 */

export async function hasLivePrivateCookie(db: Db, header: string | undefined): Promise<boolean> {
  if (!header) return false;
  const flash = cookieValue(header, FLASH_COOKIE);
  const session = cookieValue(header, SESSION_COOKIE);
  if (flash !== undefined && verifiedFlash(flash, session) !== null) return true;
  if (session === undefined) return false;
  try {
    return (await getSessionAdmin(db, session)) !== null;
  } catch (error) {
    // The database is down: the page would fail to render anyway; the cached one still answers.
    log("warn", "session check for the page cache failed", { error: String(error) });
    return false;
  }
}

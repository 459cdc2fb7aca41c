// Pages behind a link in a mail (a quote's, an invoice's): a GET shows, a POST decides. Mail scanners open every link
// they deliver, so a GET changes nothing they could trip: the one thing it notes, "opened", only a person's browser
// earns. A POST from another site's page is refused.
import { isbot } from "isbot";
import { fromOurPages } from "../http/security.ts";

/**
 * Whether a person opened the page: the browser says so (Sec-Fetch-User: ?1, which scanners' fetchers do not send)
 * and names itself, and no known bot.
 */
export function openedByPerson(request: { secFetchUser: string | null; userAgent: string | null }): boolean {
  return !(request.secFetchUser !== "?1" || !request.userAgent || isbot(request.userAgent));
}

/**
 * Whether a POST comes from another site, by the server's one rule for every POST (fromOurPages, decision 0038). A
 * page sent with Referrer-Policy: no-referrer posts with "Origin: null", which a link's page takes.
 */
export function postedFromOtherSite(headers: Headers, siteOrigin: string): boolean {
  return !fromOurPages(headers, new URL(siteOrigin).host, { siteOrigin, nullOrigin: true });
}

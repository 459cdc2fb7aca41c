// Where an estimate request came from, without cookies: the page it was sent from, the first page of the visit,
// the referrer, and campaign tags from an allowlist. The browser keeps them for the visit in sessionStorage and
// sends them as hidden fields (ATTRIBUTION_FIELDS); without JavaScript the POST's Referer gives the page.
// The server bounds and cleans every value here; none is ever shown back to the visitor.

export const ATTRIBUTION_FIELDS = {
  page: "_page",
  landingPage: "_landing",
  referrer: "_referrer",
  utmSource: "utm_source",
  utmMedium: "utm_medium",
  utmCampaign: "utm_campaign",
  utmTerm: "utm_term",
  utmContent: "utm_content",
  gclid: "gclid",
  fbclid: "fbclid",
} as const;

/** Query parameters the browser keeps from the first page of a visit. */
export const CAMPAIGN_PARAMS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "gclid",
  "fbclid",
] as const;

export type AttributionValues = { [K in keyof typeof ATTRIBUTION_FIELDS]: string | null } & {
  cityParam: string | null;
};

// Control, format (bidi, zero-width) and separator characters never belong in these values.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNPRINTABLE = /[\u0000-\u001F\u007F-\u009F\p{Cf}\u2028\u2029]/gu;

/** A value with control and format characters removed, trimmed and cut to `max`; null when nothing is left. */
export function cleanText(value: string | null | undefined, max: number): string | null {
  const text = value?.replace(UNPRINTABLE, "").trim();
  return text ? text.slice(0, max) : null;
}

/** A path on this site ("/contact?city=Peoria"), from a path or a same-origin URL; anything else is dropped. */
export function sitePath(value: string | null | undefined, siteOrigin: string): string | null {
  const text = cleanText(value, 500);
  if (!text) return null;
  try {
    const url = new URL(text, siteOrigin);
    if (url.origin !== siteOrigin) return null;
    return cleanText(url.pathname + url.search, 300);
  } catch {
    return null;
  }
}

/** An http(s) URL, trimmed to 300 characters; anything else is dropped. */
export function webUrl(value: string | null | undefined): string | null {
  const text = cleanText(value, 1000);
  if (!text || !/^https?:\/\//i.test(text)) return null;
  try {
    return cleanText(new URL(text).href, 300);
  } catch {
    return null;
  }
}

const clickId = (value: string | null | undefined) => {
  const text = cleanText(value, 200);
  return text && /^[\w.-]+$/.test(text) ? text : null;
};

/** The sessionStorage key the page script keeps `[landing page, referrer]` under (app/lib/page-script.ts). */
export const VISIT_STORAGE_KEY = "a";

export function parseAttribution(
  values: Readonly<Record<string, string | undefined>>,
  { referer, siteOrigin }: { referer: string | null; siteOrigin: string },
): AttributionValues {
  const landingPage = sitePath(values[ATTRIBUTION_FIELDS.landingPage], siteOrigin);
  // Campaign tags come as fields, or from the query of the visit's first page.
  const landingQuery = new URLSearchParams(landingPage?.split("?")[1] ?? "");
  const tag = (field: (typeof CAMPAIGN_PARAMS)[number]) => values[field] ?? landingQuery.get(field) ?? undefined;
  return {
    // Sent by the form; else the page the browser says the POST came from.
    page: sitePath(values[ATTRIBUTION_FIELDS.page], siteOrigin) ?? sitePath(referer, siteOrigin),
    landingPage,
    referrer: webUrl(values[ATTRIBUTION_FIELDS.referrer]),
    utmSource: cleanText(tag("utm_source"), 100),
    utmMedium: cleanText(tag("utm_medium"), 100),
    utmCampaign: cleanText(tag("utm_campaign"), 100),
    utmTerm: cleanText(tag("utm_term"), 100),
    utmContent: cleanText(tag("utm_content"), 100),
    gclid: clickId(tag("gclid")),
    fbclid: clickId(tag("fbclid")),
    cityParam: cleanText(values.city, 60),
  };
}

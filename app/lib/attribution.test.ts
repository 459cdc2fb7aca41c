// Attribution is bounded, cleaned and limited to what it claims to be.
import { describe, expect, it } from "vitest";
import { parseAttribution, sitePath, webUrl } from "./attribution";

const ORIGIN = "https://www.example.com";

describe("parseAttribution", () => {
  it("keeps the form's values, bounded", () => {
    const values = parseAttribution(
      {
        _page: "/contact?city=Peoria",
        _landing: "https://www.example.com/services/tuckpointing?utm_source=google",
        _referrer: "https://www.google.com/search?q=chimney",
        utm_source: "google",
        utm_medium: "cpc",
        utm_campaign: "x".repeat(500),
        gclid: "Cj0KCQ-abc_123",
        fbclid: "not valid!",
        city: "Peoria",
      },
      { referer: null, siteOrigin: ORIGIN },
    );
    expect(values).toEqual({
      page: "/contact?city=Peoria",
      landingPage: "/services/tuckpointing?utm_source=google",
      referrer: "https://www.google.com/search?q=chimney",
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "x".repeat(100),
      utmTerm: null,
      utmContent: null,
      gclid: "Cj0KCQ-abc_123",
      fbclid: null,
      cityParam: "Peoria",
    });
  });

  it("reads campaign tags from the first page's query when the form sends none", () => {
    const values = parseAttribution(
      { _landing: "/services/tuckpointing?utm_source=facebook&utm_campaign=spring&fbclid=IwAR0x_y" },
      { referer: null, siteOrigin: ORIGIN },
    );
    expect(values).toMatchObject({ utmSource: "facebook", utmCampaign: "spring", fbclid: "IwAR0x_y", gclid: null });
  });

  it("falls back to the POST's Referer for the page when there is no JavaScript", () => {
    expect(
      parseAttribution({}, { referer: "https://www.example.com/contact?city=Normal", siteOrigin: ORIGIN }).page,
    ).toBe("/contact?city=Normal");
  });

  it.each(["https://evil.example/contact", "javascript:alert(1)", "//evil.example/x", "data:text/html,hi"])(
    "drops a page that is not on this site: %s",
    (value) => expect(sitePath(value, ORIGIN)).toBeNull(),
  );

  it.each(["javascript:alert(1)", "ftp://x.example", "not a url", ""])(
    "drops a referrer that is not a web URL: %j",
    (value) => {
      expect(webUrl(value)).toBeNull();
    },
  );

  it("strips control and bidi characters from campaign tags", () => {
    expect(parseAttribution({ utm_source: "goo\u202Egle\r\nX" }, { referer: null, siteOrigin: ORIGIN }).utmSource).toBe(
      "googleX",
    );
  });
});

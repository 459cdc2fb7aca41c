import { describe, expect, it } from "vitest";
import { business } from "~/content/business";
import { mailtoHref, telHref } from "./links";

describe("contact links", () => {
  it("dials digits only", () => {
    expect(telHref("(309) 555-0134")).toBe("tel:3095550134");
    expect(telHref(business.phone)).toMatch(/^tel:\d{10}$/);
  });

  it("writes mailto links with an optional encoded subject", () => {
    expect(mailtoHref("a@example.com")).toBe("mailto:a@example.com");
    expect(mailtoHref("a@example.com", "Free estimate & more")).toBe("mailto:a@example.com?subject=Free%20estimate%20%26%20more");
  });
});

import { describe, expect, it } from "vitest";
import { emailKey, emailMatchKey, nameKey, phoneKey, phoneLabel } from "./contact-keys";

describe("an e-mail's key", () => {
  it("is the address trimmed and lowercased", () => {
    expect(emailKey("  Ann.ONeil@Example.COM ")).toBe("ann.oneil@example.com");
    expect(emailKey("ann@example.com.")).toBe("ann@example.com");
    expect(emailKey("Zoë@exämple.com")).toBe("zoë@exämple.com");
  });

  it("is null for what is not one address", () => {
    for (const typed of ["", "ann", "@example.com", "ann@", "ann@example", "a b@example.com", "a@b@c.com", "<a@b.com>"])
      expect(emailKey(typed), typed).toBeNull();
  });

  it("has a Gmail-canonical form that ignores dots and +tags, and googlemail, for Gmail only", () => {
    expect(emailMatchKey("ann.o.neil+chimney@gmail.com")).toBe("annoneil@gmail.com");
    expect(emailMatchKey("annoneil@googlemail.com")).toBe("annoneil@gmail.com");
    expect(emailMatchKey("ann.oneil+x@example.com")).toBe("ann.oneil+x@example.com");
    expect(emailMatchKey("ann.oneil@outlook.com")).toBe("ann.oneil@outlook.com");
  });
});

describe("a phone's key", () => {
  it("is E.164 however a US number is typed", () => {
    for (const typed of [
      "(309) 828-1234",
      "309.828.1234",
      "1-309-828-1234",
      "+1 309 828 1234",
      "3098281234",
      " 309 828 1234 ",
    ])
      expect(phoneKey(typed), typed).toEqual({ e164: "+13098281234", extension: null });
  });

  it("keeps an extension apart", () => {
    expect(phoneKey("309-828-1234 ext 12")).toEqual({ e164: "+13098281234", extension: "12" });
    expect(phoneKey("(309) 828-1234 x7")).toEqual({ e164: "+13098281234", extension: "7" });
  });

  it("refuses a number that is not valid: no area code, too short, letters only", () => {
    for (const typed of ["828-1234", "12345", "", "call me", "000-000-0000", "309-828-12345678"])
      expect(phoneKey(typed), typed).toBeNull();
  });

  it("reads another country's number when it says so", () => {
    expect(phoneKey("+44 20 7946 0958")?.e164).toBe("+442079460958");
  });

  it("is labelled the American way", () => {
    expect(phoneLabel({ e164: "+13098281234", extension: null })).toBe("(309) 828-1234");
    expect(phoneLabel({ e164: "+13098281234", extension: "12" })).toBe("(309) 828-1234 ext. 12");
  });
});

describe("a name folded for search", () => {
  it("makes Ann O'Neil and ANN ONEIL one", () => {
    expect(nameKey("Ann O'Neil")).toBe("ann oneil");
    expect(nameKey("ANN ONEIL")).toBe("ann oneil");
    expect(nameKey("Ann O’Neil")).toBe("ann oneil");
    expect(nameKey("  José   Núñez-García ")).toBe("jose nunez garcia");
  });
});

import { describe, expect, it } from "vitest";
import { cityNameFromSlug } from "./city-name";

describe("cityNameFromSlug", () => {
  it("turns hyphens into spaces and capitalises each word", () => {
    expect(cityNameFromSlug("east-peoria")).toBe("East Peoria");
    expect(cityNameFromSlug("le-roy")).toBe("Le Roy");
    expect(cityNameFromSlug("HEYWORTH")).toBe("Heyworth");
  });

  it("falls back to 'Our Service Area' when there is no name", () => {
    expect(cityNameFromSlug(undefined)).toBe("Our Service Area");
    expect(cityNameFromSlug("")).toBe("Our Service Area");
    expect(cityNameFromSlug("---")).toBe("Our Service Area");
  });
});

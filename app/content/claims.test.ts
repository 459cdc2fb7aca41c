// Owner claims print strongly only once confirmed; until then the weaker wording says less and nothing false.
import { describe, expect, it } from "vitest";
import { type Claims, claimWording, unconfirmedClaims } from "./claims";

const claims: Claims = {
  foundedYear: { value: 2009, confirmed: true },
  familyRun: { value: true, confirmed: true },
  licences: { value: [{ name: "Illinois roofing contractor license", number: "104.099999" }], confirmed: true },
  insurance: { value: "general liability and workers' compensation", confirmed: true },
  warranty: { value: "5-10 years", confirmed: true },
  paymentMethods: { value: ["Visa", "Bitcoin"], confirmed: true },
  afterHours: { value: "Leave a voicemail; we call back within two hours, every day.", confirmed: true },
};
const unconfirmed = Object.fromEntries(
  Object.entries(claims).map(([k, c]) => [k, { ...c, confirmed: false }]),
) as Claims;

describe("owner claims", () => {
  it("prints the confirmed claims in the one agreed wording", () => {
    const said = claimWording(claims, new Date("2026-01-01T18:00:00Z"));
    expect(said.foundedYear).toBe(2009);
    // 2009 to 1 January 2026 is at least 16 full years whatever the month it started.
    expect(said.yearsInBusiness).toBe(16);
    expect(said.familyRun).toBe(true);
    // New Year's Eve, 7:30 PM in Chicago, is already 2027 in UTC: the business's year is still 2026.
    expect(claimWording(claims, new Date("2027-01-01T01:30:00Z")).yearsInBusiness).toBe(16);
    expect(claimWording(claims, new Date("2027-01-01T06:30:00Z")).yearsInBusiness).toBe(17);
    expect(said.licences).toBe("We hold Illinois roofing contractor license no. 104.099999.");
    expect(said.insurance).toBe(
      "We carry general liability and workers' compensation insurance; certificates before we start.",
    );
    expect(said.warranty).toBe("Written workmanship warranty, typically 5-10 years; terms in your contract.");
    expect(said.credentials).toBe("Licensed and insured");
    expect(said.afterHours).toBe(claims.afterHours.value);
  });

  it("says less, and nothing the owner has not vouched for, while unconfirmed", () => {
    const said = claimWording(unconfirmed);
    expect(said.foundedYear).toBeUndefined();
    expect(said.yearsInBusiness).toBeUndefined();
    expect(said.familyRun).toBe(false);
    const words = [
      said.licences,
      said.insurance,
      said.warranty,
      said.warrantyShort,
      said.credentials,
      said.afterHours,
    ].join(" ");
    expect(words).not.toMatch(/licensed|we hold|we carry|insured|2009|family|every evening|our warranty/i);
    // The spec's "5-10 years" stays, as what is typical in the trade.
    expect(said.warranty).toContain("5-10 years");
    expect(unconfirmedClaims(unconfirmed)).toEqual(Object.keys(claims));
  });

  it("never calls the business licensed for a licence without a number", () => {
    const said = claimWording({
      ...claims,
      licences: { value: [{ name: "Registration", number: " " }], confirmed: true },
    });
    expect(said.licensed).toBe(false);
    expect(said.credentials).toBe("Insured");
  });
});

// The copy keeps the spec's constants, states the checked facts (docs/copy-fixes.md) and quotes the owner's
// claims from content/business.yaml instead of restating them by hand.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { business } from "./business";
import { claimWording } from "./claims";
import { costRows } from "./costs";
import { contactFaqs, generalFaqs, serviceFaqs } from "./faqs";
import { home } from "./home";
import { cities } from "./locations";
import { posts } from "./posts";
import { services } from "./services";

const text = (value: unknown) => JSON.stringify(value);
const service = (slug: string) => text(services.find((s) => s.slug === slug));
const post = (slug: string) => text(posts.find((p) => p.slug === slug));
const all = text({ home, services, cities, posts, generalFaqs, serviceFaqs, contactFaqs, costRows });
const said = claimWording(business.claims);

/** Every content file, as the owner edits it. */
function contentFiles(dir = "content"): { path: string; source: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return contentFiles(path);
    return /\.(ya?ml|md)$/.test(entry.name) ? [{ path, source: readFileSync(path, "utf8") }] : [];
  });
}

describe("copy: the spec's constants stay", () => {
  it("on the service pages", () => {
    expect(service("chimney-crowns")).toContain("$1,000-$3,000 or more");
    expect(service("chimney-crowns")).toMatch(/Pre-cast crowns[^"]*5-15 years/);
    expect(service("chimney-crowns")).toContain("50 years or more");
    expect(service("tuckpointing")).toContain("40°F-90°F");
    expect(service("tuckpointing")).toContain("¾ inch");
    expect(service("tuckpointing")).toContain("20-30 years");
    expect(service("tuckpointing")).toContain("over 25 years old");
    expect(service("hoods-and-caps")).toContain("1-2 hours");
    expect(service("hoods-and-caps")).toContain("2-4 flues");
    expect(service("chimney-rebuilds")).toContain("1-2 weeks");
    expect(service("masonry-repair")).toContain("3-5 days");
    expect(all).toMatch(/annual (chimney )?inspection/);
  });

  it("in the contact FAQ: emergency service, licensed and insured, a warranty of 5-10 years", () => {
    const questions = contactFaqs.map((f) => f.question);
    expect(questions).toEqual(expect.arrayContaining(["Do you offer emergency service?", "Are you licensed and insured?", "Do you offer a warranty?"]));
    const warranty = contactFaqs.find((f) => f.question === "Do you offer a warranty?");
    expect(text(warranty)).toContain("5-10 years");
    expect(text(generalFaqs)).toContain("Bitcoin");
  });
});

describe("copy: the checked facts hold", () => {
  it("puts Pekin west of Bloomington and gives every distance in road miles", () => {
    expect(cities.pekin?.distance).toBe("about 40 road miles west of Bloomington");
    for (const city of Object.values(cities)) {
      if (city.slug === "bloomington" || city.slug === "normal") continue;
      expect(city.distance, city.slug).toMatch(/^about \d+ road miles (west|northwest) of Bloomington$/);
    }
    expect(all).not.toContain("west-southwest");
  });

  it("tells Washington's tornado and town order straight", () => {
    expect(text(cities.washington)).toContain("more than 1,100 homes");
    expect(all).not.toMatch(/hundreds of homes|rushed|closest of the Peoria|first stops on our way/);
  });

  it("names the right districts and no township as a neighborhood", () => {
    expect(text(cities.bloomington)).not.toMatch(/White Place[^.]*oldest/);
    expect(text(cities.bloomington)).toContain("1906");
    expect(all).not.toContain("Fondulac");
  });

  it("rakes mortar by hand on old brick, never 'grinds'", () => {
    expect(all).not.toMatch(/\bgrind|\bground out|grinder/i);
    expect(service("tuckpointing")).toContain("by hand");
  });

  it("keeps the season to about April to October", () => {
    expect(all).not.toMatch(/late fall|spring through fall/);
    expect(service("tuckpointing")).toContain("April to October");
  });

  it("says what rust, caps and glass block really mean", () => {
    expect(post("signs-you-need-chimney-crown-repair-bloomington")).not.toMatch(/rust on a metal chimney cap point/);
    expect(service("hoods-and-caps")).toContain("carbon monoxide");
    expect(service("hoods-and-caps")).toMatch(/only a wood-burning fireplace/);
    expect(service("glass-block-windows")).toContain("finished or has a bedroom");
  });

  it("resolves the contradictions between pages", () => {
    expect(all).not.toMatch(/concrete cap|often called a hood|a new cap or sealing a crown take a few hours/);
    expect(all).not.toMatch(/mortar.wash[^."]*a few winters/i);
    expect(all).toMatch(/mortar-wash crowns often crack within 10-15 years/);
    expect(text(contactFaqs)).toContain("one to two days on the roof");
  });

  it("separates the free estimate from the paid inspection, and documents claims without adjusting them", () => {
    expect(text(generalFaqs)).toContain("A free estimate is not a full chimney inspection");
    expect(post("will-insurance-pay-for-chimney-repair")).toContain("we don't negotiate your claim or interpret your policy");
    expect(all).not.toMatch(/walk your adjuster|good evidence/);
  });

  it("makes no promise the weather can break and no unconfirmed claim", () => {
    expect(all).not.toMatch(/firm start|shows up when we say|every week|you're protected|\bon time\b/i);
  });
});

describe("copy: owner claims come from content/business.yaml", () => {
  it("never restates years, family, licences, insurance or warranty terms by hand in content/", () => {
    // content/business.yaml is where the claims are made.
    for (const { path, source } of contentFiles().filter((f) => !f.path.endsWith("business.yaml"))) {
      const lines = source.split("\n").filter((line) => !/^\s*-?\s*question:/.test(line) && !/^\s*#/.test(line));
      // Placeholder names ({{#claims.insured}}) are not copy.
      const copy = lines.join("\n").replace(/\{\{[^}]*\}\}/g, "");
      expect(copy, path).not.toMatch(/2009|fifteen years|family-run/i);
      expect(copy, path).not.toMatch(/\blicensed\b|\binsured\b/i);
      expect(copy, path).not.toMatch(/5-10 years|5 to 10 years/);
    }
  });

  it("prints each claim in its one wording", () => {
    expect(text(contactFaqs)).toContain(said.warranty);
    expect(text(contactFaqs)).toContain(said.insurance);
    expect(text(contactFaqs)).toContain(said.afterHours);
    expect(text(home)).toContain(said.warranty);
    if (said.foundedYear === undefined) expect(all).not.toMatch(/since 20\d\d|Since 20\d\d/);
    if (!said.licensed) expect(all).not.toMatch(/\bLicensed\b(?! and insured\?)/);
  });
});

// The console's help names its buttons and links in bold. Each must still exist as a button or link on a console
// page (a JSX text or a label in app/routes/owner or the console's islands): renaming or removing one without
// changing the help fails here. Every "?" link's section, and every topic the help promises, must be in it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HELP_SECTIONS } from "../../app/routes/owner/help-sections";
import { LEAD_STATUSES, statusLabel } from "../../app/lib/lead-status";

const HELP = readFileSync("content/help.md", "utf8");

const sources = ["app/routes/owner", "app/islands"]
  .flatMap((dir) =>
    // Folders too: an island's parts live in a folder of their own (app/islands/report/).
    readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f))
      .map((f) => readFileSync(path.join(dir, f), "utf8")),
  )
  .join("\n")
  .replace(/\s+/g, " ");

/** The status buttons are drawn from the list of statuses, so their words are not in the page's source. */
const STATUS_BUTTONS = new Set(LEAD_STATUSES.map(statusLabel));

/** Bold terms of the help: the console's buttons and links. */
export function actionsNamed(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => m[1] ?? ""))];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether a console page draws this as a button's or link's words: JSX text, or a quoted label. */
export function existsInConsole(action: string, code = sources): boolean {
  if (STATUS_BUTTONS.has(action)) return true;
  const words = escape(action);
  return new RegExp(`>\\s*${words}\\s*<`).test(code) || new RegExp(`"${words}"`).test(code);
}

describe("the console's help", () => {
  const actions = actionsNamed(HELP);

  it("names at least the console's main actions", () => {
    expect(actions.length).toBeGreaterThan(30);
    expect(actions).toContain("Ask for a review");
  });

  it.each(actions)("names **%s**, which exists as a button or link in the console", (action) => {
    expect(existsInConsole(action)).toBe(true);
  });

  it("would catch an action that does not exist", () => {
    expect(existsInConsole("Delete everything")).toBe(false);
    expect(existsInConsole("Ask for a revie")).toBe(false);
  });

  it.each(HELP_SECTIONS.map((s) => s.id))("has the section #%s that a page's ? link opens", (id) => {
    expect(HELP).toContain(`{#${id}}`);
  });

  it("covers every topic the owner needs", () => {
    for (const id of [
      "first-sign-in",
      "second-device",
      "lost-phone",
      "requests",
      "customers",
      "erasure",
      "editing",
      "photos",
      "articles",
      "publishing",
      "notifications",
      "reports",
      "bounces",
      "reviews",
      "quotes",
    ])
      expect(HELP, id).toContain(`{#${id}}`);
    expect(HELP).toContain("## When an e-mail bounces {#bounces}");
  });
});

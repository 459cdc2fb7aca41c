// An author's colon stays text ("9:00", "Note:x"): micromark reads ":00" as a directive, which used to be refused as
// an unknown block in an article and to break the console's help page. The help renders whole.
import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { checkArticleBody } from "~/content/article-markdown";
import { ArticleBody } from "./article-body";

describe("an article's colons", () => {
  it("stay text: times, ratios, labels", () => {
    const body = "Open 9:00 to 5:30, Saturday 9:00–2:00. Mix 3:1. Note:this stays.\n\n::cost-table\n";
    expect(checkArticleBody(body, { hasFaq: false })).toEqual([]);
    const html = renderToStaticMarkup(<ArticleBody post={{ body: "Open 9:00 to 5:30. Mix 3:1[sand]." }} />);
    expect(html).toContain("Open 9:00 to 5:30. Mix 3:1[sand].");
  });

  it("leave the console's help whole, every part of it", () => {
    const help = readFileSync("content/help.md", "utf8");
    const html = renderToStaticMarkup(<ArticleBody post={{ body: help }} />);
    for (const id of [...help.matchAll(/\{#([a-z0-9-]+)\}/g)].map((m) => m[1])) expect(html).toContain(`id="${id}"`);
  });
});

// A bad content file must stop the build with its path and the field that is wrong.
import { describe, expect, it } from "vitest";
import { checkArticleBody } from "~/content/article-markdown";
import { parseInlineMarkdown } from "~/content/inline-markdown";
import { loadMarkdown, loadYaml } from "./load";
import { postFrontMatter, serviceFile, testimonialsFile } from "./schema";

describe("content loading", () => {
  it("names the file and the field when a value is wrong", () => {
    const yaml = "- name: Ann\n  location: Normal, IL\n  quote: Great work\n  rating: 9\n";
    expect(() => loadYaml("/content/testimonials.yaml", yaml, testimonialsFile)).toThrow(
      /content\/testimonials\.yaml is not valid:\n {2}0\.rating \(line 4\): /,
    );
  });

  it("checks a file again only when its words change, and never remembers a refusal", () => {
    const path = "/content/services/remembered.yaml";
    const good = "- name: Ann\n  location: Normal, IL\n  quote: Great work\n";
    const first = loadYaml(path, good, testimonialsFile);
    // The same words: the same value, not parsed and checked again.
    expect(loadYaml(path, good, testimonialsFile)).toBe(first);
    // Other words: checked, and a mistake still named each time.
    const bad = good.replace("quote: Great work", "quote: 7\n  rating: 9");
    expect(() => loadYaml(path, bad, testimonialsFile)).toThrow(/remembered\.yaml is not valid:\n {2}0\.quote/);
    expect(() => loadYaml(path, bad, testimonialsFile)).toThrow(/0\.rating \(line 4\)/);
    const other = loadYaml(path, good.replace("Great", "Fine"), testimonialsFile);
    expect(other).not.toBe(first);
    expect(other[0]?.quote).toBe("Fine work");
    // A YAML mistake is not remembered either, and the file's own words after it are checked afresh.
    expect(() => loadYaml(path, "- name: Ann\n  quote: Note: it leaks\n", testimonialsFile)).toThrow(/line 2/);
    expect(loadYaml(path, good, testimonialsFile)).toEqual(first);
  });

  it("names a misspelt or missing field", () => {
    expect(() => loadYaml("/content/services/x.yaml", "order: 1\nnmae: X\n", serviceFile)).toThrow(
      /content\/services\/x\.yaml is not valid:\n {2}name: Invalid input[\s\S]*nmae/,
    );
  });

  it("points at the line of a YAML mistake, such as an unquoted colon", () => {
    expect(() =>
      loadYaml("/content/testimonials.yaml", "- name: Ann\n  quote: Note: it leaks\n", testimonialsFile),
    ).toThrow(/content\/testimonials\.yaml: .*line 2/s);
  });

  it("fills in business facts and refuses unknown ones", () => {
    const yaml = "- name: Ann\n  location: Normal\n  quote: Thanks {{business.name}}\n";
    expect(loadYaml("/content/t.yaml", yaml, testimonialsFile)[0]?.quote).toBe("Thanks Heartland Chimney & Masonry");
    expect(() => loadYaml("/content/t.yaml", yaml.replace("business.name", "business.fax"), testimonialsFile)).toThrow(
      /content\/t\.yaml \(0\.quote\): unknown \{\{business\.fax\}\}/,
    );
  });

  it("needs front matter on an article and checks its dates", () => {
    expect(() => loadMarkdown("/content/posts/a.md", "# Title\n", postFrontMatter)).toThrow(
      /content\/posts\/a\.md: must start with front matter/,
    );
    const md =
      "---\ntitle: T\nseo: { title: T, description: D }\nexcerpt: E\ndatePublished: 10 June 2025\nartwork: post-peoria\nimageAlt: A\n---\nBody\n";
    expect(() => loadMarkdown("/content/posts/a.md", md, postFrontMatter)).toThrow(
      /datePublished \(line 5\): must be a date written YYYY-MM-DD/,
    );
  });
});

describe("inline Markdown in rich-text fields", () => {
  it("turns links and emphasis into rich text", () => {
    expect(parseInlineMarkdown("See our [guide](/blog/x), *really* **now**.")).toEqual({
      ok: true,
      value: [
        "See our ",
        { text: "guide", href: "/blog/x" },
        ", ",
        { text: "really", emphasis: "em" },
        " ",
        { text: "now", emphasis: "strong" },
        ".",
      ],
    });
    expect(parseInlineMarkdown("Plain & simple: 5-10 years")).toEqual({
      ok: true,
      value: "Plain & simple: 5-10 years",
    });
  });

  it("refuses anything but links and emphasis", () => {
    expect(parseInlineMarkdown("## Heading").ok).toBe(false);
    expect(parseInlineMarkdown("one\n\ntwo").ok).toBe(false);
    expect(parseInlineMarkdown("![x](/a.jpg)")).toMatchObject({
      ok: false,
      error: expect.stringMatching(/image is not allowed/),
    });
    expect(parseInlineMarkdown("a <b>tag</b>")).toMatchObject({
      ok: false,
      error: expect.stringMatching(/html is not allowed/),
    });
  });
});

describe("article bodies", () => {
  it("accepts our blocks", () => {
    const body = '::cost-table\n\n:::callout{title="Tip"}\nText\n:::\n\n::faq\n\n::photo{file="a.jpg" alt="A crown"}\n';
    expect(checkArticleBody(body, { hasFaq: true })).toEqual([]);
  });

  it("refuses HTML and Markdown images", () => {
    expect(checkArticleBody("Text\n\n<script>alert(1)</script>\n\n![a](/x.jpg)\n", { hasFaq: false })).toEqual([
      "line 3: HTML is not allowed; write Markdown",
      'line 5: show photos with ::photo{file="…" alt="…"}',
    ]);
  });

  it("names unknown or incomplete blocks with their line", () => {
    expect(checkArticleBody("Intro\n\n::cost-tabel\n", { hasFaq: false })).toEqual([
      'line 3: unknown block "cost-tabel" (known: callout, cost-table, faq, photo)',
    ]);
    expect(checkArticleBody("::faq\n\n:::callout\nx\n:::\n", { hasFaq: false })).toEqual([
      "line 1: ::faq needs a faq: section in the front matter",
      'line 3: callout needs title="…"',
    ]);
  });
});

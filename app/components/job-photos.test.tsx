// The job page's photos: plain forms that post the homeowner's yes (or take it back) to the photo's consent address,
// no script, the owner's words shown while a yes is missing, and no form once a photo is on the site.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { JobPhotos } from "./job-photos";
import type { JobPhotoItem } from "~/lib/job-photos";

const consent = { version: "v1", text: "Yes, you may show it.\n\nMy town is named; my house number is never shown." };
const item = (id: number, over: Partial<JobPhotoItem> = {}): JobPhotoItem => ({
  id,
  kind: "before",
  width: 1600,
  height: 1200,
  consentDay: null,
  onSite: false,
  ...over,
});

describe("JobPhotos", () => {
  it("asks with the owner's words, posting each yes to its photo's consent address; no script", () => {
    const html = renderToStaticMarkup(
      <JobPhotos
        token="tok"
        photos={{ consent, items: [item(1), item(2, { kind: "after", consentDay: "2026-11-28" })] }}
      />,
    );
    expect(html).toContain('id="photos"');
    expect(html).toContain("my house number is never shown");
    expect(html).toContain('action="/job/tok/photos/1/consent"');
    const buttons = html.match(/<button[^>]*>/g) ?? [];
    expect(buttons.map((b) => [/name="intent"/.test(b), /value="(\w+)"/.exec(b)?.[1]])).toEqual([
      [true, "consent"],
      [true, "withdraw"],
    ]);
    expect(html).toContain('action="/job/tok/photos/2/consent"');
    expect(html).toContain("You said yes on Saturday, November 28");
    expect(html).toContain('src="/job/tok/photos/1-small"');
    expect(html).not.toContain("<script");
  });

  it("shows a photo on the site without a form, the words once every yes is given, nothing without photos", () => {
    const html = renderToStaticMarkup(
      <JobPhotos token="tok" photos={{ consent, items: [item(3, { consentDay: "2026-11-28", onSite: true })] }} />,
    );
    expect(html).not.toContain("<form");
    expect(html).not.toContain("my house number");
    expect(html).toContain("On our website’s Recent work");
    expect(renderToStaticMarkup(<JobPhotos token="tok" photos={{ consent, items: [] }} />)).toBe("");
  });
});

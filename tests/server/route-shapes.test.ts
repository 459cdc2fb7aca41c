// The page cache's route matcher keeps its answers by a path's shape (server/http/page-cache.ts): it must agree with
// React Router matching each path itself, for every spelling a client may send.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadServerBuild } from "../../server/http/server-build.ts";
import { exactMatch, matcher } from "../../server/http/page-cache.ts";

/** Other ways to write a path that a client may send: case, percent-encoding, dot segments, slashes, suffixes. */
function spellings(p: string): string[] {
  const [first = "", ...rest] = p.slice(1).split("/");
  const tail = rest.length ? `/${rest.join("/")}` : "";
  const encoded = first.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return [
    p.toUpperCase(),
    `/${encoded}${tail}`,
    `/./${first}${tail}`,
    `/x/../${first}${tail}`,
    `//${first}${tail}`,
    `${p}/`,
    `${p}//`,
    `${p}.data`,
    `${p}?a=1`,
    `${p}%2F`,
    `${p};x=1`,
    `/${first}%2F${rest.join("%2F")}`,
    p.replace(/\/([^/]+)$/, (_, last: string) => `/${encodeURIComponent(last).toUpperCase()}`),
  ];
}

const build = await loadServerBuild(path.resolve("build"));

const token = () =>
  Buffer.from(Array.from({ length: 32 }, () => Math.floor(Math.random() * 256))).toString("base64url");

const paths = [
  "/",
  "/faq",
  "/contact",
  "/contact/received",
  "/services/chimney-crowns",
  "/services/visits",
  "/services/owner",
  "/locations/normal",
  "/locations/Somewhere-Else",
  "/locations/" + "x".repeat(60),
  "/locations/a.b",
  "/blog",
  "/blog/cost-of-chimney-repair-bloomington-il",
  `/visit/${token()}`,
  `/visit/${token()}.data`,
  `/visit/${token()}/extra`,
  `/quote/${token()}`,
  `/quote/${token()}/pdf`,
  `/quote/${token()}/photos/1`,
  `/calendar/${token()}.ics`,
  `/job/${token()}/photos/1`,
  `/job/${token()}/photos/1-small`,
  `/job/${token()}/photos/1/consent`,
  "/owner",
  "/owner/visits",
  "/owner/visits/settings",
  "/owner/visits/calendars",
  "/owner/visits/12",
  "/owner/visits/settings/x",
  "/owner/requests/7",
  "/owner/requests/7/photos/1",
  "/owner/quotes/3/send",
  "/owner/jobs",
  "/owner/jobs/3",
  `/job/${token()}`,
  "/owner/site/edit/services",
  "/owner/site/edit/services/chimney-crowns",
  `/owner/act/${token()}`,
  `/owner/enrol/${token()}`,
  "/owner/export.csv",
  "/owner/money",
  "/owner/money.csv",
  "/owner/customers",
  "/owner/customers/12",
  "/owner/customers.csv",
  "/owner/customers/12/x",
  "/owner/campaigns",
  "/owner/campaigns/1",
  `/u/${token()}`,
  `/U/${token()}`,
  `/u/${token()}/x`,
  `/book/${token()}`,
  "/book",
  "/owner/next-year/job/3",
  "/owner/next-year/visit/3",
  "/owner/next-year/quote/3",
  "/owner/jobs/3/photos",
  "/owner/jobs/3/photos/1",
  "/owner/jobs/3/photos/1-small",
  "/sitemap.xml",
  "/robots.txt",
  "/nope",
  "/a/b/c/d/e",
  "/visit",
  "/quote",
  "/%00",
  "/VISIT/abc",
  "/Owner/Visits/Settings",
  "/owner%2Fvisits",
  "//visit/abc",
  "/visit//abc",
  "/visit/%E2%9C%93",
  "/services/%20",
];

describe("the route matcher's shapes", () => {
  it("agree with React Router's own matching for every path and spelling", () => {
    const match = matcher(build);
    const all = paths.flatMap((p) => [p, ...spellings(p)]);
    expect(all.length).toBeGreaterThan(300);
    const disagree = all.filter((p) => {
      let exact;
      try {
        exact = exactMatch(build, p);
      } catch {
        return false;
      }
      // Twice: the second answer comes from the cache.
      return JSON.stringify([match(p), match(p)]) !== JSON.stringify([exact, exact]);
    });
    expect(disagree).toEqual([]);
  });

  it("keeps one entry for every secret link of a kind, so a flood of links costs no matching", () => {
    const match = matcher(build);
    const started = performance.now();
    for (let i = 0; i < 2000; i++) expect(match(`/visit/${token()}`).routeId).toBe("routes/visit");
    // 2,000 React Router matches take about 600 ms here; from the cache a few.
    expect(performance.now() - started).toBeLessThan(200);
  });
});

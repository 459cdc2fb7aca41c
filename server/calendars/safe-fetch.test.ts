// The calendar fetch never reaches an internal address: every refused class by address, by name and by a real
// redirect from a (local stand-in for a) public calendar host; https only; and a hostile host's huge, endless, slow,
// broken or untrusted answers are cut off in the owner's words. No test here connects anywhere but this machine:
// refused addresses are refused before any connection.
import { lookup } from "node:dns/promises";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  calendarAnswer,
  huge,
  makeTls,
  redirectTo,
  startCalendarHost,
  status,
  trickle,
  type CalendarHost,
  type Tls,
} from "../../tests/support/calendar-host.ts";
import { calendar, chicagoEvent } from "../../tests/support/ics-fixtures.ts";
import { addressRefusal } from "./addresses.ts";
import { calendarUrl, fetchCalendar, FetchProblem, type FetchOptions, type Resolver } from "./safe-fetch.ts";

describe("addresses", () => {
  it.each([
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link-local"],
    ["100.64.0.1", "shared (carrier-grade NAT)"],
    ["100.127.255.255", "shared (carrier-grade NAT)"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "reserved"],
    ["240.0.0.1", "reserved"],
    ["192.0.2.10", "documentation"],
    ["198.18.0.1", "reserved"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["fc00::1", "private"],
    ["fd12:3456::1", "private"],
    ["ff02::1", "multicast"],
    // IPv4 inside IPv6: mapped, compatible, SIIT, NAT64 (well-known and local-use), 6to4.
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "link-local"],
    ["::127.0.0.1", "loopback"],
    ["::ffff:0:192.168.0.1", "private"],
    ["64:ff9b::127.0.0.1", "loopback"],
    ["64:ff9b::a9fe:a9fe", "link-local"],
    ["64:ff9b:1::10.0.0.1", "private"],
    ["2002:7f00:1::1", "loopback"],
    ["2002:a00:1::", "private"],
    ["2002:a9fe:a9fe::1", "link-local"],
    ["2001:db8::1", "documentation"],
    ["2001::1", "reserved"],
    ["100::1", "not routable"],
    ["not-an-address", "not routable"],
  ])("refuses %s as %s", (address, why) => {
    expect(addressRefusal(address)).toBe(why);
  });

  it.each([
    "8.8.8.8",
    "142.250.72.14",
    "17.253.144.10",
    "2607:f8b0:4009:80b::200e",
    "::ffff:8.8.8.8",
    "2002:0808:0808::1",
  ])("allows the public address %s", (address) => {
    expect(addressRefusal(address)).toBeNull();
  });
});

describe("the address the owner pastes", () => {
  it("reads https and webcal as https, and refuses the rest in his words", () => {
    expect(calendarUrl(" webcal://p12-caldav.icloud.com/published/2/abc ")).toEqual({
      url: "https://p12-caldav.icloud.com/published/2/abc",
    });
    expect(calendarUrl("https://calendar.google.com/calendar/ical/x%40gmail.com/private-abc/basic.ics#x")).toEqual({
      url: "https://calendar.google.com/calendar/ical/x%40gmail.com/private-abc/basic.ics",
    });
    expect(calendarUrl("http://example.com/cal.ics")).toEqual({
      error: expect.stringMatching(/Only secure addresses/),
    });
    expect(calendarUrl("file:///etc/passwd")).toEqual({ error: expect.stringMatching(/not a calendar's web address/) });
    expect(calendarUrl("https://user:pw@example.com/cal.ics")).toEqual({ error: expect.stringMatching(/user name/) });
    expect(calendarUrl("my calendar")).toEqual({ error: expect.stringMatching(/not a web address/) });
    expect(calendarUrl("")).toEqual({ error: expect.stringMatching(/Paste/) });
  });
});

let tls: Tls;
let host: CalendarHost;
let stranger: CalendarHost;
let options: FetchOptions;
const ICS = calendar([chicagoEvent("a@x", "2026-12-02", "09:00", "10:00")]);

/** Made-up names and their addresses; "localhost" goes to the system's resolver (/etc/hosts), nothing else does. */
const resolver =
  (answers: Record<string, string[]>): Resolver =>
  async (name) => {
    if (name === "localhost") return lookup(name, { all: true, verbatim: true });
    const found = answers[name];
    if (!found) throw Object.assign(new Error(`no such name ${name}`), { code: "ENOTFOUND" });
    return found.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };

async function problem(promise: Promise<unknown>): Promise<FetchProblem> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FetchProblem) return error;
    throw error;
  }
  throw new Error("it was fetched");
}

beforeAll(async () => {
  tls = makeTls();
  host = await startCalendarHost(tls);
  // A host whose certificate nobody trusts.
  stranger = await startCalendarHost(makeTls(["other.test"]));
  options = {
    testHosts: new Map([
      ["calendar.test", { address: "127.0.0.1", port: host.port }],
      ["other.test", { address: "127.0.0.1", port: stranger.port }],
    ]),
    ca: tls.cert,
    resolve: resolver({
      "rebind.example": ["93.184.216.34", "10.0.0.7"],
      "metadata.example": ["169.254.169.254"],
      "mapped.example": ["::ffff:127.0.0.1"],
      "sixtofour.example": ["2002:7f00:1::1"],
      "cgnat.example": ["100.64.1.1"],
      "inside.example": ["fd00::5"],
    }),
  };
  host.on(
    "/cal.ics",
    calendarAnswer(() => ICS),
  );
  host.on(
    "/gzip.ics",
    (_req, res) =>
      void res.writeHead(200, { "Content-Encoding": "gzip", "Content-Type": "text/calendar" }).end(gzipSync(ICS)),
  );
}, 30_000);

afterAll(async () => {
  await host?.close();
  await stranger?.close();
});

describe("fetching a calendar", () => {
  it("fetches it, then asks with its ETag and gets 304", async () => {
    const first = await fetchCalendar({ url: host.url("/cal.ics") }, options);
    expect(first.status).toBe("changed");
    if (first.status !== "changed") return;
    expect(first.body.toString()).toBe(ICS);
    expect(first.etag).toMatch(/^"[0-9a-f]{16}"$/);
    expect(await fetchCalendar({ url: host.url("/cal.ics"), etag: first.etag }, options)).toEqual({
      status: "unchanged",
    });
  });

  it("unpacks a gzipped calendar", async () => {
    const got = await fetchCalendar({ url: host.url("/gzip.ics") }, options);
    expect(got.status === "changed" && got.body.toString()).toBe(ICS);
  });

  it("follows a redirect to another https address that checks out", async () => {
    host.on("/moved", redirectTo(host.url("/cal.ics"), 301));
    const got = await fetchCalendar({ url: host.url("/moved") }, options);
    expect(got.status === "changed" && got.url).toBe(host.url("/cal.ics"));
  });
});

describe("no fetch reaches an internal address", () => {
  it.each([
    ["a loopback address", () => `https://127.0.0.1:${host.port}/cal.ics`, /loopback network address \(127\.0\.0\.1\)/],
    ["IPv6 loopback", () => `https://[::1]:${host.port}/cal.ics`, /loopback network address \(::1\)/],
    ["a private address", () => "https://10.1.2.3/cal.ics", /private network address \(10\.1\.2\.3\)/],
    ["the cloud's metadata service", () => "https://169.254.169.254/latest/meta-data/", /link-local network address/],
    [
      "localhost by name",
      () => `https://localhost:${host.port}/cal.ics`,
      /localhost, which is a loopback network address/,
    ],
    ["decimal loopback", () => `https://2130706433:${host.port}/`, /loopback network address \(127\.0\.0\.1\)/],
    ["short loopback", () => "https://127.1/", /loopback network address \(127\.0\.0\.1\)/],
    ["IPv4-mapped loopback", () => `https://[::ffff:127.0.0.1]:${host.port}/`, /loopback network address/],
    ["the unspecified address", () => `https://0.0.0.0:${host.port}/`, /unspecified network address/],
  ])("refuses a redirect to %s", async (_label, location, words) => {
    const pathname = `/to-${Math.random().toString(36).slice(2)}`;
    host.on(pathname, redirectTo(location()));
    const refused = await problem(fetchCalendar({ url: host.url(pathname) }, options));
    expect(refused.message).toMatch(words);
    expect(refused.kind).toBe("address");
    // The local host was asked once (the redirect), never again through the refused address.
    expect(host.hits("/cal.ics")).toBeLessThanOrEqual(4);
  });

  it("refuses the same addresses pasted directly, before connecting", async () => {
    for (const url of [
      `https://127.0.0.1:${host.port}/cal.ics`,
      "https://10.0.0.1/x.ics",
      "https://192.168.1.1/x.ics",
      "https://172.20.0.1/x.ics",
      "https://[fe80::1]/x.ics",
      "https://[::ffff:a9fe:a9fe]/latest",
      "https://[64:ff9b::7f00:1]/x",
    ]) {
      expect((await problem(fetchCalendar({ url }, options))).kind, url).toBe("address");
    }
  });

  it.each([
    ["rebind.example", /10\.0\.0\.7/],
    ["metadata.example", /link-local/],
    ["mapped.example", /loopback/],
    ["sixtofour.example", /loopback/],
    ["cgnat.example", /carrier-grade NAT/],
    ["inside.example", /private/],
  ])("refuses %s, whose name resolves to an internal address (any one of its addresses)", async (name, words) => {
    const refused = await problem(fetchCalendar({ url: `https://${name}/calendar.ics` }, options));
    expect(refused.kind).toBe("address");
    expect(refused.message).toMatch(words);
  });

  it("refuses a redirect to a name that resolves inside, and a redirect to http", async () => {
    host.on("/to-name", redirectTo("https://metadata.example/latest/meta-data/"));
    expect((await problem(fetchCalendar({ url: host.url("/to-name") }, options))).kind).toBe("address");
    host.on("/to-http", redirectTo(`http://calendar.test:${host.port}/cal.ics`));
    expect((await problem(fetchCalendar({ url: host.url("/to-http") }, options))).message).toMatch(/not secure/);
  });

  it("follows at most three redirects", async () => {
    for (let i = 0; i < 5; i++) host.on(`/hop${i}`, redirectTo(host.url(`/hop${i + 1}`)));
    expect((await problem(fetchCalendar({ url: host.url("/hop0") }, options))).kind).toBe("redirects");
    expect(host.hits("/hop4")).toBe(0);
  });

  it("reads public hosts on port 443 only", async () => {
    host.on("/to-port", redirectTo("https://8.8.8.8:8080/cal.ics"));
    expect((await problem(fetchCalendar({ url: host.url("/to-port") }, options))).kind).toBe("port");
  });

  it("says so when a name cannot be found", async () => {
    expect((await problem(fetchCalendar({ url: "https://nowhere.example/cal.ics" }, options))).message).toMatch(
      /cannot be found/,
    );
  });
});

describe("a hostile or broken host", () => {
  it("stops reading a 50 MB calendar at 10 MB, announced or not, and a gzip bomb too", async () => {
    host.on("/huge", huge(50));
    host.on("/huge-declared", huge(50, { declare: true }));
    host.on(
      "/bomb",
      (_req, res) =>
        void res
          .writeHead(200, { "Content-Encoding": "gzip", "Content-Type": "text/calendar" })
          .end(gzipSync(Buffer.alloc(50 * 1024 * 1024, "A"))),
    );
    for (const pathname of ["/huge", "/huge-declared", "/bomb"]) {
      const refused = await problem(fetchCalendar({ url: host.url(pathname) }, options));
      expect(refused.kind, pathname).toBe("size");
      expect(refused.message).toMatch(/larger than 10 MB/);
    }
  });

  it("gives up on a host that sends one byte a second (the whole read is capped) or stops sending", async () => {
    host.on("/trickle", trickle());
    const started = Date.now();
    const slow = await problem(
      fetchCalendar({ url: host.url("/trickle") }, { ...options, limits: { totalMs: 2_500, idleMs: 2_000 } }),
    );
    expect(slow.message).toMatch(/took longer than 2\.5 s/);
    expect(Date.now() - started).toBeLessThan(5_000);
    host.on("/silent", () => {});
    const silent = await problem(
      fetchCalendar({ url: host.url("/silent") }, { ...options, limits: { totalMs: 10_000, idleMs: 1_000 } }),
    );
    expect(silent.message).toMatch(/stopped sending for 1 s/);
  });

  it("names a 500, a 404 and a 403 in the owner's words", async () => {
    host.on("/500", status(500));
    host.on("/404", status(404));
    host.on("/403", status(403));
    expect((await problem(fetchCalendar({ url: host.url("/500") }, options))).message).toMatch(
      /had a problem of its own \(500\)/,
    );
    expect((await problem(fetchCalendar({ url: host.url("/404") }, options))).message).toMatch(
      /no calendar at this address \(404\).*copy it again/,
    );
    expect((await problem(fetchCalendar({ url: host.url("/403") }, options))).message).toMatch(/refused to share/);
  });

  it("refuses a host whose certificate is not trusted", async () => {
    stranger.on(
      "/cal.ics",
      calendarAnswer(() => ICS),
    );
    const refused = await problem(fetchCalendar({ url: stranger.url("/cal.ics", "other.test") }, options));
    expect(refused.kind).toBe("tls");
    expect(refused.message).toMatch(/did not prove who it is/);
  });
});

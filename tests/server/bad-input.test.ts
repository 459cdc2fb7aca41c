// Crafted bad requests: each gets a clear 4xx, nothing invalid is stored, the server stays up, and valid
// non-ASCII input is stored exactly.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEstimateStore } from "../../server/requests/estimate-store.ts";
import { startServer, stopServer, type RunningServer } from "./harness";

const VALID = {
  name: "Ann Lee",
  email: "ann@example.com",
  phone: "(309) 555-0100",
  service: "",
  message: "Cracked crown.",
};
type Fields = Record<string, string | undefined>;

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_PER_MINUTE: "100000" });
});
afterAll(() => stopServer(server));

function fields(overrides: Fields): [string, string][] {
  return Object.entries({ ...VALID, ...overrides }).filter((e): e is [string, string] => e[1] !== undefined);
}

const urlencoded = (overrides: Fields) => ({
  body: new URLSearchParams(fields(overrides)).toString(),
  type: "application/x-www-form-urlencoded",
});

function multipart(overrides: Fields) {
  const body = new FormData();
  for (const [k, v] of fields(overrides)) body.append(k, v);
  return { body, type: undefined };
}

async function send(body: BodyInit, type?: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/api/estimate`, {
    method: "POST",
    body,
    headers: { Accept: "application/json", ...(type ? { "Content-Type": type } : {}), ...headers },
  });
  const text = await response.text();
  return { status: response.status, text };
}

/** A raw HTTP exchange, for what fetch will not send. Returns the status code (0 if the connection was cut). */
function raw(request: string | Buffer): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect(server.port, "127.0.0.1", () => socket.end(request));
    let data = "";
    socket.on("data", (chunk) => (data += chunk.toString("latin1")));
    socket.on("error", () => resolve(Number(data.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0)));
    socket.on("close", () => resolve(Number(data.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0)));
  });
}

function rawPost(contentType: string, body: Buffer | string, extraHeaders = "") {
  const bytes = typeof body === "string" ? Buffer.from(body, "latin1") : body;
  return raw(
    Buffer.concat([
      Buffer.from(
        `POST /api/estimate HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\nContent-Type: ${contentType}\r\n` +
          `Content-Length: ${bytes.length}\r\nConnection: close\r\n${extraHeaders}\r\n`,
        "latin1",
      ),
      bytes,
    ]),
  );
}

const INJECTIONS = [
  "<script>alert(1)</script>",
  "'; DROP TABLE estimates; --",
  '" OR 1=1 --',
  "{{7*7}}${7*7}",
  "javascript:alert(document.cookie)",
];

type Case = [string, () => Promise<number | { status: number; text: string }>];
const fieldCases: [string, Fields][] = [
  ["missing name", { name: undefined }],
  ["missing email", { email: undefined }],
  ["missing phone", { phone: undefined }],
  ["missing message", { message: undefined }],
  [
    "everything missing",
    { name: undefined, email: undefined, phone: undefined, message: undefined, service: undefined },
  ],
  ["empty name", { name: "" }],
  ["empty email", { email: "" }],
  ["empty phone", { phone: "" }],
  ["empty message", { message: "" }],
  ["blank name", { name: "   " }],
  ["blank message", { message: "\n\n \t" }],
  ["name over 100 characters", { name: "N".repeat(101) }],
  ["email over 254 characters", { email: `${"a".repeat(250)}@example.com` }],
  ["phone over 30 characters", { phone: "3".repeat(31) }],
  ["message over 5000 characters", { message: "m".repeat(5001) }],
  ["email without @", { email: "plainaddress" }],
  ["email without domain", { email: "ann@" }],
  ["email without local part", { email: "@example.com" }],
  ["email with a space", { email: "ann lee@example.com" }],
  ["email with two @", { email: "ann@@example.com" }],
  ["email with header injection", { email: "ann@example.com\r\nBcc: victim@example.com" }],
  ["phone of letters", { phone: "call me maybe" }],
  ["phone too short", { phone: "555-01" }],
  ["phone with markup", { phone: "<b>3095550100</b>" }],
  ["phone with a newline", { phone: "309\n5550100" }],
  ["unknown service", { service: "Roof replacement" }],
  ["service of the wrong case", { service: "tuckpointing" }],
  ["service with markup", { service: "<img src=x onerror=alert(1)>" }],
  ["NUL in name", { name: "Ann\u0000Lee" }],
  ["bell in name", { name: "Ann\u0007" }],
  ["escape sequence in message", { message: "Hi \u001b[31mred" }],
  ["C1 control in name", { name: "Ann\u0085Lee" }],
  ["line break in name", { name: "Ann\nBcc: x@example.com" }],
  ...INJECTIONS.map((attack): [string, Fields] => [
    `injection in email: ${attack}`,
    { email: `${attack}@example.com` },
  ]),
  ...INJECTIONS.map((attack): [string, Fields] => [`injection in phone: ${attack}`, { phone: attack }]),
];

const cases: Case[] = [
  ...fieldCases.map(([name, overrides]): Case => [
    `urlencoded, ${name}`,
    () => send(urlencoded(overrides).body, urlencoded(overrides).type),
  ]),
  ...fieldCases
    .slice(0, 20)
    .map(([name, overrides]): Case => [`multipart, ${name}`, () => send(multipart(overrides).body)]),
  ["duplicate name field", () => send(`${new URLSearchParams(VALID)}&name=Other`, "application/x-www-form-urlencoded")],
  [
    "duplicate email field",
    () => send(`${new URLSearchParams(VALID)}&email=x%40example.com`, "application/x-www-form-urlencoded"),
  ],
  [
    "invalid UTF-8 (urlencoded)",
    () =>
      send(
        `${new URLSearchParams({ ...VALID, name: "" })}`.replace("name=", "name=%C3%28"),
        "application/x-www-form-urlencoded",
      ),
  ],
  [
    "overlong UTF-8 (urlencoded)",
    () =>
      send(
        `${new URLSearchParams({ ...VALID, name: "" })}`.replace("name=", "name=%C0%AF"),
        "application/x-www-form-urlencoded",
      ),
  ],
  [
    "lone 0xFF byte (urlencoded)",
    () =>
      send(
        `${new URLSearchParams({ ...VALID, message: "" })}`.replace("message=", "message=%FF"),
        "application/x-www-form-urlencoded",
      ),
  ],
  [
    "invalid UTF-8 bytes in multipart",
    () =>
      rawPost(
        "multipart/form-data; boundary=XyZ",
        Buffer.concat([
          Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\n'),
          Buffer.from([0x41, 0xff, 0xfe, 0x42]),
          Buffer.from(
            `\r\n${Object.entries(VALID)
              .filter(([k]) => k !== "name")
              .map(([k, v]) => `--XyZ\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
              .join("")}--XyZ--\r\n`,
          ),
        ]),
      ),
  ],
  [
    "a file where text is expected",
    () => {
      const body = new FormData();
      for (const [k, v] of Object.entries(VALID)) if (k !== "message") body.append(k, v);
      body.append("message", new Blob(["<?php system($_GET['c']); ?>"], { type: "application/x-php" }), "shell.php");
      return send(body);
    },
  ],
  [
    "truncated multipart body",
    () =>
      rawPost("multipart/form-data; boundary=XyZ", '--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nAnn'),
  ],
  [
    "multipart without a boundary",
    () =>
      rawPost("multipart/form-data", '--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nAnn\r\n--XyZ--\r\n'),
  ],
  [
    "multipart with a wrong boundary",
    () =>
      rawPost(
        "multipart/form-data; boundary=Other",
        '--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nAnn\r\n--XyZ--\r\n',
      ),
  ],
  ["multipart of garbage", () => rawPost("multipart/form-data; boundary=XyZ", "\u0000\u0001\u0002garbage-bytes")],
  ["JSON body", () => send(JSON.stringify(VALID), "application/json")],
  ["plain text body", () => send("name=Ann", "text/plain")],
  ["XML body", () => send("<estimate><name>Ann</name></estimate>", "application/xml")],
  ["no content type", () => rawPost("", new URLSearchParams(VALID).toString())],
  ["empty body", () => send("", "application/x-www-form-urlencoded")],
  [
    "body over 64 KB",
    () =>
      send(
        new URLSearchParams({ ...VALID, message: "x".repeat(70_000) }).toString(),
        "application/x-www-form-urlencoded",
      ),
  ],
  [
    "huge header (20 KB cookie)",
    () =>
      send(new URLSearchParams(VALID).toString(), "application/x-www-form-urlencoded", {
        Cookie: `a=${"b".repeat(20_000)}`,
      }),
  ],
  [
    "GET instead of POST",
    async () => (await fetch(`${server.url}/api/estimate`, { headers: { Accept: "application/json" } })).status,
  ],
  ["PUT instead of POST", async () => (await fetch(`${server.url}/api/estimate`, { method: "PUT", body: "x" })).status],
];

describe("bad input", () => {
  it(`has at least 60 crafted requests (${cases.length})`, () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
  });

  it.each(cases)("refuses %s with a clear 4xx", async (_name, run) => {
    const result = await run();
    const status = typeof result === "number" ? result : result.status;
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    if (typeof result !== "number" && result.text.startsWith("{")) {
      expect(JSON.parse(result.text)).toMatchObject({ error: expect.any(String), errors: expect.any(Array) });
    }
  });

  it("stays up and has stored nothing", async () => {
    expect((await fetch(server.url + "/")).status).toBe(200);
    const store = openEstimateStore({ dataDir: server.dataDir });
    try {
      expect(store.list({ includeSpam: true })).toEqual([]);
    } finally {
      store.close();
    }
  });

  it("stores valid non-ASCII names and injection-looking messages exactly as sent", async () => {
    const names = ["Zoë Ångström", "José Núñez", "李小龍", "Ольга О'Коннор"];
    for (const name of names) {
      expect((await send(multipart({ name, message: INJECTIONS.join(" | ") }).body)).status).toBe(200);
    }
    const store = openEstimateStore({ dataDir: server.dataDir });
    try {
      const rows = store.list();
      expect(rows.map((r) => r.name).reverse()).toEqual(names);
      expect(rows.every((r) => r.message === INJECTIONS.join(" | "))).toBe(true);
    } finally {
      store.close();
    }
  });
});

// Raw HTTP/1.x over a socket: paths, methods and headers exactly as written, which fetch would normalise.
import { connect } from "node:net";

export type RawResponse = { status: number; headers: Record<string, string>; body: string; raw: string };

export function rawRequest(port: number, request: string, timeoutMs = 10_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer to ${JSON.stringify(request.slice(0, 80))}`));
    }, timeoutMs);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(parse(Buffer.concat(chunks).toString("latin1")));
    });
  });
}

function parse(raw: string): RawResponse {
  const split = raw.indexOf("\r\n\r\n");
  const head = split >= 0 ? raw.slice(0, split) : raw;
  let body = split >= 0 ? raw.slice(split + 4) : "";
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  if (headers["transfer-encoding"] === "chunked") body = unchunk(body);
  return {
    status: Number(statusLine.split(" ")[1] ?? 0),
    headers,
    body: Buffer.from(body, "latin1").toString("utf8"),
    raw,
  };
}

function unchunk(body: string): string {
  let out = "";
  let rest = body;
  for (;;) {
    const eol = rest.indexOf("\r\n");
    if (eol < 0) return out;
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 4 + size);
  }
}

/** One GET with Connection: close, so the socket ends when the answer does. */
export function rawGet(
  port: number,
  path: string,
  headers: Record<string, string> = { Host: "127.0.0.1" },
  method = "GET",
) {
  const lines = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("");
  return rawRequest(port, `${method} ${path} HTTP/1.1\r\n${lines}Connection: close\r\n\r\n`);
}

/** What an error answer must never contain: a stack, a file path, a framework's name. */
export const LEAKS =
  /\bat [\w.<>]+ \(|node_modules|\/work\/|\/home\/|\.tsx?:\d|\.m?js:\d|Error:|TypeError|RangeError|URIError|\bstack\b|express\/|react-router\/|Cannot (GET|POST|HEAD)/;

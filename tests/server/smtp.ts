// Local mail servers for the server tests: one that takes every message and notes when it arrived, and one that
// accepts a connection, greets, then falls silent (a hung mail server).
import { createServer, type AddressInfo, type Socket } from "node:net";
import { SMTPServer } from "smtp-server";

export type Arrived = { to: string[]; raw: string; at: number };

/**
 * With `reject`, every message is refused with a permanent 550, as a full mailbox would. `port` listens on a given
 * port (a mail server back up where it was); `delayMs` waits before each answer; `hold` never answers a message whose
 * recipient it names (a server that falls silent mid-message): it is counted in `held`, never in `received`.
 */
export function startSmtp({
  reject = false,
  port = 0,
  delayMs = 0,
  hold = () => false,
}: { reject?: boolean; port?: number; delayMs?: number; hold?: (to: string) => boolean } = {}) {
  const received: Arrived[] = [];
  const held: Arrived[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        const arrived = { to: session.envelope.rcptTo.map((r) => r.address), raw, at: performance.now() };
        if (arrived.to.some(hold)) return void held.push(arrived);
        const answer = () => {
          if (reject) return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
          received.push(arrived);
          callback();
        };
        if (delayMs > 0) setTimeout(answer, delayMs);
        else answer();
      });
    },
  });
  // A client that goes away mid-conversation (the site's server stopped by a test) resets its connection; that is
  // expected here, and an 'error' without a listener would end the test run.
  server.on("error", () => {});
  return new Promise<{ url: string; port: number; received: Arrived[]; held: Arrived[]; close: () => Promise<void> }>(
    (resolve) => {
      server.listen(port, "127.0.0.1", () => {
        const { port: bound } = server.server.address() as AddressInfo;
        resolve({
          url: `smtp://127.0.0.1:${bound}`,
          port: bound,
          received,
          held,
          close: () => new Promise((r) => server.close(() => r())),
        });
      });
    },
  );
}

/**
 * A hung mail server, counting the connections it holds. "silent" accepts and never speaks; "after-ehlo" greets,
 * answers EHLO, then never speaks again; "trickle" keeps sending the first line of a greeting that never ends.
 */
export function startHungSmtp(mode: "silent" | "after-ehlo" | "trickle" = "after-ehlo") {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    const forget = () => {
      clearInterval(trickle);
      sockets.delete(socket);
    };
    socket.on("close", forget);
    socket.on("error", forget);
    const trickle = mode === "trickle" ? setInterval(() => socket.write("220-still here\r\n"), 50) : undefined;
    if (mode === "after-ehlo") {
      socket.write("220 hung.test ESMTP\r\n");
      socket.once("data", () => socket.write("250 hung.test\r\n"));
    }
  });
  return new Promise<{ url: string; connections: () => number; open: () => number; close: () => Promise<void> }>(
    (resolve) => {
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address() as AddressInfo;
        resolve({
          url: `smtp://127.0.0.1:${port}`,
          connections: () => connections,
          open: () => sockets.size,
          close: () =>
            new Promise((r) => {
              for (const s of sockets) s.destroy();
              server.close(() => r());
            }),
        });
      });
    },
  );
}

export async function waitFor<T>(check: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const found = check();
    if (found !== undefined) return found;
    if (performance.now() > deadline) throw new Error(`nothing after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

// Tests only: a loopback stand-in for the part of Stripe the site uses. It answers the SDK's POST
// /v1/checkout/sessions (an Idempotency-Key seen before gets the same session back, as Stripe does for 24 hours),
// GET /v1/checkout/sessions/:id and POST /v1/checkout/sessions/:id/expire (only an open session expires; Stripe
// answers 400 for any other), serves a trivial checkout page whose "Pay" completes the session, sends the homeowner
// back to the success URL and queues the signed event (an expired or paid session cannot be paid again), and signs
// events with the SDK's own generateTestHeaderString and posts them to the site's webhook, as Stripe would.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export type StandInSession = {
  id: string;
  object: "checkout.session";
  mode: "payment";
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  amount_total: number;
  currency: string;
  url: string;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  payment_intent: string | null;
  client_reference_id: string | null;
  allowed_payment_method_types: string[];
  metadata: Record<string, string>;
};

export type Created = { key: string | undefined; body: URLSearchParams };

const signer = new Stripe("sk_test_stand_in");

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

function json(res: ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${Date.now()}` });
  res.end(JSON.stringify(value));
}

export async function startStripeStandIn({ webhookSecret }: { webhookSecret: string }) {
  const sessions = new Map<string, StandInSession>();
  const byKey = new Map<string, string>();
  /** Every create the site asked for, with its key and form, in order (the same key twice is two entries). */
  const created: Created[] = [];
  /** Events the checkout page's "Pay" made, held until `deliverQueued` (the return comes before the event). */
  const queued: Record<string, unknown>[] = [];
  /** Every session id the site asked to expire, in order. */
  const expired: string[] = [];
  let webhookUrl = "";
  let n = 0;
  let eventN = 0;

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const body = new URLSearchParams(await readBody(req));
        const key = req.headers["idempotency-key"] as string | undefined;
        created.push({ key, body });
        const known = key ? byKey.get(key) : undefined;
        if (known) return json(res, 200, sessions.get(known));
        const id = `cs_test_${++n}_${Math.random().toString(36).slice(2, 10)}`;
        const session: StandInSession = {
          id,
          object: "checkout.session",
          mode: "payment",
          status: "open",
          payment_status: "unpaid",
          amount_total: Number(body.get("line_items[0][price_data][unit_amount]")),
          currency: body.get("line_items[0][price_data][currency]") ?? "usd",
          url: `${origin()}/pay/${id}`,
          success_url: body.get("success_url") ?? "",
          cancel_url: body.get("cancel_url") ?? "",
          expires_at: Math.floor(Date.now() / 1000) + 24 * 3600,
          payment_intent: null,
          client_reference_id: body.get("client_reference_id"),
          allowed_payment_method_types: body.getAll("allowed_payment_method_types[]").length
            ? body.getAll("allowed_payment_method_types[]")
            : [0, 1, 2].map((i) => body.get(`allowed_payment_method_types[${i}]`) ?? "").filter(Boolean),
          metadata: {},
        };
        sessions.set(id, session);
        if (key) byKey.set(key, id);
        return json(res, 200, session);
      }
      const get = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
      if (req.method === "GET" && get) {
        const session = sessions.get(get[1] ?? "");
        return session
          ? json(res, 200, session)
          : json(res, 404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
      }
      const expire = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(url.pathname);
      if (req.method === "POST" && expire) {
        await readBody(req);
        expired.push(expire[1] ?? "");
        const session = sessions.get(expire[1] ?? "");
        if (!session)
          return json(res, 404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
        if (session.status !== "open")
          return json(res, 400, {
            error: {
              type: "invalid_request_error",
              message: `Only Checkout Sessions with a status in ["open"] can be expired.`,
            },
          });
        session.status = "expired";
        return json(res, 200, session);
      }
      const page = /^\/pay\/([\w-]+)$/.exec(url.pathname);
      const session = page ? sessions.get(page[1] ?? "") : undefined;
      if (page && session && req.method === "GET") {
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        return res.end(
          `<!doctype html><meta name="viewport" content="width=device-width"><title>Stand-in checkout</title>` +
            `<h1>Pay ${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}</h1>` +
            `<form method="post"><button>Pay</button></form><p><a href="${session.cancel_url}">Back</a></p>`,
        );
      }
      if (page && session && req.method === "POST") {
        if (session.status !== "open") {
          res.writeHead(410, { "Content-Type": "text/plain; charset=utf-8" });
          return res.end("This checkout session is no longer open.");
        }
        Object.assign(session, completed(session, "paid"));
        queued.push({ ...session });
        res.writeHead(303, { Location: session.success_url });
        return res.end();
      }
      json(res, 404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });
    })().catch(() => json(res, 500, { error: { type: "api_error", message: "stand-in failed" } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** The session as an event would carry it, completed with `payment_status`, its payment intent named. */
  function completed(
    session: StandInSession,
    paymentStatus: "paid" | "unpaid",
    overrides: Partial<StandInSession> = {},
  ) {
    return {
      ...session,
      status: "complete",
      payment_status: paymentStatus,
      payment_intent: `pi_${session.id.slice(3)}`,
      ...overrides,
    };
  }

  function event(type: string, object: Record<string, unknown>, id = `evt_test_${++eventN}`) {
    return {
      id,
      object: "event",
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
  }

  function sign(payload: string, { secret = webhookSecret, timestamp }: { secret?: string; timestamp?: number } = {}) {
    return signer.webhooks.generateTestHeaderString({
      payload,
      secret,
      ...(timestamp === undefined ? {} : { timestamp }),
    });
  }

  /** Posts an event (signed unless `header` is given) to the site, as Stripe's servers do: no Origin, raw JSON. */
  async function deliver(
    value: Record<string, unknown> | string,
    options: { secret?: string; timestamp?: number; header?: string | null } = {},
  ): Promise<Response> {
    const payload = typeof value === "string" ? value : JSON.stringify(value);
    const header = options.header === undefined ? sign(payload, options) : options.header;
    return fetch(webhookUrl, {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        ...(header === null ? {} : { "Stripe-Signature": header }),
      },
      body: payload,
    });
  }

  return {
    url: origin(),
    sessions,
    created,
    expired,
    /** The homeowner pays on the session's page (it completes; its event is held until deliverQueued). */
    async payOnPage(id: string): Promise<number> {
      return (await fetch(`${origin()}/pay/${id}`, { method: "POST", redirect: "manual" })).status;
    },
    /** Where events go: the site's webhook. */
    target(siteOrigin: string) {
      webhookUrl = `${siteOrigin}/payments/stripe/webhook`;
    },
    completed,
    event,
    sign,
    deliver,
    /** Sends the events the checkout page queued, signed; resolves with the site's answers. */
    async deliverQueued(): Promise<number[]> {
      const statuses: number[] = [];
      for (const object of queued.splice(0)) {
        statuses.push((await deliver(event("checkout.session.completed", object))).status);
      }
      return statuses;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

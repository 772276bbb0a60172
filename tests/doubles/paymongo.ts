/**
 * A local fake of the PayMongo API for the payment tests (ADR 0022): a real HTTP server speaking the calls the
 * adapter makes — POST /v1/checkout_sessions and POST /v1/refunds — with PayMongo's basic auth (the secret key as the
 * user name), JSON:API bodies and `Idempotency-Key` (a repeated key answers the first answer again), and the signed
 * webhooks PayMongo sends (`Paymongo-Signature: t=…,te=…,li=`) when a checkout is paid or a refund settles.
 *
 * Start it in-process with `startFakePaymongo({ secretKey, webhookSecret })`.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { paymentEventBody } from "~/infra/payments/events.server";
import { PAYMONGO_SIGNATURE, signWebhook } from "~/infra/webhooks.server";

type Session = {
  id: string;
  amount: number;
  methods: string[];
  referenceNumber: string;
  metadata: Record<string, unknown>;
  paymentId?: string;
};
type Refund = { id: string; amount: number; paymentId: string };

export type FakePaymongo = {
  url: string;
  /** Every call received, in order: method, path, the Idempotency-Key and the parsed body. */
  calls: { method: string; path: string; idempotencyKey: string | null; body: unknown }[];
  sessions: Map<string, Session>;
  /** The signed webhook PayMongo sends when the session is paid with `method` (a payment is made). */
  paidEvent(
    sessionId: string,
    method?: string,
    amount?: number,
  ): { body: string; headers: Record<string, string> };
  /** The signed webhook of a refund's new status. */
  refundEvent(
    refundId: string,
    status: "succeeded" | "failed",
  ): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
};

export async function startFakePaymongo(options: {
  secretKey: string;
  webhookSecret: string;
}): Promise<FakePaymongo> {
  const sessions = new Map<string, Session>();
  const refunds = new Map<string, Refund>();
  const paidPayments = new Map<string, number>();
  const answered = new Map<string, { status: number; body: unknown }>();
  const calls: FakePaymongo["calls"] = [];
  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const path = req.url ?? "/";
    const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      return reply(res, 400, errors("The body is not JSON."));
    }
    calls.push({ method: req.method ?? "GET", path, idempotencyKey, body });
    const expected = `Basic ${Buffer.from(`${options.secretKey}:`).toString("base64")}`;
    if (req.headers.authorization !== expected) return reply(res, 401, errors("API key is invalid."));
    if (req.method !== "POST") return reply(res, 405, errors("Method not allowed."));
    if (!idempotencyKey) return reply(res, 400, errors("Idempotency-Key is required by this fake."));
    const key = `${path}\u0000${idempotencyKey}`;
    const first = answered.get(key);
    if (first) return reply(res, first.status, first.body);
    const attributes = (body as { data?: { attributes?: Record<string, unknown> } } | null)?.data?.attributes;
    if (!attributes) return reply(res, 400, errors("data.attributes is required."));

    let answer: { status: number; body: unknown };
    if (path === "/v1/checkout_sessions") answer = createSession(attributes);
    else if (path === "/v1/refunds") answer = createRefund(attributes);
    else answer = { status: 404, body: errors(`No route ${path}.`) };
    answered.set(key, answer);
    reply(res, answer.status, answer.body);
  });

  function createSession(attributes: Record<string, unknown>) {
    const items = attributes.line_items as
      | { amount?: unknown; currency?: unknown; quantity?: unknown }[]
      | undefined;
    const methods = attributes.payment_method_types as string[] | undefined;
    const valid =
      Array.isArray(items) &&
      items.length > 0 &&
      items.every(
        (item) => Number.isInteger(item.amount) && item.currency === "PHP" && item.quantity === 1,
      ) &&
      Array.isArray(methods) &&
      methods.length > 0 &&
      methods.every((method) => ["card", "gcash", "paymaya", "qrph"].includes(method)) &&
      typeof attributes.success_url === "string" &&
      typeof attributes.cancel_url === "string";
    if (!valid) return { status: 400, body: errors("The checkout session's attributes are not valid.") };
    const session: Session = {
      id: id("cs"),
      amount: (items as { amount: number }[]).reduce((total, item) => total + item.amount, 0),
      methods: methods as string[],
      referenceNumber: String(attributes.reference_number ?? ""),
      metadata: (attributes.metadata as Record<string, unknown>) ?? {},
    };
    sessions.set(session.id, session);
    return {
      status: 200,
      body: {
        data: {
          id: session.id,
          type: "checkout_session",
          attributes: {
            checkout_url: `${url}/checkout/${session.id}`,
            reference_number: session.referenceNumber,
            payment_method_types: session.methods,
            payments: [],
            status: "active",
          },
        },
      },
    };
  }

  function createRefund(attributes: Record<string, unknown>) {
    const paymentId = String(attributes.payment_id ?? "");
    const amount = attributes.amount;
    const paid = paidPayments.get(paymentId);
    if (paid === undefined) return { status: 404, body: errors(`No payment ${paymentId}.`) };
    if (!Number.isInteger(amount) || (amount as number) <= 0 || (amount as number) > paid)
      return { status: 400, body: errors("The refund amount is not valid.") };
    const refund: Refund = { id: id("ref"), amount: amount as number, paymentId };
    refunds.set(refund.id, refund);
    paidPayments.set(paymentId, paid - refund.amount);
    return {
      status: 200,
      body: {
        data: {
          id: refund.id,
          type: "refund",
          attributes: { amount: refund.amount, payment_id: paymentId, status: "pending", currency: "PHP" },
        },
      },
    };
  }

  function signed(body: string) {
    return {
      body,
      headers: {
        "Content-Type": "application/json",
        [PAYMONGO_SIGNATURE.header]: signWebhook(body, options.webhookSecret, undefined, PAYMONGO_SIGNATURE),
      },
    };
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    calls,
    sessions,
    paidEvent(sessionId, method = "gcash", amount) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.paymentId ??= id("pay");
      const paid = amount ?? session.amount;
      paidPayments.set(session.paymentId, paid);
      const payment = {
        id: session.paymentId,
        type: "payment",
        attributes: { amount: paid, currency: "PHP", status: "paid", source: { type: method } },
      };
      return signed(
        paymentEventBody(id("evt"), "checkout_session.payment.paid", {
          id: session.id,
          type: "checkout_session",
          attributes: {
            reference_number: session.referenceNumber,
            metadata: session.metadata,
            payments: [payment],
          },
        }),
      );
    },
    refundEvent(refundId, status) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      return signed(
        paymentEventBody(id("evt"), "payment.refund.updated", {
          id: refund.id,
          type: "refund",
          attributes: { amount: refund.amount, payment_id: refund.paymentId, status },
        }),
      );
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function errors(detail: string) {
  return { errors: [{ code: "parameter_invalid", detail }] };
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      data += chunk;
    });
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

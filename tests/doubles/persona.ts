/**
 * A local fake of Persona for the identity-check tests (docs/decisions/0068-identity-checks-through-persona.md): a
 * real HTTP server speaking the call the adapter makes — POST /api/v1/inquiries with the bearer API key, a JSON:API
 * body naming the inquiry template and the reference-id, and an `Idempotency-Key` (a repeated key
 * answers the first inquiry again) — and the signed webhooks Persona sends when an inquiry moves
 * (`Persona-Signature: t=…,v1=…`, one pair per secret while a secret is rotated); and POST
 * /api/v1/inquiries/<id>/resume, a session token for an inquiry in progress (409 once it is submitted or decided).
 * Its hosted flow is at /verify.
 *
 * Start it in-process with `startFakePersona({ apiKey, templateId, webhookSecrets })`.
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { personaEventBody } from "~/infra/persona.server";

type Inquiry = { id: string; referenceId: string | null; status: string };

export type SignedEvent = { body: string; headers: Record<string, string> };

export type FakePersona = {
  /** The API's base (PERSONA_API_URL) and the hosted flow's address (PERSONA_FLOW_URL). */
  apiUrl: string;
  flowUrl: string;
  /** Every call received, in order: method, path, headers that matter and the parsed body. */
  calls: {
    method: string;
    path: string;
    authorization: string | null;
    idempotencyKey: string | null;
    body: unknown;
  }[];
  inquiries: Map<string, Inquiry>;
  /** Makes the next inquiry creation fail with this status (Persona down, or refusing). */
  failNext(status: number): void;
  /**
   * The signed webhook of an inquiry event: `inquiry.approved`, `inquiry.declined` (with the failed checks),
   * `inquiry.marked-for-review`, … Signed with every secret given (as during a rotation), at `at` (unix seconds).
   */
  event(
    inquiryId: string,
    name: string,
    options?: {
      failedChecks?: string[];
      at?: number;
      secrets?: string[];
      createdAt?: Date;
      eventId?: string;
    },
  ): SignedEvent;
  close(): Promise<void>;
};

const STATUS_OF: Record<string, string> = {
  "inquiry.completed": "completed",
  "inquiry.approved": "approved",
  "inquiry.declined": "declined",
  "inquiry.failed": "failed",
  "inquiry.marked-for-review": "needs_review",
};

export async function startFakePersona(options: {
  apiKey: string;
  templateId: string;
  webhookSecrets: string[];
}): Promise<FakePersona> {
  const inquiries = new Map<string, Inquiry>();
  const answered = new Map<string, { status: number; body: unknown }>();
  const calls: FakePersona["calls"] = [];
  let failure: number | null = null;
  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const path = req.url ?? "/";
    const authorization = (req.headers.authorization as string | undefined) ?? null;
    const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      return reply(res, 400, errors("The body is not JSON."));
    }
    calls.push({ method: req.method ?? "GET", path, authorization, idempotencyKey, body });
    if (authorization !== `Bearer ${options.apiKey}`) return reply(res, 401, errors("Unauthorized"));
    const resume = /^\/api\/v1\/inquiries\/([^/]+)\/resume$/.exec(path);
    if (req.method === "POST" && resume) {
      const inquiry = inquiries.get(decodeURIComponent(resume[1] as string));
      if (!inquiry) return reply(res, 404, errors("Not found"));
      // Only a created, pending or expired inquiry can be resumed; a submitted or decided one answers 409.
      if (!["created", "pending", "expired"].includes(inquiry.status))
        return reply(res, 409, errors(`Inquiry is ${inquiry.status} and cannot be resumed`));
      inquiry.status = "pending";
      return reply(res, 200, { data: inquiryResource(inquiry), meta: { "session-token": id("sess") } });
    }
    if (req.method !== "POST" || path !== "/api/v1/inquiries") return reply(res, 404, errors("Not found"));
    if (failure !== null) {
      const status = failure;
      failure = null;
      return reply(res, status, errors("Service unavailable"));
    }
    const first = idempotencyKey ? answered.get(idempotencyKey) : undefined;
    if (first) return reply(res, first.status, first.body);
    const attributes = (body as { data?: { attributes?: Record<string, unknown> } } | null)?.data?.attributes;
    let answer: { status: number; body: unknown };
    if (attributes?.["inquiry-template-id"] !== options.templateId) {
      answer = { status: 422, body: errors("inquiry-template-id is not a template of this organization") };
    } else {
      const inquiry: Inquiry = {
        id: id("inq"),
        referenceId: typeof attributes["reference-id"] === "string" ? attributes["reference-id"] : null,
        status: "created",
      };
      inquiries.set(inquiry.id, inquiry);
      answer = { status: 201, body: { data: inquiryResource(inquiry), meta: { "session-token": null } } };
    }
    if (idempotencyKey) answered.set(idempotencyKey, answer);
    reply(res, answer.status, answer.body);
  });

  function inquiryResource(inquiry: Inquiry) {
    return {
      type: "inquiry",
      id: inquiry.id,
      attributes: {
        status: inquiry.status,
        "reference-id": inquiry.referenceId,
        "created-at": new Date().toISOString(),
      },
    };
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiUrl: `${url}/api/v1`,
    flowUrl: `${url}/verify`,
    calls,
    inquiries,
    failNext(status) {
      failure = status;
    },
    event(inquiryId, name, { failedChecks = [], at, secrets, createdAt, eventId } = {}) {
      const inquiry = inquiries.get(inquiryId);
      if (!inquiry) throw new Error(`no inquiry ${inquiryId}`);
      inquiry.status = STATUS_OF[name] ?? inquiry.status;
      const included = [
        {
          type: "verification/government-id",
          id: id("ver"),
          attributes: {
            status: failedChecks.length > 0 ? "failed" : "passed",
            checks: [
              { name: "id_aamva_database_lookup", status: "not_applicable" },
              ...failedChecks.map((check) => ({ name: check, status: "failed" })),
            ],
          },
        },
      ];
      const body = personaEventBody(
        eventId ?? id("evt"),
        name,
        inquiryResource(inquiry),
        included,
        createdAt,
      );
      const stamp = at ?? Math.floor(Date.now() / 1000);
      const header = (secrets ?? options.webhookSecrets)
        .map(
          (secret) =>
            `t=${stamp},v1=${createHmac("sha256", secret).update(`${stamp}.${body}`).digest("hex")}`,
        )
        .join(" ");
      return { body, headers: { "Content-Type": "application/json", "Persona-Signature": header } };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function errors(title: string) {
  return { errors: [{ title }] };
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  // One request a connection: a kept-alive socket closed by the server as the client reuses it would fail a call.
  res.writeHead(status, { "Content-Type": "application/json", Connection: "close" });
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

import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod/v4";
import { DEFAULT_LOG_LEVEL, LOG_LEVELS, log } from "~/infra/log.server";
import { mkdirPrivate, PRIVATE_FILE_MODE } from "./data-dir.server";
import { base64urlBytes, isP256PublicKey } from "./domain/push";
import { DEFAULT_REFERRAL_VOUCHER_CENTAVOS } from "./domain/vouchers";
import { isLoopbackAddress, isLoopbackHostname } from "./utils/loopback";

/**
 * The server's configuration, read from the environment once and validated with zod.
 * A bad value stops the server with a message naming the variable; nothing needs setting for `npm start`.
 */
const optionalUrl = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined)
  .pipe(z.url().optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** The port the server listens on; also the port of the localhost links made while PUBLIC_URL is unset. */
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** The interface the server listens on; unset, every interface. */
  HOST: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined),
  /**
   * How many proxies in front of the app to believe: each adds the address it saw to X-Forwarded-For. 0 (the
   * default) believes none and takes the caller's address from the connection itself.
   */
  TRUST_PROXY: z.coerce
    .number()
    .int("must be a whole number of proxies (0 for none)")
    .min(0, "must be a whole number of proxies (0 for none)")
    .max(10, "must be at most 10 proxies")
    .default(0),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalUrl.refine(
    (value) => value === undefined || /^postgres(ql)?:\/\//.test(value),
    "must be a postgres:// or postgresql:// URL",
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SESSION_SECRET: z
    .string()
    .optional()
    .refine((value) => value === undefined || value.length >= 32, "must be at least 32 characters long"),
  PUBLIC_URL: optionalUrl,
  API_BASE_URL: optionalUrl,
  /** Origins besides our own that an API `redirectUrl` may send the browser to (payment providers), comma-separated. */
  REDIRECT_ALLOWED_ORIGINS: z
    .string()
    .default("")
    .transform((value, ctx) => {
      const origins: string[] = [];
      for (const item of value.split(",").map((part) => part.trim())) {
        if (!item) continue;
        try {
          origins.push(new URL(item).origin);
        } catch {
          ctx.addIssue({ code: "custom", message: `"${item}" is not an origin (https://host[:port])` });
        }
      }
      return origins;
    }),
  /** Where e-mail goes: an SMTP server (smtp:// or smtps://); unset, each message is written to DATA_DIR/mail. */
  SMTP_URL: optionalUrl.refine(
    (value) => value === undefined || /^smtps?:\/\//.test(value),
    "must be an smtp:// or smtps:// URL",
  ),
  MAIL_FROM: z.string().trim().min(3).default("Space Solution <no-reply@spacesolution.ph>"),
  /** Where feedback goes (and the operations enquiries while OPERATIONS_EMAIL is unset). */
  SUPPORT_EMAIL: z.email().default("support@spacesolution.ph"),
  /** Where the operations team's enquiries go ("Can't find a space?", prospective hosts); unset: SUPPORT_EMAIL. */
  OPERATIONS_EMAIL: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .pipe(z.email().optional()),
  /** Google sign-in: enabled when both are set. GOOGLE_ISSUER is Google unless a test points it elsewhere. */
  GOOGLE_CLIENT_ID: z.string().trim().optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().optional(),
  GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),
  /** Facebook sign-in: enabled when both are set. The URLs are Facebook's unless a test points them elsewhere. */
  FACEBOOK_CLIENT_ID: z.string().trim().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().trim().optional(),
  FACEBOOK_AUTHORIZE_URL: z.url().default("https://www.facebook.com/v19.0/dialog/oauth"),
  FACEBOOK_TOKEN_URL: z.url().default("https://graph.facebook.com/v19.0/oauth/access_token"),
  FACEBOOK_GRAPH_URL: z.url().default("https://graph.facebook.com/v19.0"),
  /** Uploads go to this S3-compatible bucket when S3_BUCKET is set; else to DATA_DIR/uploads. */
  S3_BUCKET: z.string().trim().optional(),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().trim().default("auto"),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  /** Public base URL of the bucket's files (a CDN); unset, files are served through the app. */
  S3_PUBLIC_URL: optionalUrl,
  /**
   * SMS: through Semaphore (the Philippine gateway) when SEMAPHORE_API_KEY is set; else through the HTTP gateway at
   * SMS_GATEWAY_URL when set; else written to DATA_DIR/sms (the log names the file, not the text; app/infra/sms.server.ts).
   */
  SEMAPHORE_API_KEY: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string().trim().optional(),
  ),
  SEMAPHORE_API_URL: z.url().default("https://api.semaphore.co"),
  SMS_GATEWAY_URL: optionalUrl,
  SMS_GATEWAY_TOKEN: z.string().trim().optional(),
  SMS_SENDER: z.string().trim().default("SpaceSol"),
  /**
   * The identity-check provider; "sandbox" is a page of this app where a check can be passed or failed. Unset, the
   * sandbox is used only while PUBLIC_URL is not https (app/infra/identity.server.ts).
   */
  IDENTITY_PROVIDER: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.enum(["sandbox", "persona"]).optional(),
  ),
  /** Persona (IDENTITY_PROVIDER=persona): its API key, the inquiry template the checks use, and the webhook's secret. */
  PERSONA_API_KEY: z.string().trim().optional(),
  PERSONA_TEMPLATE_ID: z.string().trim().optional(),
  /** The Persona webhook's secrets, comma-separated: the old and the new one while a secret is rotated. */
  PERSONA_WEBHOOK_SECRET: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((secret) => secret.trim())
        .filter(Boolean),
    ),
  PERSONA_API_URL: z.url().default("https://withpersona.com/api/v1"),
  /** Persona's hosted flow, where the browser goes with the inquiry's id. */
  PERSONA_FLOW_URL: z.url().default("https://inquiry.withpersona.com/verify"),
  /**
   * Payments (app/infra/payments/): PayMongo Checkout Sessions when PAYMONGO_SECRET_KEY is set, else the built-in
   * sandbox checkout — which a site on https (a real deployment) uses only when PAYMENT_PROVIDER=sandbox says so.
   */
  PAYMENT_PROVIDER: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.enum(["sandbox", "paymongo"]).optional(),
  ),
  PAYMONGO_SECRET_KEY: z.string().trim().optional(),
  /** The secret of the webhook registered with PayMongo (its events are refused without a matching signature). */
  PAYMONGO_WEBHOOK_SECRET: z.string().trim().optional(),
  PAYMONGO_API_URL: z.url().default("https://api.paymongo.com"),
  /** A referral voucher's value in centavos (docs/product.md, Referral vouchers: ₱250.00 unless set). */
  REFERRAL_VOUCHER_CENTAVOS: z.coerce.number().int().min(1).default(DEFAULT_REFERRAL_VOUCHER_CENTAVOS),
  SEED_DEMO_DATA: z.enum(["auto", "true", "false"]).default("auto"),
  BLOG_URL: z.url().default("https://blog.spacesolution.ph"),
  /** Where "Review us on Google" leads (the business's Google review page); a Google search for it unless set. */
  GOOGLE_REVIEW_URL: z.url().default("https://www.google.com/search?q=Space+Solution+Philippines"),
  /**
   * Map tiles: a Leaflet URL template with {z}, {x} and {y} (and optionally {s}, {r}), absolute or a path on this
   * site. Empty means no tile layer: maps still show their pins, markers and circles on a plain background (the
   * tests run so). The CSP allows images from any https: origin, and http: only from the app's own origin.
   */
  MAP_TILE_URL: z
    .string()
    .trim()
    .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png")
    .refine(
      (value) =>
        value === "" ||
        (/^(https?:\/\/|\/)/.test(value) && ["{z}", "{x}", "{y}"].every((p) => value.includes(p))),
      "must be a URL template (http(s)://… or /…) with {z}, {x} and {y}, or empty for no tiles",
    ),
  /**
   * The tiles' attribution, shown in the map's corner; HTML (entities, links) as the tile provider asks.
   * OpenStreetMap's tile policy asks for a link to its copyright page.
   */
  MAP_TILE_ATTRIBUTION: z
    .string()
    .trim()
    .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
  /**
   * The bearer token GET /metrics asks for (docs/decisions/0056-metrics.md); unset, there is no /metrics at all. At
   * least 16 characters: it guards what the business's traffic and queues look like.
   */
  METRICS_TOKEN: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string().trim().min(16, "must be at least 16 characters long").optional(),
  ),
  /**
   * Web Push (docs/decisions/0084-web-push-for-the-bell.md): the VAPID key pair that signs every push, base64url (the
   * public key 65 bytes, the private key 32). Unset, a pair is generated once and kept in DATA_DIR/vapid-keys.json;
   * several instances must share one pair (a browser subscribed with one public key refuses pushes signed by another).
   * VAPID_SUBJECT is how a push service reaches us: mailto: or https:, SUPPORT_EMAIL unless set.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .refine(
      (value) => value === undefined || isP256PublicKey(value),
      "must be a base64url P-256 public key (65 bytes)",
    ),
  VAPID_PRIVATE_KEY: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .refine(
      (value) => value === undefined || base64urlBytes(value)?.length === 32,
      "must be a base64url P-256 private key (32 bytes)",
    ),
  VAPID_SUBJECT: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .refine(
      (value) => value === undefined || /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(value),
      "must be a mailto: address or an https: URL",
    ),
  /** How much the server logs (app/infra/log.server.ts, docs/deploy.md "Logs"): "info" logs every request. */
  LOG_LEVEL: z.enum(LOG_LEVELS).default(DEFAULT_LOG_LEVEL),
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
});

export type Env = z.infer<typeof EnvSchema> & {
  SESSION_SECRET: string;
  OPERATIONS_EMAIL: string;
  secureCookies: boolean;
};

export class EnvError extends Error {
  override name = "EnvError";
}

/** Validates an environment; throws EnvError naming every bad variable. Pure apart from the session secret file. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".") || "env"}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const paymongo = env.PAYMENT_PROVIDER === "paymongo" || (!env.PAYMENT_PROVIDER && env.PAYMONGO_SECRET_KEY);
  if (paymongo && !(env.PAYMONGO_SECRET_KEY && env.PAYMONGO_WEBHOOK_SECRET)) {
    throw new EnvError(
      "Invalid environment configuration:\n  PAYMONGO_SECRET_KEY and PAYMONGO_WEBHOOK_SECRET: PayMongo needs both",
    );
  }
  if (
    env.IDENTITY_PROVIDER === "persona" &&
    !(env.PERSONA_API_KEY && env.PERSONA_TEMPLATE_ID && env.PERSONA_WEBHOOK_SECRET.length > 0)
  ) {
    throw new EnvError(
      "Invalid environment configuration:\n  PERSONA_API_KEY, PERSONA_TEMPLATE_ID and PERSONA_WEBHOOK_SECRET: Persona needs all three",
    );
  }
  if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
    throw new EnvError(
      "Invalid environment configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both (one key pair), or neither",
    );
  }
  return {
    ...env,
    SESSION_SECRET: env.SESSION_SECRET ?? loadOrCreateSessionSecret(env.DATA_DIR),
    OPERATIONS_EMAIL: env.OPERATIONS_EMAIL ?? env.SUPPORT_EMAIL,
    secureCookies: env.PUBLIC_URL?.startsWith("https:") ?? false,
  };
}

/**
 * Origins besides our own an API `redirectUrl` may send the browser to: REDIRECT_ALLOWED_ORIGINS, and the hosted
 * flow of the identity provider the site is configured with (Persona's, PERSONA_FLOW_URL), which is ours to trust
 * by that same configuration.
 */
export function redirectAllowedOrigins(env: Env = getEnv()): string[] {
  const origins = [...env.REDIRECT_ALLOWED_ORIGINS];
  if (env.IDENTITY_PROVIDER === "persona") origins.push(new URL(env.PERSONA_FLOW_URL).origin);
  return origins;
}

/** When SESSION_SECRET is unset, one random secret is generated once and kept in DATA_DIR. */
function loadOrCreateSessionSecret(dataDir: string): string {
  const file = path.resolve(dataDir, "session-secret");
  try {
    const secret = readFileSync(file, "utf8").trim();
    if (secret.length >= 32) return secret;
  } catch {
    // not there yet: create it below
  }
  const secret = randomBytes(32).toString("base64url");
  mkdirPrivate(path.dirname(file));
  writeFileSync(file, `${secret}\n`, { mode: PRIVATE_FILE_MODE });
  log.info(
    `[config] SESSION_SECRET is not set: generated one and kept it in ${file}. ` +
      "Several instances of the app must share one SESSION_SECRET; set it in their environment.",
  );
  return secret;
}

/** The settings the browser may see (never a secret): the root loader returns them as `publicEnv`. */
export function publicEnv(env: Env = getEnv()) {
  return { MAP_TILE_URL: env.MAP_TILE_URL, MAP_TILE_ATTRIBUTION: env.MAP_TILE_ATTRIBUTION };
}

export type PublicEnv = ReturnType<typeof publicEnv>;

let cached: Env | undefined;

/** The validated environment of this process. The first call validates; a bad value ends the process. */
export function getEnv(): Env {
  if (!cached) {
    try {
      cached = parseEnv(process.env);
    } catch (error) {
      if (error instanceof EnvError) {
        log.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }
  return cached;
}

/**
 * The site's origin for every absolute link (e-mails, share links, canonical and Open Graph URLs, the sitemap,
 * robots.txt): PUBLIC_URL. While it is unset, the request's own origin only when its Host names this machine (a
 * newcomer on localhost); any other Host is whatever the caller typed, so links go to localhost on our port rather
 * than to a site an attacker names.
 */
export function publicOrigin(request: Request, env: Env = getEnv()): string {
  if (env.PUBLIC_URL) return new URL(env.PUBLIC_URL).origin;
  const url = new URL(request.url);
  if (isLoopbackHostname(url.hostname)) return url.origin;
  return siteOrigin(env);
}

/** The site's address where there is no request to go by (a job's e-mail): PUBLIC_URL, else this machine. */
export function siteOrigin(env: Env = getEnv()): string {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`;
}

/**
 * The site's name as printed on its documents (a receipt's header): PUBLIC_URL's host name without "www.", or null
 * while PUBLIC_URL is unset — a machine's localhost and port are no name to print.
 */
export function siteName(env: Env = getEnv()): string | null {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).hostname.replace(/^www\./, "") : null;
}

/** True when the server listens only on this machine (HOST is a loopback name or address). */
export function listensOnLoopbackOnly(env: Env): boolean {
  return env.HOST !== undefined && (isLoopbackHostname(env.HOST) || isLoopbackAddress(env.HOST));
}

/**
 * The warning for a production server that others can reach but that has no PUBLIC_URL: its e-mails, canonical
 * links and sitemap then point at localhost. Null when there is nothing to say.
 */
export function publicUrlWarning(env: Env): string | null {
  if (env.NODE_ENV !== "production" || env.PUBLIC_URL || listensOnLoopbackOnly(env)) return null;
  return (
    "[config] PUBLIC_URL is not set, but the server listens beyond this machine " +
    `(HOST=${env.HOST ?? "every interface"}). Links in e-mails, canonical URLs, the sitemap and robots.txt ` +
    `will point at http://localhost:${env.PORT}. ` +
    "Set PUBLIC_URL to the site's public address (https://…)."
  );
}

/**
 * A local fake of a browser's push service for the Web Push tests (docs/decisions/0084-web-push-for-the-bell.md): a
 * real HTTP server that takes POST /push/<id> as FCM, Mozilla's autopush or Apple's service do, and checks what they
 * check — the VAPID `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292: an ES256 JWT signed with `k`, `aud` the
 * push service's origin, `exp` no more than 24 hours ahead, `sub` a mailto: or https: contact, and `k` the key the
 * browser subscribed with), a `TTL` header and `Content-Encoding: aes128gcm` — and then decrypts the message with the
 * subscription's own keys (RFC 8291 on RFC 8188), written here from the RFCs with node:crypto: it never uses the
 * library the app sends with, so a test proves the app's messages are what a browser can read.
 *
 * `subscribe(applicationServerKey)` does what a browser does: makes a P-256 key pair and a 16-byte auth secret, and
 * answers the subscription's JSON ({ endpoint, keys: { p256dh, auth } }). Received messages are in `messages`;
 * `answer(endpoint, status)` makes that subscription answer a status (410 gone, 500 failing) from then on.
 *
 * Start it in-process with `startFakePushService()`.
 */
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  verify,
} from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export type BrowserKeys = { ecdh: ECDH; publicKey: Buffer; authSecret: Buffer };

export type BrowserSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

export type ReceivedPush = {
  endpoint: string;
  /** The decrypted message, as the browser's service worker gets it. */
  text: string;
  ttl: number;
  urgency: string | null;
  claims: { aud: string; exp: number; sub: string };
};

export type FakePushService = {
  url: string;
  subscribe(applicationServerKey: string): BrowserSubscription;
  /** Every message the service took (answered 201), in order. */
  messages: ReceivedPush[];
  /** Every request, with the status it was answered and why it was refused. */
  calls: { endpoint: string; status: number; reason?: string }[];
  /** From now on, a push to this subscription answers `status` (410: the browser unsubscribed; 500: failing). */
  answer(endpoint: string, status: number): void;
  close(): Promise<void>;
};

const KEY_INFO = Buffer.from("WebPush: info\0", "latin1");
const CEK_INFO = Buffer.from("Content-Encoding: aes128gcm\0", "latin1");
const NONCE_INFO = Buffer.from("Content-Encoding: nonce\0", "latin1");
const TAG_BYTES = 16;

/**
 * Decrypts an `aes128gcm` Web Push message (RFC 8291 section 3.4, RFC 8188 section 2) with the browser's keys: the
 * header (salt, record size, the sender's public key as key id), the shared secret mixed with the auth secret, then
 * each record with its own nonce, its padding removed.
 */
export function decryptWebPush(body: Buffer, browser: BrowserKeys): Buffer {
  if (body.length < 21) throw new Error("the body is shorter than an aes128gcm header");
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  if (idLength !== 65 || senderKey[0] !== 0x04) throw new Error("the key id is not a P-256 public key");
  if (recordSize < 18) throw new Error("the record size is too small");
  const shared = browser.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([KEY_INFO, browser.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, browser.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, CEK_INFO, 16));
  const baseNonce = Buffer.from(hkdfSync("sha256", ikm, salt, NONCE_INFO, 12));
  const content = body.subarray(21 + idLength);
  if (content.length === 0) throw new Error("the message has no records");
  const parts: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < content.length; offset += recordSize, sequence++) {
    const record = content.subarray(offset, offset + recordSize);
    const last = offset + recordSize >= content.length;
    if (record.length <= TAG_BYTES) throw new Error("a record is too short");
    const nonce = Buffer.from(baseNonce);
    // The record's sequence number XORed into the nonce's low bytes (a message here has far fewer than 2^32 records).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - TAG_BYTES));
    const padded = Buffer.concat([
      decipher.update(record.subarray(0, record.length - TAG_BYTES)),
      decipher.final(),
    ]);
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    // The delimiter: 2 ends the last record, 1 any other.
    if (end < 0 || padded[end] !== (last ? 2 : 1)) throw new Error("a record's padding delimiter is wrong");
    parts.push(padded.subarray(0, end));
  }
  return Buffer.concat(parts);
}

/** Checks a VAPID Authorization header for a push to `origin`; answers the JWT's claims, or throws saying why. */
export function checkVapid(
  authorization: string | undefined,
  origin: string,
  applicationServerKey: string,
  now = Date.now(),
): ReceivedPush["claims"] {
  const match = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), ?k=([A-Za-z0-9_-]+)$/.exec(
    authorization ?? "",
  );
  if (!match) throw new Error("no vapid t=…, k=… authorization");
  const [, token, k] = match as unknown as [string, string, string];
  if (k !== applicationServerKey.replace(/=+$/, ""))
    throw new Error("k is not the key the browser subscribed with");
  const raw = Buffer.from(k, "base64url");
  if (raw.length !== 65 || raw[0] !== 0x04) throw new Error("k is not a P-256 public key");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const [head, payload, signature] = token.split(".") as [string, string, string];
  const header = JSON.parse(Buffer.from(head, "base64url").toString("utf8")) as {
    alg?: string;
    typ?: string;
  };
  if (header.alg !== "ES256") throw new Error(`the JWT's alg is ${header.alg}, not ES256`);
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${payload}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("the JWT's signature does not verify with k");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Partial<
    ReceivedPush["claims"]
  >;
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  const seconds = now / 1000;
  if (typeof claims.exp !== "number" || claims.exp <= seconds || claims.exp > seconds + 24 * 60 * 60)
    throw new Error("exp is not within the next 24 hours");
  if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub))
    throw new Error("sub is not a mailto: or https: contact");
  return { aud: claims.aud, exp: claims.exp, sub: claims.sub };
}

/** A browser's push keys: a fresh P-256 pair and auth secret, or given ones (the RFC's example). */
export function browserKeys(privateKey?: Buffer, authSecret?: Buffer): BrowserKeys {
  const ecdh = createECDH("prime256v1");
  if (privateKey) ecdh.setPrivateKey(privateKey);
  else ecdh.generateKeys();
  return { ecdh, publicKey: ecdh.getPublicKey(), authSecret: authSecret ?? randomBytes(16) };
}

export async function startFakePushService(): Promise<FakePushService> {
  const browsers = new Map<string, { keys: BrowserKeys; applicationServerKey: string; status: number }>();
  const messages: ReceivedPush[] = [];
  const calls: FakePushService["calls"] = [];

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const origin = `http://${req.headers.host}`;
    const endpoint = `${origin}${req.url}`;
    const refuse = (status: number, reason: string) => {
      calls.push({ endpoint, status, reason });
      res.writeHead(status, { "Content-Type": "text/plain" }).end(reason);
    };
    const browser = req.method === "POST" ? browsers.get(req.url ?? "") : undefined;
    if (!browser) return refuse(404, "no such subscription");
    if (browser.status !== 201) return refuse(browser.status, "answering as told");
    let claims: ReceivedPush["claims"];
    try {
      claims = checkVapid(req.headers.authorization, origin, browser.applicationServerKey);
    } catch (error) {
      return refuse(401, (error as Error).message);
    }
    const ttl = Number(req.headers.ttl);
    if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0)
      return refuse(400, "no TTL header");
    if (req.headers["content-encoding"] !== "aes128gcm") return refuse(415, "not aes128gcm");
    let text: string;
    try {
      text = decryptWebPush(body, browser.keys).toString("utf8");
    } catch (error) {
      return refuse(400, `cannot decrypt: ${(error as Error).message}`);
    }
    // RFC 8030: 4 KB of message at most.
    if (body.length > 4096) return refuse(413, "too large");
    messages.push({
      endpoint,
      text,
      ttl,
      urgency: (req.headers.urgency as string | undefined) ?? null,
      claims,
    });
    calls.push({ endpoint, status: 201 });
    res.writeHead(201, { Location: `${origin}/message/${randomBytes(8).toString("hex")}` }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    messages,
    calls,
    subscribe(applicationServerKey) {
      const keys = browserKeys();
      const path = `/push/${randomBytes(12).toString("base64url")}`;
      browsers.set(path, { keys, applicationServerKey, status: 201 });
      return {
        endpoint: `${url}${path}`,
        keys: { p256dh: keys.publicKey.toString("base64url"), auth: keys.authSecret.toString("base64url") },
      };
    },
    answer(endpoint, status) {
      const browser = browsers.get(new URL(endpoint).pathname);
      if (!browser) throw new Error(`no subscription ${endpoint}`);
      browser.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

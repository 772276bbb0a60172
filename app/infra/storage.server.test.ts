import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { AwsV4Signer } from "aws4fetch";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { contentTypeOf, DiskStorage, isSafeKey, S3Storage, storageFromEnv } from "./storage.server";

const UNSAFE_KEYS = [
  "",
  "../secret.jpg",
  "a/../../b.jpg",
  "/etc/passwd",
  "a//b.jpg",
  "a/./b.jpg",
  "..",
  "a\\b.jpg",
  "a/b c.jpg",
  "%2e%2e/x.jpg",
  "x".repeat(301),
];

describe("storage keys", () => {
  it("takes relative keys of plain segments only", () => {
    expect(isSafeKey("profilePhoto/6f1c/image.jpg")).toBe(true);
    expect(isSafeKey("feedback/abc-DEF_1/w640.webp")).toBe(true);
    for (const key of UNSAFE_KEYS) expect(isSafeKey(key), key).toBe(false);
  });

  it("knows the content type by the extension", () => {
    expect(contentTypeOf("a/b.jpg")).toBe("image/jpeg");
    expect(contentTypeOf("a/b.webp")).toBe("image/webp");
    expect(contentTypeOf("a/b.png")).toBe("image/png");
    expect(contentTypeOf("a/b.pdf")).toBe("application/pdf");
    expect(contentTypeOf("a/b.exe")).toBe("application/octet-stream");
  });
});

describe("disk storage", () => {
  let root: string;
  let storage: DiskStorage;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), "ss-storage-"));
    storage = new DiskStorage(root);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("puts, gets and deletes a file under its root", async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]);
    await storage.put("profilePhoto/u1/image.jpg", bytes, "image/jpeg");
    expect(await readFile(path.join(root, "profilePhoto", "u1", "image.jpg"))).toEqual(Buffer.from(bytes));
    const object = await storage.get("profilePhoto/u1/image.jpg");
    expect(object?.contentType).toBe("image/jpeg");
    expect(Buffer.from(object?.bytes ?? [])).toEqual(Buffer.from(bytes));
    // No half-written files are left beside it.
    expect(await readdir(path.join(root, "profilePhoto", "u1"))).toEqual(["image.jpg"]);

    await storage.delete("profilePhoto/u1/image.jpg");
    expect(await storage.get("profilePhoto/u1/image.jpg")).toBeNull();
    await expect(storage.delete("profilePhoto/u1/image.jpg")).resolves.toBeUndefined();
  });

  it("keeps each file and folder for the server's user only (ADR 0044)", async () => {
    await storage.put("identityDocs/u1/front.jpg", new Uint8Array([0xff, 0xd8, 0xff]), "image/jpeg");
    for (const folder of ["identityDocs", "identityDocs/u1"])
      expect((await stat(path.join(root, folder))).mode & 0o777, folder).toBe(0o700);
    expect((await stat(path.join(root, "identityDocs", "u1", "front.jpg"))).mode & 0o777).toBe(0o600);
  });

  it("answers null for a key it does not have", async () => {
    expect(await storage.get("feedback/none/image.jpg")).toBeNull();
  });

  it("never leaves its root, whatever the key", async () => {
    for (const key of UNSAFE_KEYS) {
      await expect(storage.put(key, new Uint8Array([1]), "image/jpeg"), key).rejects.toThrow(/unsafe/);
      expect(await storage.get(key)).toBeNull();
      await expect(storage.delete(key)).rejects.toThrow(/unsafe/);
      expect(() => storage.publicUrl(key)).toThrow(/unsafe/);
    }
    expect(await readdir(root)).toEqual([]);
  });

  it("refuses a content type that the key's extension does not say", async () => {
    await expect(storage.put("a/b.jpg", new Uint8Array([1]), "text/html")).rejects.toThrow(/content type/);
  });

  it("serves files through /uploads/", () => {
    expect(storage.publicUrl("feedback/u1/w640.webp")).toBe("/uploads/feedback/u1/w640.webp");
  });
});

// ---------------------------------------------------------------------------------------------------------
// A local server speaking the S3 object API (PUT, GET, DELETE on /bucket/key), which checks every request's
// AWS Signature V4 by signing the received request again with the secret it shares with the client.
// ---------------------------------------------------------------------------------------------------------

const BUCKET = "space-uploads";
const REGION = "ap-southeast-1";
const ACCESS_KEY_ID = "AKIDSPACESOLUTION";
const SECRET = "s3-test-secret-key-0123456789";

type Received = {
  method: string;
  key: string;
  authorization: string;
  signedHeaders: string[];
  payloadHash: string;
};

class FakeS3 {
  readonly objects = new Map<string, { bytes: Buffer; contentType: string; cacheControl?: string }>();
  readonly received: Received[] = [];
  private server!: Server;
  url = "";

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      this.handle(req).then(
        ({ status, body, headers }) => {
          res.writeHead(status, headers);
          res.end(body);
        },
        (error: unknown) => {
          res.writeHead(500, { "Content-Type": "text/plain" });
          res.end(String(error));
        },
      );
    });
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(
    req: IncomingMessage,
  ): Promise<{ status: number; body?: Buffer | string; headers?: Record<string, string> }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    const [, bucket, ...rest] = url.pathname.split("/");
    const key = rest.map(decodeURIComponent).join("/");
    const authorization = req.headers.authorization ?? "";

    const failure = await this.checkSignature(req, url, body, authorization);
    if (failure) return xmlError(403, failure);
    if (bucket !== BUCKET) return xmlError(404, "NoSuchBucket");
    this.received.push({
      method: req.method ?? "",
      key,
      authorization,
      signedHeaders: /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(";") ?? [],
      payloadHash: String(req.headers["x-amz-content-sha256"]),
    });

    if (req.method === "PUT") {
      this.objects.set(key, {
        bytes: body,
        contentType: req.headers["content-type"] ?? "binary/octet-stream",
        cacheControl: req.headers["cache-control"],
      });
      return { status: 200, headers: { ETag: `"${createHash("md5").update(body).digest("hex")}"` } };
    }
    if (req.method === "GET") {
      const object = this.objects.get(key);
      if (!object) return xmlError(404, "NoSuchKey");
      return { status: 200, body: object.bytes, headers: { "Content-Type": object.contentType } };
    }
    if (req.method === "DELETE") {
      this.objects.delete(key);
      return { status: 204 };
    }
    return xmlError(405, "MethodNotAllowed");
  }

  /** Null when the request is signed for this bucket's region with our key; else the S3 error code. */
  private async checkSignature(
    req: IncomingMessage,
    url: URL,
    body: Buffer,
    authorization: string,
  ): Promise<string | null> {
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!match) return "MissingSecurityHeader";
    const [, accessKeyId, , region, signedHeaders] = match;
    if (accessKeyId !== ACCESS_KEY_ID) return "InvalidAccessKeyId";
    if (region !== REGION) return "AuthorizationHeaderMalformed";
    const payloadHash = req.headers["x-amz-content-sha256"];
    if (typeof payloadHash !== "string") return "MissingSecurityHeader";
    if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== createHash("sha256").update(body).digest("hex"))
      return "XAmzContentSHA256Mismatch";
    // Sign the request as received, with the headers it says it signed, and compare.
    const headers = new Headers();
    for (const name of (signedHeaders as string).split(";")) {
      const value = req.headers[name];
      if (name !== "host" && typeof value === "string") headers.set(name, value);
    }
    const expected = await new AwsV4Signer({
      method: req.method,
      url: url.href,
      headers,
      body: body.byteLength ? new Uint8Array(body) : undefined,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET,
      service: "s3",
      region: REGION,
      datetime: req.headers["x-amz-date"] as string,
    }).authHeader();
    return expected === authorization ? null : "SignatureDoesNotMatch";
  }
}

function xmlError(status: number, code: string) {
  return {
    status,
    body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`,
    headers: { "Content-Type": "application/xml" },
  };
}

describe("S3-compatible storage", () => {
  const s3 = new FakeS3();
  beforeAll(() => s3.start());
  afterAll(() => s3.stop());

  const adapter = (overrides: Partial<ConstructorParameters<typeof S3Storage>[0]> = {}) =>
    new S3Storage({
      bucket: BUCKET,
      endpoint: s3.url,
      region: REGION,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET,
      ...overrides,
    });

  it("puts, gets and deletes objects with signed requests for the right bucket, key and region", async () => {
    const storage = adapter();
    const bytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 9, 8, 7]);
    await storage.put("spaceImages/s1/w640.webp", bytes, "image/webp");
    const stored = s3.objects.get("spaceImages/s1/w640.webp");
    expect(stored?.bytes).toEqual(Buffer.from(bytes));
    expect(stored?.contentType).toBe("image/webp");
    expect(stored?.cacheControl).toBe("public, max-age=31536000, immutable");

    const object = await storage.get("spaceImages/s1/w640.webp");
    expect(object?.contentType).toBe("image/webp");
    expect(Buffer.from(object?.bytes ?? [])).toEqual(Buffer.from(bytes));

    await storage.delete("spaceImages/s1/w640.webp");
    expect(s3.objects.has("spaceImages/s1/w640.webp")).toBe(false);
    expect(await storage.get("spaceImages/s1/w640.webp")).toBeNull();

    const methods = s3.received.filter((request) => request.key === "spaceImages/s1/w640.webp");
    expect(methods.map((request) => request.method)).toEqual(["PUT", "GET", "DELETE", "GET"]);
    for (const request of methods) {
      expect(request.authorization).toMatch(
        new RegExp(`^AWS4-HMAC-SHA256 Credential=${ACCESS_KEY_ID}/\\d{8}/${REGION}/s3/aws4_request, `),
      );
      expect(request.signedHeaders).toEqual(
        expect.arrayContaining(["host", "x-amz-date", "x-amz-content-sha256"]),
      );
    }
    // The upload's payload is signed as well (its SHA-256, which the bucket checks), and so is its caching.
    expect(methods[0]?.payloadHash).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(methods[0]?.signedHeaders).toContain("cache-control");
  });

  it("is refused by the bucket with a wrong secret, and says so", async () => {
    const storage = adapter({ secretAccessKey: "not-the-secret" });
    await expect(storage.put("feedback/x/image.jpg", new Uint8Array([1]), "image/jpeg")).rejects.toThrow(
      /S3 PUT feedback\/x\/image\.jpg answered 403 SignatureDoesNotMatch/,
    );
    expect(s3.objects.has("feedback/x/image.jpg")).toBe(false);
  });

  it("is refused when it signs for another region", async () => {
    const storage = adapter({ region: "us-east-1" });
    await expect(storage.get("feedback/x/image.jpg")).rejects.toThrow(/403 AuthorizationHeaderMalformed/);
  });

  it("refuses unsafe keys before any request", async () => {
    const before = s3.received.length;
    await expect(adapter().put("../x.jpg", new Uint8Array([1]), "image/jpeg")).rejects.toThrow(/unsafe/);
    expect(await adapter().get("../x.jpg")).toBeNull();
    expect(s3.received.length).toBe(before);
  });

  it("gives the bucket's public URL when there is one, else /uploads/", () => {
    expect(adapter().publicUrl("a/b.jpg")).toBe("/uploads/a/b.jpg");
    expect(adapter({ publicUrl: "https://cdn.example.ph/media/" }).publicUrl("a/b.jpg")).toBe(
      "https://cdn.example.ph/media/a/b.jpg",
    );
  });

  it("addresses objects path-style at an endpoint, virtual-hosted at AWS", () => {
    expect(adapter().objectUrl("a/b.jpg")).toBe(`${s3.url}/${BUCKET}/a/b.jpg`);
    expect(adapter({ endpoint: undefined }).objectUrl("a/b.jpg")).toBe(
      `https://${BUCKET}.s3.${REGION}.amazonaws.com/a/b.jpg`,
    );
  });
});

describe("choosing the storage from the environment", () => {
  const base = { SESSION_SECRET: "x".repeat(32), DATA_DIR: "/tmp/ss-data" };

  it("is the disk under DATA_DIR/uploads by default", () => {
    const storage = storageFromEnv(parseEnv(base));
    expect(storage).toBeInstanceOf(DiskStorage);
    expect(storage.publicUrl("a/b.jpg")).toBe("/uploads/a/b.jpg");
  });

  it("is the bucket when S3_BUCKET is set", () => {
    const storage = storageFromEnv(
      parseEnv({
        ...base,
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: "https://s3.example.ph",
        S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
        S3_SECRET_ACCESS_KEY: SECRET,
        S3_PUBLIC_URL: "https://cdn.example.ph",
      }),
    );
    expect(storage).toBeInstanceOf(S3Storage);
    expect(storage.publicUrl("a/b.jpg")).toBe("https://cdn.example.ph/a/b.jpg");
  });

  it("stops with a clear message when the bucket's credentials are missing", () => {
    expect(() => storageFromEnv(parseEnv({ ...base, S3_BUCKET: BUCKET }))).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() =>
      storageFromEnv(
        parseEnv({ ...base, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: "a", S3_SECRET_ACCESS_KEY: "b" }),
      ),
    ).toThrow(/S3_ENDPOINT/);
  });
});

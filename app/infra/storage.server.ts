import { createHash, randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "~/data-dir.server";
import { type Env, getEnv } from "~/env.server";

/**
 * Where uploaded files live (DESIGN.md "Real parts"): on disk under DATA_DIR/uploads by default, served by the
 * /uploads/<key> route; in an S3-compatible bucket when S3_BUCKET is set, with requests signed by AWS Signature V4.
 * Keys are chosen by the app and never reused for other content, so their answers may be cached for a year.
 */
export type StoredObject = { bytes: Uint8Array<ArrayBuffer>; contentType: string };

export interface StorageAdapter {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing one that is not there is fine. */
  delete(key: string): Promise<void>;
  /** Where a browser fetches it: /uploads/<key>, or the bucket's public URL. */
  publicUrl(key: string): string;
}

/** Where uploads are served by this app. */
export const UPLOADS_PATH = "/uploads";

/**
 * A key is one to eight path segments of letters, digits, "-", "_" and ".", none of them "." or "..":
 * never absolute, never climbing out of the uploads folder.
 */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 300) return false;
  const segments = key.split("/");
  return (
    segments.length <= 8 &&
    segments.every((segment) => /^[A-Za-z0-9_.-]+$/.test(segment) && segment !== "." && segment !== "..")
  );
}

function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
}

const CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".pdf": "application/pdf",
};

/** The content type a key's extension says (disk storage keeps no other record of it). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}

/** The key's path for URLs: each segment percent-encoded. */
function encodeKey(key: string): string {
  return key.split("/").map(encodeURIComponent).join("/");
}

export class DiskStorage implements StorageAdapter {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split("/"));
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const file = this.file(key);
    if (contentType !== contentTypeOf(key))
      throw new Error(`the key ${key} does not say the content type ${contentType}`);
    await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
    // Written aside, then renamed: a reader never sees half a file.
    const partial = `${file}.${randomUUID()}.partial`;
    await writeFile(partial, bytes, { mode: PRIVATE_FILE_MODE });
    await rename(partial, file);
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isSafeKey(key)) return null;
    try {
      return { bytes: await readFile(this.file(key)), contentType: contentTypeOf(key) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  publicUrl(key: string): string {
    assertSafeKey(key);
    return `${UPLOADS_PATH}/${encodeKey(key)}`;
  }
}

export type S3Options = {
  bucket: string;
  /** An S3-compatible endpoint (path-style URLs: endpoint/bucket/key); unset, AWS's virtual-hosted URLs. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Public base URL of the bucket's objects (a CDN); unset, they are served through /uploads/. */
  publicUrl?: string;
};

export class S3Storage implements StorageAdapter {
  private readonly client: AwsClient;

  constructor(private readonly options: S3Options) {
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: "s3",
      retries: 2,
    });
  }

  /** The object's URL at the bucket. */
  objectUrl(key: string): string {
    assertSafeKey(key);
    const { bucket, endpoint, region } = this.options;
    if (endpoint) return `${endpoint.replace(/\/+$/, "")}/${encodeURIComponent(bucket)}/${encodeKey(key)}`;
    return `https://${bucket}.s3.${region}.amazonaws.com/${encodeKey(key)}`;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const body = new Uint8Array(bytes);
    const response = await this.client.fetch(this.objectUrl(key), {
      method: "PUT",
      body,
      headers: {
        "Content-Type": contentType,
        // The payload is signed too, so the bucket can tell it arrived whole.
        "X-Amz-Content-Sha256": createHash("sha256").update(body).digest("hex"),
        "Cache-Control": "public, max-age=31536000, immutable",
      },
    });
    if (!response.ok) throw await s3Error("PUT", key, response);
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isSafeKey(key)) return null;
    const response = await this.client.fetch(this.objectUrl(key), { method: "GET" });
    if (response.status === 404) return null;
    if (!response.ok) throw await s3Error("GET", key, response);
    return {
      bytes: new Uint8Array(await response.arrayBuffer()),
      contentType: response.headers.get("Content-Type") ?? contentTypeOf(key),
    };
  }

  async delete(key: string): Promise<void> {
    const response = await this.client.fetch(this.objectUrl(key), { method: "DELETE" });
    if (!response.ok && response.status !== 404) throw await s3Error("DELETE", key, response);
  }

  publicUrl(key: string): string {
    assertSafeKey(key);
    const base = this.options.publicUrl;
    return base ? `${base.replace(/\/+$/, "")}/${encodeKey(key)}` : `${UPLOADS_PATH}/${encodeKey(key)}`;
  }
}

async function s3Error(method: string, key: string, response: Response): Promise<Error> {
  const text = await response.text().catch(() => "");
  const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
  return new Error(`S3 ${method} ${key} answered ${response.status}${code ? ` ${code}` : ""}`);
}

/** The storage an environment asks for: S3 when S3_BUCKET is set (with its credentials), else DATA_DIR/uploads. */
export function storageFromEnv(env: Env): StorageAdapter {
  if (!env.S3_BUCKET) return new DiskStorage(path.resolve(env.DATA_DIR, "uploads"));
  if (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)
    throw new Error("S3_BUCKET is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set too.");
  if (!env.S3_ENDPOINT && env.S3_REGION === "auto")
    throw new Error("S3_BUCKET is set: set S3_ENDPOINT (any S3-compatible service) or S3_REGION (AWS) too.");
  return new S3Storage({
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    publicUrl: env.S3_PUBLIC_URL,
  });
}

let storage: StorageAdapter | undefined;

/** The process's storage (see storageFromEnv). */
export function getStorage(): StorageAdapter {
  storage ??= storageFromEnv(getEnv());
  return storage;
}

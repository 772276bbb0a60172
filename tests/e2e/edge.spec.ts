import http from "node:http";
import os from "node:os";
import { gunzipSync } from "node:zlib";
import { expect, test } from "./fixtures";

/**
 * The edge of the server, over real HTTP with node:http (a browser cannot send a made-up Host or a chunked body):
 * the development inboxes, the body cap, the Host a caller makes up, and the headers of static files.
 * These talk HTTP only, so they run once (in the JavaScript-on project).
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP-level checks run once");

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; sentBytes: number };

type Options = {
  method?: string;
  headers?: Record<string, string>;
  /** Connect to this address instead of the base URL's host (the Host header stays as given). */
  address?: string;
  /** Send this many bytes of `x` as a chunked body (no Content-Length), stopping as soon as an answer comes. */
  chunkedBytes?: number;
};

function send(baseURL: string | undefined, path: string, options: Options = {}): Promise<Answer> {
  const base = new URL(baseURL ?? "http://localhost:3210");
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const request = http.request({
      host: options.address ?? base.hostname,
      port: base.port,
      path,
      method: options.method ?? "GET",
      headers: options.headers,
    });
    // Once answered, the server may close the connection on the rest of the body: that is the point.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    request.on("response", (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
          sentBytes,
        });
        request.destroy();
      });
    });
    if (options.chunkedBytes === undefined) {
      request.end();
      return;
    }
    request.setHeader("Transfer-Encoding", "chunked");
    const chunk = Buffer.alloc(64 * 1024, "x");
    const pump = () => {
      while (!answered && sentBytes < (options.chunkedBytes ?? 0)) {
        sentBytes += chunk.byteLength;
        if (!request.write(chunk)) {
          request.once("drain", pump);
          return;
        }
      }
      if (!answered) request.end();
    };
    pump();
  });
}

const MB = 1024 * 1024;

test("the development inboxes answer only a browser on this machine that names this machine", async ({
  baseURL,
}) => {
  const port = new URL(baseURL ?? "").port;
  for (const path of ["/dev/mail", "/dev/sms"]) {
    expect((await send(baseURL, path, { headers: { Host: `localhost:${port}` } })).status, path).toBe(200);
    expect((await send(baseURL, path, { headers: { Host: `127.0.0.1:${port}` } })).status, path).toBe(200);
    // Reached under another name (a proxy, a DNS name pointed at the machine): as if the pages did not exist.
    for (const host of ["evil.example", `localhost.evil.example:${port}`, "spacesolution.ph"]) {
      const answer = await send(baseURL, path, { headers: { Host: host } });
      expect(answer.status, `${path} with Host ${host}`).toBe(404);
      expect(answer.body.toString()).not.toContain("sunk-");
    }
    // Through a proxy on this machine (nginx's default proxy_pass: Host 127.0.0.1:PORT, from loopback): the header
    // it adds shuts them, whatever it claims (tests/api/dev-inboxes.test.ts tries each such header).
    const proxied = await send(baseURL, path, {
      headers: { Host: `127.0.0.1:${port}`, "X-Forwarded-For": "127.0.0.1" },
    });
    expect(proxied.status, `${path} through a proxy`).toBe(404);
  }

  // From another machine (here: this machine's own network address, which is not loopback), even naming localhost.
  const lan = Object.values(os.networkInterfaces())
    .flat()
    .find((address) => address && address.family === "IPv4" && !address.internal)?.address;
  if (!lan)
    test.info().annotations.push({ type: "note", description: "no network address besides loopback" });
  for (const path of lan ? ["/dev/mail", "/dev/sms"] : []) {
    const answer = await send(baseURL, path, { address: lan, headers: { Host: `localhost:${port}` } });
    expect(answer.status, `${path} from ${lan}`).toBe(404);
  }
});

test("a chunked body over the cap is cut off with 413 as it streams, on screens and API alike", async ({
  baseURL,
}) => {
  test.setTimeout(60_000);
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  for (const path of ["/auth/forgot-password", "/auth/forgot-password.data"]) {
    const answer = await send(baseURL, path, { method: "POST", headers: form, chunkedBytes: 60 * MB });
    expect(answer.status, path).toBe(413);
    // Cut near the 1 MB cap: what the client got to send is the cap plus what the network buffers hold. (A bound
    // on bytes, not on seconds: a clock check flakes on a busy machine and proves nothing more.)
    expect(answer.sentBytes, path).toBeLessThan(20 * MB);
  }

  const api = await send(baseURL, "/api/user/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    chunkedBytes: 60 * MB,
  });
  expect(api.status).toBe(413);
  expect(api.sentBytes).toBeLessThan(20 * MB);
  expect(JSON.parse(api.body.toString())).toEqual({
    responseCode: 413,
    responseMessage: "The request is larger than 1 MB.",
    result: null,
  });

  // Uploads have their own cap (15 MB), counted the same way.
  const upload = await send(baseURL, "/user-profile/create-profile-photo", {
    method: "POST",
    headers: { "Content-Type": "multipart/form-data; boundary=edge" },
    chunkedBytes: 80 * MB,
  });
  expect(upload.status).toBe(413);
  expect(upload.sentBytes).toBeLessThan(40 * MB);

  // And the server is none the worse for it.
  expect((await send(baseURL, "/healthz")).status).toBe(200);
});

test("absolute URLs never point at a Host the caller made up", async ({ baseURL }) => {
  const port = new URL(baseURL ?? "").port;
  const evil = { Host: "evil.example" };
  const robots = (await send(baseURL, "/robots.txt", { headers: evil })).body.toString();
  expect(robots).not.toContain("evil.example");
  expect(robots).toContain(`Sitemap: http://localhost:${port}/sitemap.xml`);

  const sitemap = (await send(baseURL, "/sitemap.xml", { headers: evil })).body.toString();
  expect(sitemap).toContain("<loc>");
  expect(sitemap).not.toContain("evil.example");

  const home = (await send(baseURL, "/storage", { headers: evil })).body.toString();
  expect(home).toContain(`<link rel="canonical" href="http://localhost:${port}/storage"/>`);
  expect(home).not.toContain("evil.example");

  // A newcomer on this machine keeps the address they use.
  const local = (
    await send(baseURL, "/robots.txt", { headers: { Host: `127.0.0.1:${port}` } })
  ).body.toString();
  expect(local).toContain(`Sitemap: http://127.0.0.1:${port}/sitemap.xml`);
});

test("static files carry the security headers; built files are cached for good; answers are compressed", async ({
  baseURL,
}) => {
  const expectBaseline = (answer: Answer, what: string) => {
    expect(answer.status, what).toBe(200);
    expect(answer.headers["x-content-type-options"], what).toBe("nosniff");
    expect(answer.headers["x-frame-options"], what).toBe("DENY");
    expect(answer.headers["content-security-policy"], what).toContain("frame-ancestors 'none'");
    expect(answer.headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
    expect(answer.headers["x-powered-by"], what).toBeUndefined();
  };
  for (const path of ["/favicon.svg", "/images/logo.svg", "/data/countries.json"]) {
    expectBaseline(await send(baseURL, path), path);
  }

  const page = (await send(baseURL, "/")).body.toString();
  const built = [...page.matchAll(/(?:src|href)="(\/build\/[^"]+\.(?:js|css))"/g)].map(
    (match) => match[1] as string,
  );
  expect(built.length).toBeGreaterThan(0);
  let compressed = 0;
  for (const path of new Set(built)) {
    const answer = await send(baseURL, path, { headers: { "Accept-Encoding": "gzip" } });
    expectBaseline(answer, path);
    expect(answer.headers["cache-control"], path).toContain("max-age=31536000");
    expect(answer.headers["cache-control"], path).toContain("immutable");
    // Compressed when worth it (compression leaves files under 1 KB alone).
    const raw = answer.headers["content-encoding"] === "gzip" ? gunzipSync(answer.body) : answer.body;
    if (raw.byteLength > 1024) {
      expect(answer.headers["content-encoding"], path).toBe("gzip");
      expect(answer.body.byteLength, path).toBeLessThan(raw.byteLength);
      compressed++;
    }
  }
  expect(compressed).toBeGreaterThan(0);

  const countries = await send(baseURL, "/data/countries.json", { headers: { "Accept-Encoding": "gzip" } });
  expect(countries.headers["content-encoding"]).toBe("gzip");
  expect(JSON.parse(gunzipSync(countries.body).toString())).toContainEqual({
    code: "PH",
    name: "Philippines",
    dialCode: "+63",
  });
  const document = await send(baseURL, "/", { headers: { "Accept-Encoding": "gzip" } });
  expect(document.headers["content-encoding"]).toBe("gzip");
  expect(document.headers["content-security-policy"]).toMatch(/'nonce-[^']+'/);
});

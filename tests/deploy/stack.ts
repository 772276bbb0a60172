/**
 * A deployment on this machine, as docs/deploy.md describes it: nginx (Debian's package) with the shipped
 * deploy/nginx.conf in front of two app instances (the production build, server/index.ts) on one PostgreSQL database.
 * `npm run test:deploy` (tests/deploy/deploy.test.ts) checks it; `npm run bench -- --only day` drives it.
 *
 * Everything it starts it also stops: the instances, nginx, the database it made, the folder of its certificate and
 * logs, even when a check fails or the run is interrupted.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { SERVER_NODE_FLAGS } from "../../server/node-flags.js";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const NGINX = "/usr/sbin/nginx";
const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 20_000;

/** The ports of this run (each engineer's machine share has its own): the instances', nginx's https and http. */
export const PORTS = {
  apps: (process.env.DEPLOY_APP_PORTS ?? "4100,4101").split(",").map(Number),
  https: Number(process.env.DEPLOY_HTTPS_PORT ?? 4443),
  http: Number(process.env.DEPLOY_HTTP_PORT ?? 4080),
};
export const ORIGIN = `https://localhost:${PORTS.https}`;
/** The session secret of every instance: a session made by one is read by the other. */
export const SESSION_SECRET = "deploy-test-session-secret-shared-by-both-instances";

export type Instance = { port: number; child: ChildProcess; exited: Promise<unknown>; logFile: string };
export type Stack = {
  dir: string;
  databaseUrl: string;
  instances: Instance[];
  nginx: ChildProcess;
  /** Stops one instance with SIGTERM and waits until it has exited; its exit code. */
  stopInstance(instance: Instance): Promise<number | null>;
  /** Everything down and removed; safe to call twice. */
  close(): Promise<void>;
  logs(): string;
};

/** Installs Debian's nginx when it is missing, as scripts/ensure-chromium.js installs Chromium. */
export function ensureNginx(): void {
  if (existsSync(NGINX)) return;
  if (process.getuid?.() !== 0)
    throw new Error(
      `${NGINX} is missing. Install Debian's nginx package (as root: apt-get install -y nginx).`,
    );
  console.info(`${NGINX} is missing; installing Debian's nginx package…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "nginx"], { stdio: "inherit", env });
  if (!existsSync(NGINX)) throw new Error(`apt-get finished but ${NGINX} is still missing.`);
}

/** A throwaway certificate for localhost and 127.0.0.1, valid a day. */
function makeCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, "localhost.crt");
  const key = path.join(dir, "localhost.key");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );
  return { cert, key };
}

/** Replaces `from` with `to` in the config, failing loudly when the shipped file no longer has `from`. */
function substitute(config: string, from: string | RegExp, to: string): string {
  const found = typeof from === "string" ? config.includes(from) : from.test(config);
  if (!found)
    throw new Error(`deploy/nginx.conf no longer has ${String(from)}: update tests/deploy/stack.ts`);
  return typeof from === "string" ? config.replaceAll(from, to) : config.replace(from, to);
}

/**
 * deploy/nginx.conf with only this machine's paths and ports put in (and one header naming the instance that answered,
 * for the checks), wrapped in the few lines Debian's /etc/nginx/nginx.conf would give it.
 */
export function nginxConfig(dir: string, cert: { cert: string; key: string }): string {
  let site = readFileSync(path.join(ROOT, "deploy/nginx.conf"), "utf8");
  site = substitute(site, "server 127.0.0.1:3000 ", `server 127.0.0.1:${PORTS.apps[0]} `);
  site = substitute(site, "server 127.0.0.1:3001 ", `server 127.0.0.1:${PORTS.apps[1]} `);
  site = substitute(site, /^\s*listen \[::\]:80;\n/m, "");
  site = substitute(site, /^\s*listen \[::\]:443 ssl http2;\n/m, "");
  site = substitute(site, "listen 80;", `listen 127.0.0.1:${PORTS.http};`);
  site = substitute(site, "listen 443 ssl http2;", `listen ${PORTS.https} ssl http2;`);
  site = substitute(site, /server_name spacesolution\.ph www\.spacesolution\.ph;/g, "server_name localhost;");
  site = substitute(site, "/etc/letsencrypt/live/spacesolution.ph/fullchain.pem", cert.cert);
  site = substitute(site, "/etc/letsencrypt/live/spacesolution.ph/privkey.pem", cert.key);
  site = substitute(site, "/var/cache/nginx/space-solution", path.join(dir, "cache"));
  site = substitute(site, "/var/log/nginx/", `${dir}/`);
  site = substitute(site, "/srv/space-solution/public", path.join(ROOT, "public"));
  site = substitute(
    site,
    "proxy_buffering off;",
    "proxy_buffering off;\n        add_header X-Upstream $upstream_addr always;",
  );
  site = substitute(
    site,
    "add_header X-Cache-Status $upstream_cache_status always;",
    "add_header X-Cache-Status $upstream_cache_status always;\n        add_header X-Upstream $upstream_addr always;",
  );
  writeFileSync(path.join(dir, "space-solution.conf"), site);
  for (const temp of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(dir, temp));
  return [
    // Root runs the workers as root here (the folder is the test's, not nobody's); an operator's nginx keeps www-data.
    process.getuid?.() === 0 ? "user root;" : "",
    "worker_processes 1;",
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/nginx-error.log warn;`,
    "events { worker_connections 1024; }",
    "http {",
    "  include /etc/nginx/mime.types;",
    "  default_type application/octet-stream;",
    "  sendfile on;",
    "  tcp_nopush on;",
    `  access_log ${dir}/access.log;`,
    ...["body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
      (temp) => `  ${temp === "body" ? "client_body" : temp}_temp_path ${dir}/${temp};`,
    ),
    `  include ${dir}/space-solution.conf;`,
    "}",
  ].join("\n");
}

/** A fresh database on the server of TEST_DATABASE_URL; dropped by `dropDatabase`. */
async function createDatabase(serverUrl: string): Promise<string> {
  const name = `ss_deploy_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/** Children still running, killed on the way out whatever happens. */
const children = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

function startInstance(port: number, dir: string, databaseUrl: string): Instance {
  const logFile = path.join(dir, `app-${port}.log`);
  const log = openSync(logFile, "a");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    WEB_CONCURRENCY: "1",
    SESSION_SECRET,
    PUBLIC_URL: ORIGIN,
    TRUST_PROXY: "1",
    DATA_DIR: path.join(dir, "data"),
    SEED_DEMO_DATA: "false",
    PAYMENT_PROVIDER: "sandbox",
    MAP_TILE_URL: "",
    MALLOC_ARENA_MAX: "2",
  };
  delete env.TEST_DATABASE_URL;
  delete env.METRICS_TOKEN;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server/index.ts", "build/index.js"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  children.add(child);
  const exited = once(child, "exit").finally(() => children.delete(child));
  return { port, child, exited, logFile };
}

async function waitForReady(instance: Instance): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (instance.child.exitCode !== null || instance.child.signalCode !== null)
      throw new Error(
        `The instance on port ${instance.port} exited before it was ready.\n${tail(instance.logFile)}`,
      );
    try {
      const answer = await fetch(`http://127.0.0.1:${instance.port}/readyz`, {
        signal: AbortSignal.timeout(2000),
      });
      await answer.arrayBuffer();
      if (answer.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The instance on port ${instance.port} was not ready in time.\n${tail(instance.logFile)}`);
}

function tail(file: string, chars = 6000): string {
  try {
    const text = readFileSync(file, "utf8");
    return `--- ${path.basename(file)} ---\n${text.slice(-chars)}`;
  } catch {
    return `--- ${path.basename(file)}: none ---`;
  }
}

async function stopChild(child: ChildProcess, exited: Promise<unknown>, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  child.kill(signal);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise((resolve) => {
    timer = setTimeout(resolve, STOP_TIMEOUT_MS, "late");
  });
  const outcome = await Promise.race([exited, late]);
  clearTimeout(timer);
  if (outcome === "late") {
    child.kill("SIGKILL");
    await exited;
    throw new Error(`pid ${child.pid} did not stop within ${STOP_TIMEOUT_MS / 1000} s after ${signal}`);
  }
  return child.exitCode;
}

/**
 * Starts the deployment: a fresh database on `serverUrl`'s PostgreSQL, both instances at once (they migrate the empty
 * database together: one waits on the other's lock), then nginx with the shipped config.
 */
export async function startStack(
  serverUrl: string,
  options: {
    /** Work on the fresh database (and the instances' data folder) before the instances start: the bench's seed. */
    prepare?: (databaseUrl: string, dataDir: string) => Promise<void>;
  } = {},
): Promise<Stack> {
  if (!existsSync(path.join(ROOT, "build/index.js")))
    throw new Error("build/index.js is missing: run `npm run build` first (npm run test:deploy does).");
  ensureNginx();
  const dir = mkdtempSync(path.join(os.tmpdir(), "space-solution-deploy-"));
  let databaseUrl: string | undefined;
  const instances: Instance[] = [];
  let nginx: ChildProcess | undefined;
  let nginxExited: Promise<unknown> = Promise.resolve();
  let closed = false;

  const logs = () =>
    [...instances.map((instance) => tail(instance.logFile)), tail(path.join(dir, "nginx-error.log"))].join(
      "\n",
    );
  const close = async () => {
    if (closed) return;
    closed = true;
    const problems: unknown[] = [];
    const attempt = async (work: () => Promise<unknown>) => {
      try {
        await work();
      } catch (error) {
        problems.push(error);
      }
    };
    if (nginx) await attempt(() => stopChild(nginx as ChildProcess, nginxExited, "SIGQUIT"));
    await Promise.all(
      instances.map((instance) => attempt(() => stopChild(instance.child, instance.exited, "SIGTERM"))),
    );
    if (databaseUrl) await attempt(() => dropDatabase(databaseUrl as string));
    rmSync(dir, { recursive: true, force: true });
    if (problems.length > 0) throw new AggregateError(problems, "the deployment did not stop cleanly");
  };

  try {
    const cert = makeCertificate(dir);
    databaseUrl = await createDatabase(serverUrl);
    const url = databaseUrl;
    await options.prepare?.(url, path.join(dir, "data"));
    for (const port of PORTS.apps) instances.push(startInstance(port, dir, url));
    await Promise.all(instances.map(waitForReady));

    const config = path.join(dir, "nginx.conf");
    writeFileSync(config, nginxConfig(dir, cert));
    execFileSync(NGINX, ["-t", "-q", "-e", path.join(dir, "nginx-error.log"), "-p", dir, "-c", config], {
      stdio: "inherit",
    });
    nginx = spawn(
      NGINX,
      ["-e", path.join(dir, "nginx-error.log"), "-p", dir, "-c", config, "-g", "daemon off;"],
      {
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
    children.add(nginx);
    const started = nginx;
    nginxExited = once(started, "exit").finally(() => children.delete(started));
    await waitForNginx(started);
  } catch (error) {
    const output = logs();
    await close().catch(() => {});
    throw new Error(`${(error as Error).message}\n${output}`);
  }

  return {
    dir,
    databaseUrl,
    instances,
    nginx,
    stopInstance: (instance) => stopChild(instance.child, instance.exited, "SIGTERM"),
    close,
    logs,
  };
}

async function waitForNginx(nginx: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (nginx.exitCode !== null) throw new Error("nginx exited at start");
    try {
      const answer = await request("GET", "/healthz");
      if (answer.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("nginx did not answer within 20 s");
}

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/**
 * One request through nginx over https, on a new connection (so no connection picks the instance), from `from` (a
 * loopback address of this machine: 127.0.0.2 is another client than 127.0.0.1).
 */
export function request(
  method: string,
  pathname: string,
  options: {
    headers?: Record<string, string>;
    body?: string;
    from?: string;
    cookie?: string;
    /** Connections kept open between requests (the bench's visitors); a new connection each time without. */
    agent?: https.Agent;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.cookie) headers.Cookie = options.cookie;
    if (options.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(options.body));
    const req = https.request(
      {
        host: "127.0.0.1",
        servername: "localhost",
        port: PORTS.https,
        method,
        path: pathname,
        headers: { Host: `localhost:${PORTS.https}`, ...headers },
        rejectUnauthorized: false,
        agent: options.agent ?? false,
        localAddress: options.from,
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${method} ${pathname} timed out`)));
    req.on("error", reject);
    req.end(options.body);
  });
}

/** A JSON call to the API through nginx. */
export async function api<T = unknown>(
  method: string,
  pathname: string,
  options: {
    body?: unknown;
    cookie?: string;
    from?: string;
    headers?: Record<string, string>;
    agent?: https.Agent;
  } = {},
): Promise<Answer & { json: { responseCode: number; responseMessage: string; result: T } }> {
  const answer = await request(method, `/api${pathname}`, {
    cookie: options.cookie,
    from: options.from,
    agent: options.agent,
    headers: {
      ...(options.body !== undefined ? { "Content-Type": "application/json" } : {}),
      Origin: ORIGIN,
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  let json: { responseCode: number; responseMessage: string; result: T };
  try {
    json = JSON.parse(answer.body);
  } catch {
    throw new Error(
      `${method} /api${pathname} answered ${answer.status} with no JSON: ${answer.body.slice(0, 300)}`,
    );
  }
  return { ...answer, json };
}

/** The session cookie (name=value) an answer set. */
export function sessionCookie(answer: Answer): string {
  const cookies = ([] as string[]).concat(answer.headers["set-cookie"] ?? []);
  const session = cookies.find((cookie) => cookie.startsWith("ss_session="));
  if (!session)
    throw new Error(`no session cookie in the answer (${answer.status}: ${answer.body.slice(0, 200)})`);
  return session.split(";")[0] as string;
}

/** The instance (its port) that answered, from the header the test's copy of the config adds. */
export function answeredBy(answer: Answer): number {
  // Several addresses when nginx went on to the next instance: the last one answered.
  const last =
    String(answer.headers["x-upstream"] ?? "")
      .split(/[,:]\s+/)
      .at(-1) ?? "";
  return Number(last.trim().split(":").at(-1));
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { getEnv } from "~/env.server";
import { deliverSms } from "~/infra/sms.server";
import { loader as mailLoader } from "~/routes/dev.mail";
import { loader as smsLoader } from "~/routes/dev.sms";
import { call, createUser, waitForMail } from "./helpers";

/**
 * The development inboxes behind a reverse proxy on the same machine: nginx's default `proxy_pass` connects from
 * loopback and sends `Host: 127.0.0.1:PORT`, so the address and the Host look local; the header the proxy adds is
 * what tells its callers (anyone on the internet) from a browser on this machine. PUBLIC_URL is unset here.
 */
const INBOXES = [
  { path: "/dev/mail", loader: mailLoader },
  { path: "/dev/sms", loader: smsLoader },
];

const PROXY_HEADERS: Record<string, string> = {
  "X-Forwarded-For": "203.0.113.9",
  "X-Forwarded-Host": "spacesolution.example",
  "X-Forwarded-Proto": "https",
  Forwarded: "for=203.0.113.9;proto=https;host=spacesolution.example",
  "X-Real-IP": "203.0.113.9",
  Via: "1.1 proxy.example",
};

/** What the server passes the loader for a request from this machine's proxy (or browser): a loopback caller. */
async function open(
  loader: typeof mailLoader | typeof smsLoader,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  const request = new Request(`http://127.0.0.1:3000${path}`, {
    headers: { Host: "127.0.0.1:3000", ...headers },
  });
  const args = { request, params: {}, context: { clientAddress: "127.0.0.1" } } as LoaderFunctionArgs;
  try {
    return { status: 200, text: JSON.stringify(await loader(args)) };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, text: await thrown.text() };
    throw thrown;
  }
}

describe("the development inboxes behind a proxy on this machine", () => {
  it("show a local browser the reset link and the phone code", async () => {
    const { email } = await createUser();
    await call("GET", `/user/forgotPassword?email=${encodeURIComponent(email)}`);
    await waitForMail(email, "Reset your Space Solution password");
    const code = String(Math.floor(100_000 + Math.random() * 900_000));
    await deliverSms({ to: "+639170000101", text: `Your Space Solution code is ${code}` }, getEnv());

    expect((await open(mailLoader, "/dev/mail")).text).toContain(email);
    expect((await open(smsLoader, "/dev/sms")).text).toContain(code);
  });

  for (const [name, value] of Object.entries(PROXY_HEADERS)) {
    it(`are a 404 for a request that carries ${name}`, async () => {
      for (const { path, loader } of INBOXES) {
        const answer = await open(loader, path, { [name]: value });
        expect(answer.status, `${path} with ${name}`).toBe(404);
        expect(answer.text).toBe("Not found");
      }
    });
  }
});

import { describe, expect, it } from "vitest";
import type { Envelope } from "~/api/envelope";
import { handleApiRequest } from "~/api/router.server";
import type { MyCode } from "~/api/user/profile.server";
import { createUser, loggedInUser, uniqueEmail, waitForMail } from "./helpers";

/**
 * Links in e-mails and answers come from PUBLIC_URL; while it is unset (as here), only a Host that names this
 * machine is followed, and any other Host gives links to localhost on the configured port (3000 in the tests).
 */
async function callOn(
  origin: string,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown } = {},
): Promise<{ status: number; body: Envelope<unknown> }> {
  const headers = new Headers({ Host: new URL(origin).host });
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (options.body !== undefined) headers.set("Content-Type", "application/json");
  const response = await handleApiRequest(
    new Request(`${origin}/api${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    }),
  );
  return { status: response.status, body: (await response.json()) as Envelope<unknown> };
}

describe("links never point at a Host the caller made up", () => {
  it("a password-reset e-mail asked for with Host evil.example links to localhost", async () => {
    const { email } = await createUser();
    const answer = await callOn(
      "http://evil.example",
      "GET",
      `/user/forgotPassword?email=${encodeURIComponent(email)}`,
    );
    expect(answer.status).toBe(200);
    const mail = await waitForMail(email, "Reset your Space Solution password");
    expect(mail.text).not.toContain("evil.example");
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/auth\/reset-password\/\S+/);
  });

  it("an invitation sent with Host evil.example carries a sign-up link on localhost", async () => {
    const { cookie } = await loggedInUser();
    const friend = uniqueEmail("friend");
    const answer = await callOn("http://evil.example:8443", "POST", "/user/inviteFriend", {
      cookie,
      body: { emails: [friend] },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const mail = await waitForMail(friend, "Carla invited you to Space Solution");
    expect(mail.text).not.toContain("evil.example");
    expect(mail.text).toContain("http://localhost:3000/auth/signup-form?referralCode=");

    const code = await callOn("http://evil.example", "POST", "/user/getMyCode", { cookie });
    expect((code.body.result as MyCode).shareUrl).toMatch(/^http:\/\/localhost:3000\/auth\/signup-form\?/);
  });

  it("a newcomer on this machine gets links on the address they use", async () => {
    const { email } = await createUser();
    await callOn("http://127.0.0.1:8080", "GET", `/user/forgotPassword?email=${encodeURIComponent(email)}`);
    const mail = await waitForMail(email, "Reset your Space Solution password");
    expect(mail.text).toContain("http://127.0.0.1:8080/auth/reset-password/");
  });
});

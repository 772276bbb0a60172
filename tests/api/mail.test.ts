import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { listSunkMail, sendMail } from "~/infra/mail.server";

describe("e-mail through the durable job queue", () => {
  it("enqueues a message and the worker writes it to the mail sink as .eml", async () => {
    const to = `sink-${randomUUID()}@example.ph`;
    await sendMail({
      to,
      subject: "Welcome to Space Solution",
      text: "Mabuhay! Your account is ready. ₱1,500.00",
    });
    await expect
      .poll(async () => (await listSunkMail()).find((mail) => mail.to === to), {
        timeout: 15_000,
        interval: 200,
      })
      .toMatchObject({
        subject: "Welcome to Space Solution",
        text: "Mabuhay! Your account is ready. ₱1,500.00",
      });
  });
});

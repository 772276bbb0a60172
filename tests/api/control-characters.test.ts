import { describe, expect, it } from "vitest";
import { call, expectRefused, loggedInUser } from "./helpers";

/**
 * A control character in any field of any call is a clear 400 naming the field, before any rule or the database sees
 * it (a NUL used to answer 500 on both databases, PostgreSQL text cannot hold one). Tab, line feed and carriage
 * return are what multi-line texts carry, and pass.
 */

/** C0 and C1 controls and DEL, but for \t, \n and \r. */
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, code) => code).filter((code) => ![0x09, 0x0a, 0x0d].includes(code)),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
].map((code) => String.fromCharCode(code));

const refusal = (field: string) => `The field ${field} may not contain control characters.`;
const hex = (c: string) => `U+${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

describe("control characters", () => {
  it("lists 62 characters: C0 but tab, line feed and carriage return, DEL, and C1", () => {
    expect(CONTROLS).toHaveLength(62);
    expect(CONTROLS).toContain("\u0000");
    expect(CONTROLS).toContain("\u009f");
    expect(CONTROLS).not.toContain("\t");
  });

  it("refuses each one in body, query and path fields with a 400 on the field, and changes nothing", async () => {
    const me = await loggedInUser();
    const cookie = me.cookie;
    for (const c of CONTROLS) {
      const text = `a${c}b`;
      const operations = [
        ["code", await call("POST", "/user/validateCode", { cookie, body: { code: text } })],
        ["firstName", await call("POST", "/user/editProfile", { cookie, body: { firstName: text } })],
        [
          "address.city",
          await call("POST", "/user/updateAddress", { cookie, body: { address: { city: text } } }),
        ],
        [
          "notes",
          await call("POST", "/user/itemList", { cookie, body: { name: "Boxes", quantity: 2, notes: text } }),
        ],
        [
          "reference",
          await call("GET", `/reserve/checkoutSession?${new URLSearchParams({ reference: text })}`, {
            cookie,
          }),
        ],
        ["id", await call("GET", `/reserve/checkBooking/${encodeURIComponent(text)}`, { cookie })],
        [
          "email",
          await call("GET", `/user/emailCheck?${new URLSearchParams({ email: `${text}@example.ph` })}`),
        ],
      ] as const;
      for (const [field, answer] of operations) {
        expect(answer.status, `${hex(c)} in ${field}: ${answer.body.responseMessage}`).toBe(400);
        expectRefused(answer, field, refusal(field));
      }
    }
    const profile = await call<{ firstName: string }>("GET", "/user/viewUserProfile", { cookie });
    expect(profile.body.result.firstName).toBe("Carla");
    const items = await call<unknown[]>("GET", `/user/itemList?userId=${me.user.id}`, { cookie });
    expect(items.body.result).toEqual([]);
  });

  it("names a field whose own name holds one, with the character escaped", async () => {
    const me = await loggedInUser();
    const answer = await call("POST", "/user/itemList", {
      cookie: me.cookie,
      body: { name: "Boxes", "no\u0000tes": "x" },
    });
    expectRefused(answer, "no\\u0000tes", refusal("no\\u0000tes"));
  });

  it("keeps tab, line feed and carriage return in a multi-line text", async () => {
    const me = await loggedInUser();
    const notes = "Fragile:\tglasses\r\nand plates\nand cups";
    const answer = await call<{ notes: string }>("POST", "/user/itemList", {
      cookie: me.cookie,
      body: { name: "Boxes", quantity: 2, notes },
    });
    expect(answer.status, answer.body.responseMessage).toBe(200);
    expect(answer.body.result.notes).toBe(notes);
  });

  it("refuses a path parameter whose %-escape is broken with a 400 on it", async () => {
    const me = await loggedInUser();
    const answer = await call("GET", "/reserve/checkBooking/%E0%A4", { cookie: me.cookie });
    expectRefused(answer, "id", "The field id is not correctly encoded.");
  });
});

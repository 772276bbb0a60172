import { randomBytes } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Envelope } from "~/api/envelope";
import { handleApiRequest } from "~/api/router.server";
import { getDatabase } from "~/db/db.server";
import { feedback, uploads, users } from "~/db/schema";
import { getEnv } from "~/env.server";
import { listSunkMail, type SunkMail } from "~/infra/mail.server";
import { loader as uploadsLoader } from "~/routes/uploads.$";
import { type Answer, call, loggedInUser } from "./helpers";

/**
 * Uploads (ADR 0010): the profile photo, feedback images and feedback itself. Images are made by
 * sharp in the test; nothing binary is committed.
 */

const IMAGE_ONLY = "Please select image file only.";
const NO_IMAGE = "Please choose an image to upload.";
const UPLOADED = "Image uploaded successfully.";
const INVALID_TYPE = "Invalid upload type.";

type UploadResult = {
  uploadId: string;
  url: string;
  width: number;
  height: number;
  variants: { width: number; url: string }[];
};
type ProfilePicResult = UploadResult & { profilePic: string };

/** A multipart POST to the API, the way a browser or an app sends one. */
async function upload<T = UploadResult>(
  path: string,
  form: FormData,
  options: { cookie?: string } = {},
): Promise<Answer<T>> {
  const headers = new Headers();
  if (options.cookie) headers.set("Cookie", options.cookie);
  const response = await handleApiRequest(
    new Request(`http://localhost/api${path}`, { method: "POST", headers, body: form }),
  );
  return { status: response.status, body: (await response.json()) as Envelope<T>, headers: response.headers };
}

function imageForm(bytes: Uint8Array, name: string, type: string, extra: Record<string, string> = {}) {
  const form = new FormData();
  form.append("image", new File([new Uint8Array(bytes)], name, { type }));
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  return form;
}

const png = (width = 900, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: "#1f7a4d" } })
    .png()
    .toBuffer();

/** A sideways phone photo carrying its camera and a GPS position in EXIF. */
const gpsJpeg = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: "#b5532a" } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "Acme", Model: "Phone 9" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "14/1 35/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "121/1 1/1 0/1",
      },
    })
    .jpeg()
    .toBuffer();

/** GET /uploads/<key> through the route that serves it. */
async function fetchUpload(url: string): Promise<Response> {
  const key = url.replace(/^\/uploads\//, "");
  return uploadsLoader({
    request: new Request(`http://localhost${url}`),
    params: { "*": decodeURIComponent(key) },
    context: {},
  });
}

async function uploadRows(ownerId: string) {
  const { db } = await getDatabase();
  return db.select().from(uploads).where(eq(uploads.ownerId, ownerId));
}

async function userRow(id: string) {
  const { db } = await getDatabase();
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

describe("POST /user/updateProfilePic", () => {
  it("stores a PNG cropped square, sets profilePic to its 640 px WebP, and serves every rendition", async () => {
    const { user, cookie } = await loggedInUser();
    const answer = await upload<ProfilePicResult>(
      "/user/updateProfilePic",
      imageForm(await png(1800, 1200), "me.png", "image/png"),
      { cookie },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.responseCode).toBe(200);
    expect(answer.body.responseMessage).toBe(UPLOADED);
    const result = answer.body.result;
    // Cropped to 1200 × 1200: renditions at 320, 640 and (not upscaled to 1280) 1200.
    expect(result.variants.map((variant) => variant.width)).toEqual([320, 640, 1200]);
    expect(result.profilePic).toBe(result.variants[1]?.url);
    expect(result.profilePic).toMatch(/^\/uploads\/profilePhoto\/[0-9a-f-]{36}\/w640\.webp$/);

    expect((await userRow(user.id))?.profilePic).toBe(result.profilePic);
    const profile = await call<{ profilePic: string }>("GET", "/user/viewUserProfile", { cookie });
    expect(profile.body.result.profilePic).toBe(result.profilePic);

    const [row] = await uploadRows(user.id);
    expect(row).toMatchObject({ kind: "profilePhoto", contentType: "image/jpeg", width: 1200, height: 1200 });

    const main = await fetchUpload(result.url);
    expect(main.status).toBe(200);
    expect(main.headers.get("Content-Type")).toBe("image/jpeg");
    expect(main.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const mainMeta = await sharp(Buffer.from(await main.arrayBuffer())).metadata();
    expect([mainMeta.format, mainMeta.width, mainMeta.height]).toEqual(["jpeg", 1200, 1200]);
    for (const variant of result.variants) {
      const served = await fetchUpload(variant.url);
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toBe("image/webp");
      expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", variant.width, variant.width]);
    }
  });

  it("stores a JPEG upright with its EXIF and GPS data gone", async () => {
    const { cookie } = await loggedInUser();
    const photo = await gpsJpeg();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const answer = await upload<ProfilePicResult>(
      "/user/updateProfilePic",
      imageForm(photo, "IMG_0001.JPG", "image/jpeg"),
      { cookie },
    );
    expect(answer.status).toBe(200);
    for (const url of [
      answer.body.result.url,
      ...answer.body.result.variants.map((variant) => variant.url),
    ]) {
      const bytes = Buffer.from(await (await fetchUpload(url)).arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(bytes.includes(Buffer.from("Acme"))).toBe(false);
    }
    const [width, height] = [answer.body.result.width, answer.body.result.height];
    expect([width, height]).toEqual([800, 800]);
  });

  it("judges by the bytes: a text file named photo.jpg is refused and nothing changes", async () => {
    const { user, cookie } = await loggedInUser();
    const answer = await upload(
      "/user/updateProfilePic",
      imageForm(Buffer.from("this is not a photo at all"), "photo.jpg", "image/jpeg"),
      { cookie },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.responseMessage).toBe(IMAGE_ONLY);
    expect(answer.body.result).toEqual([{ field: "image", message: IMAGE_ONLY }]);
    expect((await userRow(user.id))?.profilePic).toBeNull();
    expect(await uploadRows(user.id)).toEqual([]);
  });

  it("refuses a GIF renamed .png", async () => {
    const { cookie } = await loggedInUser();
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    const answer = await upload("/user/updateProfilePic", imageForm(gif, "me.png", "image/png"), { cookie });
    expect(answer.status).toBe(400);
    expect(answer.body.responseMessage).toBe(IMAGE_ONLY);
  });

  it("asks for an image when the form has none, or an empty file input", async () => {
    const { cookie } = await loggedInUser();
    const empty = await upload("/user/updateProfilePic", new FormData(), { cookie });
    expect(empty.status).toBe(400);
    expect(empty.body.responseMessage).toBe(NO_IMAGE);
    expect(empty.body.result).toEqual([{ field: "image", message: NO_IMAGE }]);
    // What a browser sends when no file was chosen: a part with no file name and no bytes.
    const blank = new FormData();
    blank.append("image", new File([], "", { type: "application/octet-stream" }));
    const answer = await upload("/user/updateProfilePic", blank, { cookie });
    expect(answer.status).toBe(400);
    expect(answer.body.responseMessage).toBe(NO_IMAGE);
  });

  it("refuses a body that is not a form, a file under another name, and unknown fields", async () => {
    const { cookie } = await loggedInUser();
    const json = await call("POST", "/user/updateProfilePic", { cookie, body: { image: "x" } });
    expect(json.status).toBe(400);
    expect(json.body.responseMessage).toBe("This call takes a multipart/form-data body.");

    const other = new FormData();
    other.append("avatar", new File([await png(20, 20)], "a.png", { type: "image/png" }));
    const wrongField = await upload("/user/updateProfilePic", other, { cookie });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.responseMessage).toBe('This call takes no file "avatar".');

    const extra = await upload(
      "/user/updateProfilePic",
      imageForm(await png(20, 20), "a.png", "image/png", { isAdmin: "true" }),
      { cookie },
    );
    expect(extra.status).toBe(400);
  });

  it("refuses a body over 15 MB with 413, whether Content-Length says so or not", async () => {
    const { user, cookie } = await loggedInUser();
    const tooBig = imageForm(new Uint8Array(15 * 1024 * 1024 + 1), "huge.png", "image/png");
    const answer = await upload("/user/updateProfilePic", tooBig, { cookie });
    expect(answer.status).toBe(413);
    expect(answer.body.responseCode).toBe(413);
    expect(answer.body.responseMessage).toBe("The request is larger than 15 MB.");

    const declared = await handleApiRequest(
      new Request("http://localhost/api/user/updateProfilePic", {
        method: "POST",
        headers: {
          Cookie: cookie,
          "Content-Type": "multipart/form-data; boundary=x",
          "Content-Length": String(16 * 1024 * 1024),
        },
        body: "--x--",
      }),
    );
    expect(declared.status).toBe(413);
    expect(await uploadRows(user.id)).toEqual([]);
  });

  it("answers 401 without a session", async () => {
    const answer = await upload("/user/updateProfilePic", imageForm(await png(20, 20), "a.png", "image/png"));
    expect(answer.status).toBe(401);
    expect(answer.body.responseCode).toBe(401);
  });

  it("replaces the previous photo: its row and files go", async () => {
    const { user, cookie } = await loggedInUser();
    const first = await upload<ProfilePicResult>(
      "/user/updateProfilePic",
      imageForm(await png(400, 400), "one.png", "image/png"),
      { cookie },
    );
    const second = await upload<ProfilePicResult>(
      "/user/updateProfilePic",
      imageForm(await png(500, 300), "two.png", "image/png"),
      { cookie },
    );
    expect(second.status).toBe(200);
    // A 300 px square has renditions at 300 only: profilePic is the widest there is.
    expect(second.body.result.variants.map((variant) => variant.width)).toEqual([300]);
    expect(second.body.result.profilePic).toBe(second.body.result.variants[0]?.url);
    expect((await userRow(user.id))?.profilePic).toBe(second.body.result.profilePic);
    const rows = await uploadRows(user.id);
    expect(rows.map((row) => row.id)).toEqual([second.body.result.uploadId]);
    expect((await fetchUpload(first.body.result.url)).status).toBe(404);
    expect((await fetchUpload(first.body.result.profilePic)).status).toBe(404);
    expect((await fetchUpload(second.body.result.profilePic)).status).toBe(200);
  });
});

describe("GET /uploads/<key>", () => {
  it("answers 404 for keys that are not there or not safe", async () => {
    for (const key of ["profilePhoto/nothing/image.jpg", "../session-secret", "/etc/passwd", "a/../../x"]) {
      const response = await uploadsLoader({
        request: new Request("http://localhost/uploads/x"),
        params: { "*": key },
        context: {},
      });
      expect(response.status, key).toBe(404);
    }
  });
});

describe("POST /space/imageUploadFeedback", () => {
  it("stores a feedback image and answers its id, URL and renditions", async () => {
    const { user, cookie } = await loggedInUser();
    const answer = await upload(
      "/space/imageUploadFeedback",
      imageForm(await png(2400, 1600), "screen.png", "image/png"),
      { cookie },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.responseMessage).toBe(UPLOADED);
    const result = answer.body.result;
    expect(result.url).toBe(`/uploads/feedback/${result.uploadId}/image.jpg`);
    expect([result.width, result.height]).toEqual([2048, 1365]);
    expect(result.variants.map((variant) => variant.width)).toEqual([320, 640, 1280]);
    const [row] = await uploadRows(user.id);
    expect(row).toMatchObject({ id: result.uploadId, kind: "feedback" });
    expect((await fetchUpload(result.variants[2]?.url as string)).status).toBe(200);
  });

  it("takes the type named by the caller only when it is this call's type", async () => {
    const { user, cookie } = await loggedInUser();
    const image = await png(50, 50);
    const named = await upload(
      "/space/imageUploadFeedback",
      imageForm(image, "a.png", "image/png", { type: "feedback" }),
      { cookie },
    );
    expect(named.status).toBe(200);
    for (const type of ["avatar", "spaceImages", ""]) {
      const answer = await upload(
        "/space/imageUploadFeedback",
        imageForm(image, "a.png", "image/png", { type }),
        { cookie },
      );
      expect(answer.status, type).toBe(400);
      expect(answer.body.responseMessage).toBe(INVALID_TYPE);
      expect(answer.body.result).toEqual([{ field: "type", message: INVALID_TYPE }]);
    }
    expect(await uploadRows(user.id)).toHaveLength(1);
  });

  it("refuses a text file named .jpg, and answers 401 without a session", async () => {
    const { cookie } = await loggedInUser();
    const text = imageForm(Buffer.from("hello"), "photo.jpg", "image/jpeg");
    const refused = await upload("/space/imageUploadFeedback", text, { cookie });
    expect(refused.status).toBe(400);
    expect(refused.body.responseMessage).toBe(IMAGE_ONLY);
    const anonymous = await upload(
      "/space/imageUploadFeedback",
      imageForm(await png(20, 20), "a.png", "image/png"),
    );
    expect(anonymous.status).toBe(401);
  });
});

describe("POST /feedback/giveFeedback", () => {
  async function waitForFeedbackMail(token: string): Promise<SunkMail> {
    let found: SunkMail | undefined;
    await expect
      .poll(
        async () => {
          found = (await listSunkMail()).find((mail) => mail.text.includes(token));
          return found;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBeDefined();
    return found as SunkMail;
  }

  async function feedbackCount(userId: string): Promise<number> {
    const { db } = await getDatabase();
    const [row] = await db.select({ n: count() }).from(feedback).where(eq(feedback.userId, userId));
    return row?.n ?? 0;
  }

  it("stores feedback with a rating and an image, and mails it to the support address", async () => {
    const { user, cookie, email } = await loggedInUser();
    const image = await upload(
      "/space/imageUploadFeedback",
      imageForm(await png(300, 200), "bug.png", "image/png"),
      { cookie },
    );
    const token = `token-${randomBytes(6).toString("hex")}`;
    const answer = await call<{ feedbackId: string }>("POST", "/feedback/giveFeedback", {
      cookie,
      body: {
        message: `The map pin is hard to move on my phone. ${token}`,
        rating: 4,
        imageUploadId: image.body.result.uploadId,
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.responseMessage).toBe("Thank you for your feedback.");
    const { db } = await getDatabase();
    const [row] = await db.select().from(feedback).where(eq(feedback.id, answer.body.result.feedbackId));
    expect(row).toMatchObject({
      userId: user.id,
      rating: 4,
      imageUploadId: image.body.result.uploadId,
      message: `The map pin is hard to move on my phone. ${token}`,
    });

    const mail = await waitForFeedbackMail(token);
    expect(mail.to).toBe(getEnv().SUPPORT_EMAIL);
    expect(mail.subject).toBe("Feedback from Carla Mendoza (4/5)");
    expect(mail.text).toContain(email);
    expect(mail.text).toContain("Rating: 4 of 5");
    expect(mail.text).toContain(`http://localhost${image.body.result.url}`);
  });

  it("takes a message alone, and a form-encoded post with a rating as text", async () => {
    const { user, cookie } = await loggedInUser();
    const token = `token-${randomBytes(6).toString("hex")}`;
    const answer = await call("POST", "/feedback/giveFeedback", {
      cookie,
      body: { message: `Salamat! ${token}` },
    });
    expect(answer.status).toBe(200);
    const mail = await waitForFeedbackMail(token);
    expect(mail.subject).toBe("Feedback from Carla Mendoza");
    expect(mail.text).toContain("Rating: none given");
    expect(mail.text).toContain("Image: none");

    const form = await call("POST", "/feedback/giveFeedback", {
      cookie,
      rawBody: new URLSearchParams({ message: "Works without JavaScript", rating: "5" }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(200);
    expect(await feedbackCount(user.id)).toBe(2);
  });

  it("refuses someone else's image, and an image uploaded for something else, with 403", async () => {
    const owner = await loggedInUser();
    const other = await loggedInUser();
    const theirs = await upload(
      "/space/imageUploadFeedback",
      imageForm(await png(40, 40), "a.png", "image/png"),
      { cookie: owner.cookie },
    );
    const profile = await upload<ProfilePicResult>(
      "/user/updateProfilePic",
      imageForm(await png(40, 40), "me.png", "image/png"),
      { cookie: other.cookie },
    );
    for (const imageUploadId of [
      theirs.body.result.uploadId,
      profile.body.result.uploadId,
      "00000000-0000-4000-8000-000000000000",
    ]) {
      const answer = await call("POST", "/feedback/giveFeedback", {
        cookie: other.cookie,
        body: { message: "Look at this", imageUploadId },
      });
      expect(answer.status, imageUploadId).toBe(403);
      expect(answer.body.responseMessage).toBe("You can only attach an image you uploaded for feedback.");
    }
    expect(await feedbackCount(other.user.id)).toBe(0);
    const { db } = await getDatabase();
    const [left] = await db
      .select({ n: count() })
      .from(uploads)
      .where(and(eq(uploads.ownerId, owner.user.id), eq(uploads.kind, "feedback")));
    expect(left?.n).toBe(1);
  });

  it("checks every field with a clear message and stores nothing", async () => {
    const { user, cookie } = await loggedInUser();
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, "message", "Please write your feedback."],
      [{ message: "   " }, "message", "Please write your feedback."],
      [{ message: "x".repeat(2001) }, "message", "Your feedback can be at most 2000 characters."],
      [{ message: "ok", rating: 6 }, "rating", "Please choose a rating from 1 to 5."],
      [{ message: "ok", rating: 0 }, "rating", "Please choose a rating from 1 to 5."],
      [{ message: "ok", rating: 2.5 }, "rating", "Please choose a rating from 1 to 5."],
      [{ message: "ok", imageUploadId: "not-an-id" }, "imageUploadId", "The image id is not valid."],
    ];
    for (const [body, field, message] of cases) {
      const answer = await call("POST", "/feedback/giveFeedback", { cookie, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.responseMessage).toBe(message);
      expect(answer.body.result).toContainEqual({ field, message });
    }
    const unknown = await call("POST", "/feedback/giveFeedback", {
      cookie,
      body: { message: "ok", userId: user.id },
    });
    expect(unknown.status).toBe(400);
    expect(await feedbackCount(user.id)).toBe(0);
  });

  it("answers 401 without a session", async () => {
    const answer = await call("POST", "/feedback/giveFeedback", { body: { message: "Hello" } });
    expect(answer.status).toBe(401);
  });
});

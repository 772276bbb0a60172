import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { UploadView } from "~/core/uploads.server";
import { getDatabase } from "~/db/db.server";
import { spacePhotos, spaces, uploads } from "~/db/schema";
import type { SpaceView } from "~/domain/space";
import { getStorage } from "~/infra/storage.server";
import { type Answer, call, expectRefused, expectStatus, fileForm, loggedInUser, postForm } from "./helpers";

/**
 * A listing's files (ADR 0010): photos (imageUploadSpaces, at most 20, reordered, deleted and given a cover through the
 * add-more-details step), the floor plan (imageUploadFloorplan) and the contract (uploadContract, a PDF of at most
 * 10 MB). Images are made by sharp in the test; the PDFs are a few bytes written here.
 */

const UPLOADED = "Image uploaded successfully.";
const IMAGE_ONLY = "Please select image file only.";
const NOT_YOURS = "You can only change your own listing.";
const NOT_FOUND = "This listing does not exist.";
const CONTRACT_RULE = "The contract must be a PDF of at most 10 MB.";

type Host = Awaited<ReturnType<typeof loggedInUser>>;
type ImageAnswer = UploadView & { space: SpaceView };

let png: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#35a" } })
    .png()
    .toBuffer();
});

const pdf = (text = "contract") =>
  new TextEncoder().encode(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\n%%EOF\n`);

async function draftOf(host: Host): Promise<SpaceView> {
  const answer = await call<SpaceView>("POST", "/space/addMySpace", {
    cookie: host.cookie,
    body: {
      step: "location",
      addressLine1: "3 Osmeña Boulevard",
      addressLine2: "Warehouse B",
      city: "cebu-city",
      barangay: "Lahug",
      province: "Cebu",
    },
  });
  expectStatus(answer, 200);
  return answer.body.result;
}

function uploadPhoto(
  cookie: string | undefined,
  spaceId: string,
  file = { bytes: png as Uint8Array, name: "room.png", type: "image/png" },
  extra: Record<string, string> = {},
): Promise<Answer<ImageAnswer>> {
  return postForm<ImageAnswer>("/space/imageUploadSpaces", fileForm("image", file, { spaceId, ...extra }), {
    cookie,
  });
}

function uploadFloorplan(cookie: string | undefined, spaceId: string): Promise<Answer<ImageAnswer>> {
  return postForm<ImageAnswer>(
    "/space/imageUploadFloorplan",
    fileForm("image", { bytes: png, name: "plan.png", type: "image/png" }, { spaceId }),
    { cookie },
  );
}

function uploadContract(
  cookie: string | undefined,
  spaceId: string,
  bytes: Uint8Array = pdf(),
  name = "contract.pdf",
): Promise<Answer<SpaceView>> {
  return postForm<SpaceView>(
    "/space/uploadContract",
    fileForm("contract", { bytes, name, type: "application/pdf" }, { spaceId }),
    { cookie },
  );
}

function photosStep(cookie: string, spaceId: string, fields: Record<string, unknown>) {
  return call<SpaceView>("POST", "/space/addMySpace", {
    cookie,
    body: { step: "add-more-details", spaceId, ...fields },
  });
}

/** Whether the storage still holds the file behind a URL (/uploads/<key>). */
async function stored(url: string): Promise<boolean> {
  return (await getStorage().get(url.replace(/^\/uploads\//, ""))) !== null;
}

async function uploadRows(ownerId: string, kind: string) {
  const { db } = await getDatabase();
  const rows = await db.select().from(uploads).where(eq(uploads.ownerId, ownerId));
  return rows.filter((row) => row.kind === kind);
}

async function spaceRow(id: string) {
  const { db } = await getDatabase();
  const [row] = await db.select().from(spaces).where(eq(spaces.id, id));
  return row;
}

describe("POST /space/imageUploadSpaces", () => {
  it("adds photos after the others and answers the upload with the updated listing", async () => {
    const host = await loggedInUser();
    const draft = await draftOf(host);
    const first = await uploadPhoto(host.cookie, draft._id);
    expectStatus(first, 200, UPLOADED);
    expect(first.body.result.url).toBe(`/uploads/spaceImages/${first.body.result.uploadId}/image.jpg`);
    expect(first.body.result.variants.map((variant) => variant.width)).toEqual([60]);
    const second = await uploadPhoto(host.cookie, draft._id, undefined, { type: "spaceImages" });
    expectStatus(second, 200, UPLOADED);
    const space = second.body.result.space;
    expect(space._id).toBe(draft._id);
    expect(space.spacePhotos.map((photo) => photo.uploadId)).toEqual([
      first.body.result.uploadId,
      second.body.result.uploadId,
    ]);
    expect(new Date(space.updatedAt).getTime()).toBeGreaterThan(new Date(draft.updatedAt).getTime());
    expect(await uploadRows(host.user.id, "spaceImages")).toHaveLength(2);
    expect(await stored(first.body.result.url)).toBe(true);
  });

  it("refuses a text file named .jpg, another upload type, and a form without a listing", async () => {
    const host = await loggedInUser();
    const draft = await draftOf(host);
    const text = { bytes: new TextEncoder().encode("not a photo"), name: "photo.jpg", type: "image/jpeg" };
    expectRefused(await uploadPhoto(host.cookie, draft._id, text), "image", IMAGE_ONLY);
    expectRefused(
      await uploadPhoto(host.cookie, draft._id, undefined, { type: "floorplan" }),
      "type",
      "Invalid upload type.",
    );
    const noSpace = await postForm(
      "/space/imageUploadSpaces",
      fileForm("image", { bytes: png, name: "a.png", type: "image/png" }),
      { cookie: host.cookie },
    );
    expectRefused(noSpace, "spaceId", "Unknown space.");
    expect(await uploadRows(host.user.id, "spaceImages")).toEqual([]);
  });

  it("answers 401 without a session, 404 for an unknown listing, 403 for another host's: nothing stored", async () => {
    const host = await loggedInUser();
    const intruder = await loggedInUser();
    const draft = await draftOf(host);
    expectStatus(await uploadPhoto(undefined, draft._id), 401);
    expectRefused(await uploadPhoto(intruder.cookie, draft._id), "spaceId", NOT_YOURS, 403);
    expectRefused(await uploadPhoto(intruder.cookie, randomUUID()), "spaceId", NOT_FOUND, 404);
    expect(await uploadRows(intruder.user.id, "spaceImages")).toEqual([]);
    const { db } = await getDatabase();
    expect(await db.select().from(spacePhotos).where(eq(spacePhotos.spaceId, draft._id))).toEqual([]);
  });

  it("takes 20 photos and refuses the 21st", async () => {
    const host = await loggedInUser();
    const draft = await draftOf(host);
    for (let i = 0; i < 18; i++) expectStatus(await uploadPhoto(host.cookie, draft._id), 200);
    // Three at once for the last two places: the count is taken again under the listing's lock.
    const racing = await Promise.all([1, 2, 3].map(() => uploadPhoto(host.cookie, draft._id)));
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 200, 400]);
    expectRefused(await uploadPhoto(host.cookie, draft._id), "image", "You can add at most 20 photos.");
    expect(await uploadRows(host.user.id, "spaceImages")).toHaveLength(20);
    const { db } = await getDatabase();
    const positions = await db.select().from(spacePhotos).where(eq(spacePhotos.spaceId, draft._id));
    expect(new Set(positions.map((photo) => photo.position)).size).toBe(20);
  });
});

describe("POST /space/imageUploadSpaces with several photos in one call", () => {
  const named = (name: string, bytes: Uint8Array = png) => ({ bytes, name, type: "image/png" });

  /** One multipart post carrying `files` in the field `image`, in this order. */
  function uploadPhotos(cookie: string, spaceId: string, files: ReturnType<typeof named>[]) {
    const form = new FormData();
    form.append("spaceId", spaceId);
    for (const file of files)
      form.append("image", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
    return postForm<ImageAnswer & { uploads: UploadView[] }>("/space/imageUploadSpaces", form, { cookie });
  }

  it("stores them all after the listing's photos, in the order sent", async () => {
    const host = await loggedInUser();
    const draft = await draftOf(host);
    const before = await uploadPhoto(host.cookie, draft._id);
    // Three images told apart by their size, to see that the order sent is the order kept.
    const sized = async (width: number) =>
      sharp({ create: { width, height: 40, channels: 3, background: "#a53" } })
        .png()
        .toBuffer();
    const files = [
      named("a.png", await sized(50)),
      named("b.png", await sized(70)),
      named("c.png", await sized(90)),
    ];
    const answer = await uploadPhotos(host.cookie, draft._id, files);
    expectStatus(answer, 200, UPLOADED);
    const { uploads: added, space } = answer.body.result;
    expect(added.map((upload) => upload.width)).toEqual([50, 70, 90]);
    expect(answer.body.result.uploadId).toBe(added[0]?.uploadId);
    expect(space.spacePhotos.map((photo) => photo.uploadId)).toEqual([
      before.body.result.uploadId,
      ...added.map((upload) => upload.uploadId),
    ]);
    expect(await uploadRows(host.user.id, "spaceImages")).toHaveLength(4);
    for (const upload of added) expect(await stored(upload.url)).toBe(true);
  });

  it("refuses the whole batch when one file is not an image, and stores none of it", async () => {
    const host = await loggedInUser();
    const draft = await draftOf(host);
    const text = named("notes.png", new TextEncoder().encode("not a photo"));
    const answer = await uploadPhotos(host.cookie, draft._id, [named("a.png"), text, named("c.png")]);
    expectRefused(answer, "image", IMAGE_ONLY);
    expect(await uploadRows(host.user.id, "spaceImages")).toEqual([]);
    const { db } = await getDatabase();
    expect(await db.select().from(spacePhotos).where(eq(spacePhotos.spaceId, draft._id))).toEqual([]);
  });

  it("counts the batch towards the 20 photos: a batch that would pass 20 stores nothing", async () => {
    const host = await loggedInUser();
    const draft = await draftOf(host);
    const eighteen = Array.from({ length: 18 }, (_, i) => named(`${i}.png`));
    expectStatus(await uploadPhotos(host.cookie, draft._id, eighteen), 200, UPLOADED);
    const three = [named("x.png"), named("y.png"), named("z.png")];
    expectRefused(
      await uploadPhotos(host.cookie, draft._id, three),
      "image",
      "You can add at most 20 photos.",
    );
    expect(await uploadRows(host.user.id, "spaceImages")).toHaveLength(18);
    expectStatus(await uploadPhotos(host.cookie, draft._id, three.slice(0, 2)), 200, UPLOADED);
    expect(await uploadRows(host.user.id, "spaceImages")).toHaveLength(20);
  });

  it("the floor plan still takes one image at a time", async () => {
    const host = await loggedInUser();
    const draft = await draftOf(host);
    const form = new FormData();
    form.append("spaceId", draft._id);
    for (const name of ["a.png", "b.png"])
      form.append("image", new File([new Uint8Array(png)], name, { type: "image/png" }));
    const answer = await postForm("/space/imageUploadFloorplan", form, { cookie: host.cookie });
    expectRefused(answer, "image", "Please choose one image at a time.");
    expect(await uploadRows(host.user.id, "floorplan")).toEqual([]);
  });
});

describe("the add-more-details step: order, cover, delete", () => {
  it("reorders the photos, sets the cover, and deletes the photos left out with their files", async () => {
    const host = await loggedInUser();
    const draft = await draftOf(host);
    const ids: string[] = [];
    const urls: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await uploadPhoto(host.cookie, draft._id);
      ids.push(answer.body.result.uploadId);
      urls.push(answer.body.result.variants[0]?.url as string);
    }
    const [a, b, c] = ids as [string, string, string];
    const reordered = await photosStep(host.cookie, draft._id, { photoOrder: [c, a, b], coverPhotoIndex: 2 });
    expectStatus(reordered, 200);
    expect(reordered.body.result.spacePhotos.map((photo) => photo.uploadId)).toEqual([c, a, b]);
    expect(reordered.body.result.coverPhotoIndex).toBe(2);
    expect(reordered.body.result.completedSteps).toContain("add-more-details");

    const trimmed = await photosStep(host.cookie, draft._id, { photoOrder: [b, c], coverPhotoIndex: 0 });
    expectStatus(trimmed, 200);
    expect(trimmed.body.result.spacePhotos.map((photo) => photo.uploadId)).toEqual([b, c]);
    expect((await uploadRows(host.user.id, "spaceImages")).map((row) => row.id).sort()).toEqual(
      [b, c].sort(),
    );
    expect(await stored(urls[0] as string)).toBe(false);
    expect(await stored(urls[1] as string)).toBe(true);

    // Without an order, the photos stay as they are; the cover still has to be one of them.
    const cover = await photosStep(host.cookie, draft._id, { coverPhotoIndex: 1 });
    expect(cover.body.result.spacePhotos.map((photo) => photo.uploadId)).toEqual([b, c]);
    expect(cover.body.result.coverPhotoIndex).toBe(1);
  });

  it("refuses photos that are not the listing's, a photo twice, and a cover past the photos", async () => {
    const host = await loggedInUser();
    const other = await loggedInUser();
    const draft = await draftOf(host);
    const otherDraft = await draftOf(other);
    const mine = (await uploadPhoto(host.cookie, draft._id)).body.result.uploadId;
    const theirs = (await uploadPhoto(other.cookie, otherDraft._id)).body.result.uploadId;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ photoOrder: [mine, theirs] }, "photoOrder", "Unknown photo."],
      [{ photoOrder: [randomUUID()] }, "photoOrder", "Unknown photo."],
      [{ photoOrder: [mine, mine] }, "photoOrder", "Each photo can appear once."],
      [
        { photoOrder: [mine], coverPhotoIndex: 1 },
        "coverPhotoIndex",
        "Please choose one of your photos as the cover.",
      ],
      [{ coverPhotoIndex: -1 }, "coverPhotoIndex", "Please choose one of your photos as the cover."],
    ];
    for (const [fields, field, message] of cases) {
      expectRefused(await photosStep(host.cookie, draft._id, fields), field, message);
    }
    // The other host's photo is still theirs.
    const { db } = await getDatabase();
    const [row] = await db.select().from(spacePhotos).where(eq(spacePhotos.uploadId, theirs));
    expect(row?.spaceId).toBe(otherDraft._id);
    expect((await spaceRow(draft._id))?.completedSteps).toEqual(["location"]);
  });
});

describe("POST /space/imageUploadFloorplan", () => {
  it("sets the floor plan and replaces the previous one, whose files go", async () => {
    const host = await loggedInUser();
    const draft = await draftOf(host);
    const first = await uploadFloorplan(host.cookie, draft._id);
    expectStatus(first, 200, UPLOADED);
    expect(first.body.result.space.floorplan?.uploadId).toBe(first.body.result.uploadId);
    expect(first.body.result.space.spacePhotos).toEqual([]);
    const second = await uploadFloorplan(host.cookie, draft._id);
    expect(second.body.result.space.floorplan?.uploadId).toBe(second.body.result.uploadId);
    expect((await uploadRows(host.user.id, "floorplan")).map((row) => row.id)).toEqual([
      second.body.result.uploadId,
    ]);
    expect(await stored(first.body.result.url)).toBe(false);
    expect(await stored(second.body.result.url)).toBe(true);
  });

  it("refuses a text file named .jpg, 401 without a session, 403 for another host's listing", async () => {
    const host = await loggedInUser();
    const intruder = await loggedInUser();
    const draft = await draftOf(host);
    const text = fileForm(
      "image",
      { bytes: new TextEncoder().encode("hi"), name: "plan.jpg", type: "image/jpeg" },
      {
        spaceId: draft._id,
      },
    );
    expectRefused(
      await postForm("/space/imageUploadFloorplan", text, { cookie: host.cookie }),
      "image",
      IMAGE_ONLY,
    );
    expectStatus(await uploadFloorplan(undefined, draft._id), 401);
    expectRefused(await uploadFloorplan(intruder.cookie, draft._id), "spaceId", NOT_YOURS, 403);
    expect((await spaceRow(draft._id))?.floorplanUploadId).toBeNull();
    expect(await uploadRows(intruder.user.id, "floorplan")).toEqual([]);
  });
});

describe("POST /space/uploadContract", () => {
  it("stores the PDF, makes the contract uploaded, and replaces a previous one", async () => {
    const host = await loggedInUser();
    const draft = await draftOf(host);
    const first = await uploadContract(host.cookie, draft._id);
    expectStatus(first, 200, "Your contract has been uploaded.");
    const firstUrl = first.body.result.contract.url as string;
    expect(first.body.result.contract.type).toBe("uploaded");
    expect(firstUrl).toMatch(/^\/uploads\/contract\/[0-9a-f-]{36}\/contract\.pdf$/);
    const file = await getStorage().get(firstUrl.replace(/^\/uploads\//, ""));
    expect(file?.contentType).toBe("application/pdf");
    expect(new TextDecoder().decode(file?.bytes)).toBe(new TextDecoder().decode(pdf()));
    const [row] = await uploadRows(host.user.id, "contract");
    expect(row).toMatchObject({ contentType: "application/pdf", bytes: pdf().byteLength });

    const second = await uploadContract(host.cookie, draft._id, pdf("second"));
    expectStatus(second, 200);
    expect(await stored(firstUrl)).toBe(false);
    expect(await uploadRows(host.user.id, "contract")).toHaveLength(1);

    // The contract step may now say "uploaded"; choosing the standard contract drops the file.
    const uploaded = await call<SpaceView>("POST", "/space/addMySpace", {
      cookie: host.cookie,
      body: { step: "contract-facility", spaceId: draft._id, contractType: "uploaded" },
    });
    expectStatus(uploaded, 200);
    expect(uploaded.body.result.contract).toEqual(second.body.result.contract);
    const standard = await call<SpaceView>("POST", "/space/addMySpace", {
      cookie: host.cookie,
      body: { step: "contract-facility", spaceId: draft._id, contractType: "standard" },
    });
    expect(standard.body.result.contract).toEqual({ type: "standard", url: null });
    expect(await stored(second.body.result.contract.url as string)).toBe(false);
    expect(await uploadRows(host.user.id, "contract")).toEqual([]);
  });

  it("judges by the bytes: a text file named .pdf is refused, and so is a PDF over 10 MB", async () => {
    const host = await loggedInUser();
    const draft = await draftOf(host);
    expectRefused(
      await uploadContract(
        host.cookie,
        draft._id,
        new TextEncoder().encode("Dear renter, ..."),
        "contract.pdf",
      ),
      "contract",
      CONTRACT_RULE,
    );
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(pdf());
    expectRefused(await uploadContract(host.cookie, draft._id, big), "contract", CONTRACT_RULE, 413);
    const exactly = new Uint8Array(10 * 1024 * 1024);
    exactly.set(pdf());
    expectStatus(await uploadContract(host.cookie, draft._id, exactly), 200);
    const none = await postForm(
      "/space/uploadContract",
      fileForm("other", { bytes: pdf(), name: "a.pdf", type: "application/pdf" }, { spaceId: draft._id }),
      { cookie: host.cookie },
    );
    expectStatus(none, 400, 'This call takes no file "other".');
    const empty = new FormData();
    empty.append("spaceId", draft._id);
    expectRefused(
      await postForm("/space/uploadContract", empty, { cookie: host.cookie }),
      "contract",
      "Please choose a PDF to upload.",
    );
  });

  it("answers 401 without a session, 403 for another host's listing, 404 for an unknown one: nothing stored", async () => {
    const host = await loggedInUser();
    const intruder = await loggedInUser();
    const draft = await draftOf(host);
    expectStatus(await uploadContract(undefined, draft._id), 401);
    expectRefused(await uploadContract(intruder.cookie, draft._id), "spaceId", NOT_YOURS, 403);
    expectRefused(await uploadContract(intruder.cookie, randomUUID()), "spaceId", NOT_FOUND, 404);
    expect(await uploadRows(intruder.user.id, "contract")).toEqual([]);
    const row = await spaceRow(draft._id);
    expect([row?.contractType, row?.contractUploadId]).toEqual([null, null]);
  });
});

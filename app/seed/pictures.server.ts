import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { storeImage } from "~/core/uploads.server";
import type { Database } from "~/db/client.server";
import type { uploads } from "~/db/schema";
import type { SpaceKind, SpaceType } from "~/domain/vocabulary";
import { processImage } from "~/infra/images.server";
import { getStorage } from "~/infra/storage.server";
import { randomFor, SCENE_HEIGHT, SCENE_WIDTH, type SceneName, sceneSvg } from "./picture-scenes";

/**
 * The seed's photos, drawn here rather than downloaded (picture-scenes.ts): for each listing its own cover (a
 * storage room with boxes, an aisle of shelves, a garage's roller door, a parking level with its bays, a container
 * in a yard) and detail shots (the entrance, inside, the CCTV), varied by the listing's own seed and the same on
 * every run, rendered by sharp to a 1600 × 1200 JPEG with a little grain, like a phone photo. Only a small corner
 * note says it is a demo picture. The demo listings store them through `storeImage`, like any upload, so they get
 * real WebP renditions; the bulk generator stores a small pool of them once and points every generated listing at
 * it.
 */

/** 1280 × 960: the listing page's widest rendition (1280 px), and cheap to draw and process in the seed. */
export const PICTURE_WIDTH = 1280;
export const PICTURE_HEIGHT = (PICTURE_WIDTH * SCENE_HEIGHT) / SCENE_WIDTH;

/** What a picture shows: the cover of a kind of space, or one of the detail shots. */
export type PictureView = "cover" | "entrance" | "interior" | "security";

/** A picture of a listing: `seed` (the listing's own, e.g. its title) makes it look like no other listing's. */
export type Picture = { type: SpaceType; kind: SpaceKind; view: PictureView; seed: string };

/** A short, path-safe digest of a seed (FNV-1a), for keys and file names. */
function seedDigest(seed: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) hash = Math.imul(hash ^ seed.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** How many versions of each detail shot (entrance, inside, CCTV) of a type there are, shared between listings. */
const DETAIL_VERSIONS = 2;

/**
 * What a picture is drawn from: a cover from its listing's own seed (every listing looks different where renters
 * look first); a detail shot from one of a few versions per type, so the seed draws a few dozen pictures, not one
 * per photo.
 */
function drawingSeed({ view, seed }: Picture): string {
  if (view === "cover") return seedDigest(seed);
  return `v${Number.parseInt(seedDigest(seed), 36) % DETAIL_VERSIONS}`;
}

/** The key of the distinct image a picture is: its type, kind (covers only), view and drawing seed. */
export function pictureKey(picture: Picture): string {
  const { type, kind, view } = picture;
  if (view === "cover") return `${type}-${kind}-cover-${drawingSeed(picture)}`;
  return `${type}-${view}-${drawingSeed(picture)}`;
}

/** A colour per kind (garage differs between storage and parking): a door's paint, a rack's beams, a container. */
const KIND_COLOURS: Record<string, string> = {
  "storage-officeSpace": "#5b7fa6",
  "storage-commercialSpace": "#c07a3a",
  "storage-emptyApartment": "#8a9a5b",
  "storage-spareRoom": "#d9a066",
  "storage-attic": "#a0785a",
  "storage-basement": "#6d6875",
  "storage-garage": "#7d8c93",
  "storage-livingRoom": "#e5989b",
  "storage-shelfSpace": "#4a7c59",
  "storage-container": "#b5473a",
  "storage-warehouseSpace": "#d4a017",
  "storage-coldStorage": "#7fb7d6",
  "parking-condo": "#2f6690",
  "parking-officeParking": "#3a506b",
  "parking-emptyLot": "#9c6644",
  "parking-garage": "#52796f",
  "parking-mall": "#c1121f",
  "parking-hotel": "#6a4c93",
  "parking-store": "#e76f51",
  "parking-commercialParking": "#264653",
  "parking-carport": "#588157",
};

const TYPE_COLOURS: Record<SpaceType, string> = { storage: "#8b5e3c", parking: "#2f6690" };

function colourOf(type: SpaceType, kind: SpaceKind): string {
  return KIND_COLOURS[`${type}-${kind}`] ?? "#6b7280";
}

const SHELF_KINDS: readonly SpaceKind[] = ["commercialSpace", "shelfSpace", "warehouseSpace", "coldStorage"];
const OPEN_AIR_PARKING: readonly SpaceKind[] = ["emptyLot", "store", "commercialParking", "carport"];

/** Which scene a picture draws, and how. */
function sceneOf({ type, kind, view }: Picture): { name: SceneName; indoor?: boolean; cold?: boolean } {
  if (view === "security") return { name: "security" };
  if (view === "entrance") return { name: "entrance" };
  if (view === "interior")
    return type === "parking" ? { name: "parking", indoor: true } : { name: "shelves" };
  if (kind === "garage") return { name: "garage" };
  if (type === "parking") return { name: "parking", indoor: !OPEN_AIR_PARKING.includes(kind) };
  if (kind === "container") return { name: "container" };
  if (SHELF_KINDS.includes(kind)) return { name: "shelves", cold: kind === "coldStorage" };
  return { name: "room" };
}

/** The SVG of a picture: its scene, drawn from the listing's seed, with a small "Demo photo" note in a corner. */
export function pictureSvg(picture: Picture): string {
  const scene = sceneOf(picture);
  return sceneSvg(scene.name, {
    seed: pictureKey(picture),
    // A detail shot is shared by every kind of its type, so its colour is the type's, not the kind's.
    accent: picture.view === "cover" ? colourOf(picture.type, picture.kind) : TYPE_COLOURS[picture.type],
    indoor: scene.indoor,
    cold: scene.cold,
    note: "Demo photo",
    width: PICTURE_WIDTH,
  });
}

/** The side of the grain tile, repeated over the picture. */
const GRAIN_TILE = 256;

/**
 * Fine grain, a phone photo is never flat: a tile of grey speckles (the same on every seed), laid over the picture
 * at low opacity. Laid "over" it costs next to nothing; a full-size soft-light blend took longer than the drawing.
 */
function grainTile(): Buffer {
  const random = randomFor("grain");
  const tile = Buffer.alloc(GRAIN_TILE * GRAIN_TILE * 4);
  for (let i = 0; i < GRAIN_TILE * GRAIN_TILE; i++) {
    const grey = Math.round(128 + (random() + random() + random() - 1.5) * 50);
    tile.fill(Math.max(0, Math.min(255, grey)), i * 4, i * 4 + 3);
    tile[i * 4 + 3] = 26;
  }
  return tile;
}

let grain: Buffer | null = null;

/** The picture as a JPEG, as a phone would upload it. */
export async function renderPicture(picture: Picture): Promise<Buffer> {
  grain ??= grainTile();
  return sharp(Buffer.from(pictureSvg(picture)))
    .composite([
      {
        input: grain,
        raw: { width: GRAIN_TILE, height: GRAIN_TILE, channels: 4 },
        tile: true,
        blend: "over",
      },
    ])
    .jpeg({ quality: 88 })
    .toBuffer();
}

// ---------------------------------------------------------------------------------------------------------------
// Storing them
// ---------------------------------------------------------------------------------------------------------------

type UploadRow = typeof uploads.$inferSelect;
type UploadValues = typeof uploads.$inferInsert & { id: string };

/**
 * Uploads of pictures for the demo listings. Each distinct picture is drawn and processed once, through
 * `storeImage` (the real pipeline: JPEG by the product's quality table and WebP renditions); every further use gets its
 * own copy of those files under fresh keys and its own `uploads` row, so deleting one listing's photo never touches
 * another's. `prepare` processes the distinct pictures a few at a time up front; `use` answers the upload for one
 * use of a picture; the copies' rows are recorded by the caller (`copies`), in its own transaction.
 */
export class PictureUploads {
  private readonly originals = new Map<string, Promise<UploadRow>>();
  private readonly used = new Set<string>();
  /** The rows of the copies made so far, for the caller to insert. */
  readonly copies: UploadValues[] = [];

  /** Originals are recorded through `db` (not a transaction: prepare stores several at once). */
  constructor(private readonly db: Database) {}

  /** Draws and stores each distinct picture of `pictures` (owned by its first user), `concurrency` at a time. */
  async prepare(pictures: readonly { ownerId: string; picture: Picture }[], concurrency = 2): Promise<void> {
    const distinct = new Map<string, { ownerId: string; picture: Picture }>();
    for (const entry of pictures) {
      const key = pictureKey(entry.picture);
      if (!distinct.has(key) && !this.originals.has(key)) distinct.set(key, entry);
    }
    const queue = [...distinct.entries()];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [key, { ownerId, picture }] = next;
        await this.original(key, ownerId, picture);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }

  /**
   * The id of an upload of the picture owned by `ownerId`: the original the first time (when it is that owner's),
   * else a copy (its files written now, its row added to `copies`). Which call is first is decided when it is made,
   * so calls started in order may run side by side.
   */
  async use(ownerId: string, picture: Picture): Promise<string> {
    const key = pictureKey(picture);
    const first = !this.used.has(key);
    this.used.add(key);
    const original = await this.original(key, ownerId, picture);
    if (first && original.ownerId === ownerId) return original.id;
    const copy = await copyFiles(original, ownerId);
    this.copies.push(copy);
    return copy.id;
  }

  private original(key: string, ownerId: string, picture: Picture): Promise<UploadRow> {
    let stored = this.originals.get(key);
    if (!stored) {
      stored = renderPicture(picture).then((jpeg) =>
        storeImage(this.db, {
          ownerId,
          kind: "spaceImages",
          file: new File([new Uint8Array(jpeg)], `${key}.jpg`, { type: "image/jpeg" }),
        }),
      );
      this.originals.set(key, stored);
    }
    return stored;
  }
}

/** Copies a stored image's JPEG and renditions under fresh keys; answers the `uploads` row for the copy. */
async function copyFiles(source: UploadRow, ownerId: string): Promise<UploadValues> {
  const storage = getStorage();
  const id = randomUUID();
  const rename = (key: string) => `${source.kind}/${id}/${key.split("/").at(-1)}`;
  const files = [source.storageKey, ...source.variants.map((variant) => variant.storageKey)];
  await Promise.all(
    files.map(async (key) => {
      const object = await storage.get(key);
      if (!object) throw new Error(`the seed picture ${key} is missing from storage`);
      await storage.put(rename(key), object.bytes, object.contentType);
    }),
  );
  return {
    ...source,
    id,
    ownerId,
    storageKey: rename(source.storageKey),
    variants: source.variants.map((variant) => ({
      width: variant.width,
      storageKey: rename(variant.storageKey),
    })),
    createdAt: new Date(),
  };
}

/** A stored picture of the bulk generator's pool: what an `uploads` row needs. */
export type PoolPicture = {
  key: string;
  storageKey: string;
  contentType: string;
  bytes: number;
  width: number;
  height: number;
  variants: { width: number; storageKey: string }[];
};

/** Where the pool lives in storage: shared by every generated listing, so never a key a real upload gets. */
export const POOL_PREFIX = "seed";

/**
 * Draws, processes and stores one picture per distinct key of `pictures` under seed/<key>/ (overwriting what is
 * there: the same picture always gives the same files). The generated listings' `uploads` rows all point at these
 * files, so they must never be deleted through one of those rows (see bulk-spaces.server.ts).
 */
export async function storePicturePool(pictures: readonly Picture[]): Promise<Map<string, PoolPicture>> {
  const storage = getStorage();
  const pool = new Map<string, PoolPicture>();
  for (const picture of pictures) {
    const key = pictureKey(picture);
    if (pool.has(key)) continue;
    const image = await processImage(await renderPicture(picture));
    const storageKey = `${POOL_PREFIX}/${key}/image.jpg`;
    const variants = image.variants.map((variant) => ({
      width: variant.width,
      storageKey: `${POOL_PREFIX}/${key}/w${variant.width}.webp`,
      rendition: variant,
    }));
    await storage.put(storageKey, image.main.bytes, image.main.contentType);
    for (const variant of variants) {
      await storage.put(variant.storageKey, variant.rendition.bytes, variant.rendition.contentType);
    }
    pool.set(key, {
      key,
      storageKey,
      contentType: image.main.contentType,
      bytes: image.main.bytes.byteLength,
      width: image.main.width,
      height: image.main.height,
      variants: variants.map(({ width, storageKey: variantKey }) => ({ width, storageKey: variantKey })),
    });
  }
  return pool;
}

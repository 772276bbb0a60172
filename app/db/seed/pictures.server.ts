import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { storeImage } from "~/api/space/uploads.server";
import { kindLabel, type SpaceKind, type SpaceType } from "~/domain/vocabulary";
import { processImage } from "~/services/images.server";
import { getStorage } from "~/services/storage.server";
import type { Database } from "../client.server";
import type { uploads } from "../schema";

/**
 * The seed's photos, drawn here rather than downloaded: an SVG scene per kind of space (a room with boxes, racks
 * of pallets, a container yard, a car in its slot…) in a colour of its own, plus a few detail shots (entrance,
 * inside, CCTV), rendered by sharp to a 1600 × 1200 JPEG with a caption. The demo listings store them
 * through `storeImage`, like any upload, so they get real WebP renditions; the bulk generator stores a small pool
 * of them once and points every generated listing at it.
 */

export const PICTURE_WIDTH = 1600;
export const PICTURE_HEIGHT = 1200;

/** What a picture shows: the cover of a kind of space, or one of the detail shots. */
export type PictureView = "cover" | "entrance" | "interior" | "security";

export type Picture = { type: SpaceType; kind: SpaceKind; view: PictureView };

/**
 * The key of the distinct image a picture is: covers differ by type and kind; a detail shot by type only (every
 * storage entrance looks alike), except `security`, which both types share.
 */
export function pictureKey({ type, kind, view }: Picture): string {
  if (view === "cover") return `${type}-${kind}`;
  if (view === "security") return "security";
  return `${type}-${view}`;
}

/** A colour per kind (garage differs between storage and parking): the walls of a room, or the car in a slot. */
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

const CAPTIONS: Record<Exclude<PictureView, "cover">, string> = {
  entrance: "Entrance",
  interior: "Inside the space",
  security: "CCTV and security",
};

function colourOf(type: SpaceType, kind: SpaceKind): string {
  return KIND_COLOURS[`${type}-${kind}`] ?? "#6b7280";
}

/** `hex` mixed with white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channels = [value >> 16, (value >> 8) & 255, value & 255].map((channel) => {
    const target = amount > 0 ? 255 : 0;
    return Math.round(channel + (target - channel) * Math.abs(amount));
  });
  return `#${channels.map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

// ---------------------------------------------------------------------------------------------------------------
// Scenes (1600 × 1200; the bottom 150 px are the caption)
// ---------------------------------------------------------------------------------------------------------------

/** A room in one-point perspective: ceiling, walls in `wall`, floor, a ceiling light. */
function room(wall: string, floor: string): string {
  return `
  <polygon points="0,0 1600,0 1300,160 300,160" fill="${shade(wall, 0.6)}"/>
  <polygon points="0,0 300,160 300,800 0,1050" fill="${shade(wall, -0.15)}"/>
  <polygon points="1600,0 1300,160 1300,800 1600,1050" fill="${shade(wall, -0.25)}"/>
  <rect x="300" y="160" width="1000" height="640" fill="${wall}"/>
  <polygon points="0,1050 300,800 1300,800 1600,1050" fill="${floor}"/>
  <line x1="800" y1="800" x2="800" y2="1050" stroke="${shade(floor, -0.15)}" stroke-width="4"/>
  <line x1="550" y1="800" x2="300" y2="1050" stroke="${shade(floor, -0.15)}" stroke-width="4"/>
  <line x1="1050" y1="800" x2="1300" y2="1050" stroke="${shade(floor, -0.15)}" stroke-width="4"/>
  <ellipse cx="800" cy="80" rx="140" ry="22" fill="#fffbe6"/>`;
}

/** A stack of cardboard boxes standing on y = `base`, `columns` wide and `rows` high. */
function boxes(x: number, base: number, columns: number, rows: number, size = 130): string {
  let out = "";
  for (let column = 0; column < columns; column++) {
    for (let row = 0; row < rows - (column % 2); row++) {
      const bx = x + column * (size + 8);
      const by = base - (row + 1) * size;
      const tone = (column * 3 + row * 5) % 3;
      const fill = ["#c8a06b", "#b98b52", "#d6b07a"][tone];
      out += `<rect x="${bx}" y="${by}" width="${size}" height="${size}" fill="${fill}" stroke="#8a6a3e" stroke-width="3"/>`;
      out += `<rect x="${bx + size / 2 - 10}" y="${by}" width="20" height="${size}" fill="#e8d3a8" opacity="0.7"/>`;
    }
  }
  return out;
}

/** A rack of `levels` shelves between x0 and x1, from y `top` to `base`, each shelf holding boxes or pallets. */
function rack(x0: number, x1: number, top: number, base: number, levels: number, accent: string): string {
  let out = "";
  const step = (base - top) / levels;
  for (const x of [x0, (x0 + x1) / 2, x1]) {
    out += `<rect x="${x - 8}" y="${top}" width="16" height="${base - top}" fill="${shade(accent, -0.3)}"/>`;
  }
  for (let level = 0; level < levels; level++) {
    const y = top + (level + 1) * step;
    out += `<rect x="${x0}" y="${y - 12}" width="${x1 - x0}" height="12" fill="#e07a1f"/>`;
    const size = Math.min(step - 30, 110);
    for (let x = x0 + 20; x + size < x1 - 10; x += size + 14) {
      const fill = (x + level * 37) % 3 === 0 ? "#b98b52" : "#c8a06b";
      out += `<rect x="${x}" y="${y - 12 - size}" width="${size}" height="${size}" fill="${fill}" stroke="#8a6a3e" stroke-width="2"/>`;
    }
  }
  return out;
}

function window_(x: number, y: number, w: number, h: number): string {
  return `
  <rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#bfe3f5" stroke="#ffffff" stroke-width="14"/>
  <line x1="${x + w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y + h}" stroke="#ffffff" stroke-width="10"/>
  <line x1="${x}" y1="${y + h / 2}" x2="${x + w}" y2="${y + h / 2}" stroke="#ffffff" stroke-width="10"/>`;
}

function rollUpDoor(x: number, y: number, w: number, h: number, colour: string): string {
  let slats = "";
  for (let sy = y + 20; sy < y + h; sy += 36) {
    slats += `<line x1="${x}" y1="${sy}" x2="${x + w}" y2="${sy}" stroke="${shade(colour, -0.25)}" stroke-width="5"/>`;
  }
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${colour}"/>${slats}
  <rect x="${x + w / 2 - 40}" y="${y + h - 40}" width="80" height="16" fill="#333"/>`;
}

/** A car (or a truck) from the side, its body in `colour`, wheels on y = `base`. */
function vehicle(x: number, base: number, colour: string, truck: boolean): string {
  const wheels = (a: number, b: number) => `
  <circle cx="${x + a}" cy="${base - 55}" r="55" fill="#1f1f1f"/><circle cx="${x + a}" cy="${base - 55}" r="24" fill="#9aa0a6"/>
  <circle cx="${x + b}" cy="${base - 55}" r="55" fill="#1f1f1f"/><circle cx="${x + b}" cy="${base - 55}" r="24" fill="#9aa0a6"/>`;
  if (truck) {
    return `
  <rect x="${x}" y="${base - 380}" width="520" height="300" fill="${shade(colour, 0.3)}" stroke="${shade(colour, -0.3)}" stroke-width="6"/>
  <path d="M ${x + 530} ${base - 80} L ${x + 530} ${base - 290} L ${x + 680} ${base - 290} L ${x + 760} ${base - 190} L ${x + 760} ${base - 80} Z" fill="${colour}"/>
  <polygon points="${x + 560},${base - 270} ${x + 670},${base - 270} ${x + 725},${base - 200} ${x + 560},${base - 200}" fill="#cfe8f7"/>
  ${wheels(120, 620)}`;
  }
  return `
  <path d="M ${x} ${base - 80} L ${x} ${base - 190} Q ${x + 20} ${base - 215} ${x + 150} ${base - 225} L ${x + 250} ${base - 330}
    Q ${x + 270} ${base - 345} ${x + 320} ${base - 345} L ${x + 520} ${base - 345} Q ${x + 560} ${base - 345} ${x + 590} ${base - 320}
    L ${x + 680} ${base - 225} Q ${x + 780} ${base - 215} ${x + 800} ${base - 180} L ${x + 800} ${base - 80} Z" fill="${colour}"/>
  <polygon points="${x + 275},${base - 315} ${x + 400},${base - 315} ${x + 400},${base - 230} ${x + 190},${base - 230}" fill="#cfe8f7"/>
  <polygon points="${x + 420},${base - 315} ${x + 540},${base - 315} ${x + 640},${base - 230} ${x + 420},${base - 230}" fill="#cfe8f7"/>
  <rect x="${x + 770}" y="${base - 190}" width="30" height="24" fill="#ffe08a"/>
  ${wheels(170, 640)}`;
}

/** A parking level: concrete ceiling, pillars and a back wall indoors, sky outdoors; asphalt with slot lines. */
function parkingLot(indoor: boolean, accent: string): string {
  const horizon = indoor ? 760 : 620;
  const top = indoor
    ? `<rect width="1600" height="420" fill="#8d9399"/><rect y="380" width="1600" height="40" fill="#6c7177"/>
       <rect y="420" width="1600" height="340" fill="#c4c8cc"/>
       <rect x="120" y="380" width="90" height="580" fill="#b0b5ba"/><rect x="1390" y="380" width="90" height="580" fill="#b0b5ba"/>
       <rect x="120" y="640" width="90" height="60" fill="${accent}"/><rect x="1390" y="640" width="90" height="60" fill="${accent}"/>
       <rect x="560" y="395" width="480" height="14" fill="#fffbe6"/>`
    : `<rect width="1600" height="620" fill="url(#sky)"/>
       <rect y="520" width="1600" height="100" fill="#7a9e7e"/>
       <rect x="150" y="420" width="260" height="200" fill="#d9d2c5"/><rect x="1180" y="380" width="300" height="240" fill="#cfc6b6"/>`;
  return `${top}
  <polygon points="0,1050 0,${horizon} 1600,${horizon} 1600,1050" fill="#55585c"/>
  <line x1="300" y1="${horizon}" x2="60" y2="1050" stroke="#f5f5f5" stroke-width="10"/>
  <line x1="1300" y1="${horizon}" x2="1540" y2="1050" stroke="#f5f5f5" stroke-width="10"/>
  ${indoor ? `<rect x="120" y="${horizon}" width="90" height="200" fill="#b0b5ba"/><rect x="1390" y="${horizon}" width="90" height="200" fill="#b0b5ba"/>` : ""}`;
}

function cctv(x: number, y: number): string {
  return `
  <rect x="${x}" y="${y}" width="24" height="90" fill="#d1d5db"/>
  <g transform="rotate(18 ${x + 12} ${y + 90})">
    <rect x="${x - 110}" y="${y + 70}" width="220" height="80" rx="14" fill="#f3f4f6" stroke="#9ca3af" stroke-width="4"/>
    <circle cx="${x - 100}" cy="${y + 110}" r="26" fill="#111827"/><circle cx="${x - 100}" cy="${y + 110}" r="10" fill="#2563eb"/>
  </g>`;
}

function coverScene(type: SpaceType, kind: SpaceKind, colour: string): string {
  if (type === "parking") {
    const indoor = ["condo", "officeParking", "garage", "mall", "hotel"].includes(kind);
    const roof =
      kind === "carport"
        ? `<polygon points="180,470 1420,470 1480,520 120,520" fill="${shade(colour, -0.2)}"/>
           <rect x="200" y="520" width="30" height="430" fill="#9aa0a6"/><rect x="1370" y="520" width="30" height="430" fill="#9aa0a6"/>`
        : "";
    return `${parkingLot(indoor, colour)}${roof}${vehicle(kind === "emptyLot" ? 420 : 400, 1000, colour, kind === "emptyLot")}`;
  }
  if (kind === "container") {
    let ribs = "";
    for (let x = 330; x < 1270; x += 40)
      ribs += `<rect x="${x}" y="400" width="14" height="520" fill="${shade(colour, -0.2)}"/>`;
    return `<rect width="1600" height="700" fill="url(#sky)"/><rect y="700" width="1600" height="350" fill="#a8a29e"/>
      <rect x="300" y="380" width="1000" height="560" fill="${colour}"/>${ribs}
      <rect x="300" y="380" width="1000" height="24" fill="${shade(colour, -0.35)}"/>
      <rect x="790" y="400" width="20" height="540" fill="${shade(colour, -0.4)}"/>`;
  }
  const wall = kind === "coldStorage" ? "#e8f4fa" : shade(colour, 0.35);
  const floor =
    kind === "coldStorage" ? "#c9d6df" : kind === "garage" || kind === "basement" ? "#9e9e9e" : "#b08968";
  let contents: string;
  if (["warehouseSpace", "shelfSpace", "commercialSpace", "coldStorage"].includes(kind)) {
    contents = `${rack(340, 780, 230, 800, 4, colour)}${rack(820, 1260, 230, 800, 4, colour)}`;
  } else if (kind === "garage") {
    contents = `${rollUpDoor(420, 260, 760, 540, shade(colour, 0.15))}${boxes(140, 1000, 2, 3, 120)}`;
  } else {
    const withWindow = ["spareRoom", "livingRoom", "emptyApartment", "officeSpace", "attic"].includes(kind);
    contents = `${withWindow ? window_(900, 280, 300, 260) : ""}${boxes(380, 930, 3, 3)}`;
    if (kind === "officeSpace") contents += `<rect x="900" y="640" width="280" height="160" fill="#6b7280"/>`;
    if (kind === "livingRoom")
      contents += `<rect x="880" y="700" width="380" height="130" rx="30" fill="${shade(colour, -0.2)}"/>`;
  }
  return `${room(wall, floor)}${contents}`;
}

function detailScene(type: SpaceType, view: Exclude<PictureView, "cover">): string {
  if (view === "security") {
    return `<rect width="1600" height="1050" fill="#d6d3d1"/><rect y="820" width="1600" height="230" fill="#a8a29e"/>
      ${cctv(1000, 120)}
      <rect x="360" y="260" width="420" height="300" rx="16" fill="#facc15" stroke="#1f2937" stroke-width="10"/>
      <text x="570" y="390" font-family="DejaVu Sans, sans-serif" font-size="64" font-weight="bold" text-anchor="middle" fill="#1f2937">CCTV</text>
      <text x="570" y="470" font-family="DejaVu Sans, sans-serif" font-size="40" text-anchor="middle" fill="#1f2937">24 HOURS</text>`;
  }
  if (type === "parking" && view === "entrance") {
    return `${parkingLot(false, "#facc15")}
      <rect x="260" y="560" width="240" height="360" fill="#e5e7eb" stroke="#6b7280" stroke-width="6"/>
      <rect x="300" y="610" width="160" height="110" fill="#bfe3f5"/>
      <rect x="500" y="760" width="60" height="170" fill="#374151"/>
      <g>${Array.from({ length: 8 }, (_, i) => `<rect x="${560 + i * 110}" y="760" width="110" height="36" fill="${i % 2 ? "#ffffff" : "#dc2626"}"/>`).join("")}</g>`;
  }
  if (view === "entrance") {
    return `<rect width="1600" height="1050" fill="#e7e5e4"/><rect y="900" width="1600" height="150" fill="#a8a29e"/>
      <rect x="560" y="220" width="480" height="690" fill="#78716c"/><rect x="590" y="250" width="420" height="660" fill="#8b5e3c"/>
      <rect x="930" y="560" width="40" height="90" rx="8" fill="#d4d4d4"/>
      <path d="M 935 650 q 15 -40 30 0" stroke="#9ca3af" stroke-width="8" fill="none"/>
      <rect x="920" y="650" width="60" height="60" rx="8" fill="#eab308"/>
      <rect x="720" y="300" width="160" height="70" fill="#f5f5f4"/>`;
  }
  // interior: shelves of boxes, seen from up close
  return `<rect width="1600" height="1050" fill="#f1efe9"/><rect y="930" width="1600" height="120" fill="#b08968"/>
    ${rack(120, 1480, 80, 930, 3, "#4b5563")}`;
}

/** The SVG of a picture, with its caption: the kind's label on a cover, what the detail shows otherwise. */
export function pictureSvg(picture: Picture): string {
  const { type, kind, view } = picture;
  // A detail shot is shared by every kind of its type, so its colour is the type's, not the kind's.
  const colour =
    view === "cover" ? colourOf(type, kind) : view === "security" ? "#374151" : TYPE_COLOURS[type];
  const scene = view === "cover" ? coverScene(type, kind, colour) : detailScene(type, view);
  const caption =
    view === "cover" ? `${kindLabel(kind)} · ${type === "storage" ? "Storage" : "Parking"}` : CAPTIONS[view];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE_WIDTH}" height="${PICTURE_HEIGHT}" viewBox="0 0 ${PICTURE_WIDTH} ${PICTURE_HEIGHT}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fb3e0"/><stop offset="1" stop-color="#dcecf8"/></linearGradient></defs>
  <rect width="${PICTURE_WIDTH}" height="${PICTURE_HEIGHT}" fill="#f5f5f4"/>
  ${scene}
  <rect y="1050" width="${PICTURE_WIDTH}" height="150" fill="${shade(colour, -0.55)}"/>
  <rect y="1050" width="24" height="150" fill="${colour}"/>
  <text x="70" y="1120" font-family="DejaVu Sans, sans-serif" font-size="52" font-weight="bold" fill="#ffffff">${escapeXml(caption)}</text>
  <text x="70" y="1170" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#e5e7eb">Space Solution · demo photo</text>
</svg>`;
}

/** The picture as a JPEG, as a phone would upload it. */
export async function renderPicture(picture: Picture): Promise<Buffer> {
  return sharp(Buffer.from(pictureSvg(picture)))
    .jpeg({ quality: 90 })
    .toBuffer();
}

// ---------------------------------------------------------------------------------------------------------------
// Storing them
// ---------------------------------------------------------------------------------------------------------------

type UploadRow = typeof uploads.$inferSelect;
type UploadValues = typeof uploads.$inferInsert & { id: string };

/**
 * Uploads of pictures for the demo listings. Each distinct picture is drawn and processed once, through
 * `storeImage` (the real pipeline: JPEG by the spec's quality table and WebP renditions); every further use gets its
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

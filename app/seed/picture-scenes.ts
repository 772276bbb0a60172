import { createRandom, type Random } from "./generate-spaces";

/**
 * The drawing side of the seed's pictures: scenes in one-point perspective that read as phone photos of a storage
 * room, a shelf aisle, a garage's roller door, a parking level with its bays, or a container in a yard. Every
 * scene is built from a few shapes in 3D (a room's back wall, boxes, pillars, cars) projected towards one vanishing
 * point, lit by gradients, with soft shadows; the renderer adds grain. What varies (the camera, the walls' paint,
 * the floor, how many boxes, the cars' colours) comes from a seeded random, so a listing's pictures are its own and
 * the same on every seed.
 */

export const SCENE_WIDTH = 1600;
export const SCENE_HEIGHT = 1200;
const W = SCENE_WIDTH;
const H = SCENE_HEIGHT;

export type SceneName = "room" | "shelves" | "garage" | "parking" | "container" | "entrance" | "security";

type Point = readonly [number, number];

/** A seeded random from any text (FNV-1a of the text), so a picture is the same on every seed. */
export function randomFor(text: string): Random {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return createRandom(hash >>> 0);
}

const between = (random: Random, min: number, max: number) => min + random() * (max - min);
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const round = (value: number) => Math.round(value * 10) / 10;
const points = (list: readonly Point[]) => list.map(([x, y]) => `${round(x)},${round(y)}`).join(" ");
const poly = (list: readonly Point[], fill: string, extra = "") =>
  `<polygon points="${points(list)}" fill="${fill}"${extra}/>`;

/** `hex` mixed with white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channels = [value >> 16, (value >> 8) & 255, value & 255].map((channel) => {
    const target = amount > 0 ? 255 : 0;
    return Math.round(channel + (target - channel) * Math.abs(amount));
  });
  return `#${channels.map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The camera: a back plane (the far wall) and a vanishing point; P(s, u, v) is the point (u, v) of the back plane
// brought s times nearer (s = 1 on the back wall, larger is closer to the camera).
// ---------------------------------------------------------------------------------------------------------------

type Camera = { vx: number; vy: number; x0: number; x1: number; y0: number; y1: number };

function cameraFor(random: Random, width: number, eye = 0.5, aspect = between(random, 0.55, 0.68)): Camera {
  const vx = W / 2 + between(random, -170, 170);
  const vy = H * 0.46 + between(random, -40, 40);
  const height = width * aspect;
  const x0 = vx - width * between(random, 0.4, 0.6);
  const y0 = vy - height * eye;
  return { vx, vy, x0, x1: x0 + width, y0, y1: y0 + height };
}

const at = (c: Camera, s: number, u: number, v: number): Point => [
  c.vx + (u - c.vx) * s,
  c.vy + (v - c.vy) * s,
];

/** The depth at which the floor line of the back wall reaches the bottom of the picture. */
const nearest = (c: Camera) => (H - c.vy) / (c.y1 - c.vy) + 0.2;

/** A quad on the floor (v = y1) between depths s0..s1 and u0..u1. */
const floorQuad = (c: Camera, u0: number, u1: number, s0: number, s1: number): Point[] => [
  at(c, s0, u0, c.y1),
  at(c, s0, u1, c.y1),
  at(c, s1, u1, c.y1),
  at(c, s1, u0, c.y1),
];

/** The room around the camera: ceiling, two side walls, floor, back wall; big enough to leave the frame. */
function roomShell(
  c: Camera,
  paint: { wall: string; ceiling: string; floor: string; back?: string },
): string {
  const far = 8;
  const corners = {
    tl: [c.x0, c.y0] as Point,
    tr: [c.x1, c.y0] as Point,
    bl: [c.x0, c.y1] as Point,
    br: [c.x1, c.y1] as Point,
  };
  const out = (p: Point) => at(c, far, p[0], p[1]);
  return [
    poly([corners.tl, corners.tr, out(corners.tr), out(corners.tl)], "url(#ceiling)"),
    poly([corners.tl, corners.bl, out(corners.bl), out(corners.tl)], "url(#wallLeft)"),
    poly([corners.tr, corners.br, out(corners.br), out(corners.tr)], "url(#wallRight)"),
    poly([corners.bl, corners.br, out(corners.br), out(corners.bl)], "url(#floor)"),
    `<rect x="${round(c.x0)}" y="${round(c.y0)}" width="${round(c.x1 - c.x0)}" height="${round(c.y1 - c.y0)}" fill="url(#back)"/>`,
    // Skirting where the walls meet the floor, the line a phone photo always catches.
    `<polyline points="${points([out(corners.bl), corners.bl, corners.br, out(corners.br)])}" fill="none" stroke="${shade(paint.wall, -0.35)}" stroke-width="6"/>`,
  ].join("");
}

/** Gradients for a room painted `wall`, lit from the ceiling. */
function roomPaint(paint: { wall: string; ceiling: string; floor: string; back?: string }): string {
  const back = paint.back ?? paint.wall;
  return `
  <linearGradient id="wallLeft" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${shade(paint.wall, -0.35)}"/><stop offset="1" stop-color="${shade(paint.wall, -0.08)}"/></linearGradient>
  <linearGradient id="wallRight" x1="1" y1="0" x2="0" y2="0"><stop offset="0" stop-color="${shade(paint.wall, -0.42)}"/><stop offset="1" stop-color="${shade(paint.wall, -0.12)}"/></linearGradient>
  <linearGradient id="back" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(back, 0.12)}"/><stop offset="1" stop-color="${shade(back, -0.1)}"/></linearGradient>
  <linearGradient id="ceiling" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${shade(paint.ceiling, 0.1)}"/><stop offset="1" stop-color="${shade(paint.ceiling, -0.3)}"/></linearGradient>
  <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(paint.floor, -0.15)}"/><stop offset="1" stop-color="${shade(paint.floor, 0.08)}"/></linearGradient>`;
}

/** Tiles or planks on the floor: lines towards the vanishing point, and across for tiles. */
function floorPattern(c: Camera, colour: string, tiles: boolean, count: number): string {
  const stroke = shade(colour, -0.25);
  const floor = [at(c, 1, c.x0, c.y1), at(c, 1, c.x1, c.y1), at(c, 8, c.x1, c.y1), at(c, 8, c.x0, c.y1)];
  let out = `<clipPath id="floorClip"><polygon points="${points(floor)}"/></clipPath><g clip-path="url(#floorClip)">`;
  const span = (c.x1 - c.x0) * 1.6;
  for (let i = 0; i <= count; i++) {
    const u = c.vx - span + (2 * span * i) / count;
    out += `<line x1="${round(at(c, 1, u, c.y1)[0])}" y1="${round(c.y1)}" x2="${round(at(c, 8, u, c.y1)[0])}" y2="${round(at(c, 8, u, c.y1)[1])}" stroke="${stroke}" stroke-width="2.5" opacity="0.55"/>`;
  }
  if (tiles) {
    for (let s = 1.18; s < 8; s *= 1.22) {
      const [, y] = at(c, s, c.vx, c.y1);
      out += `<line x1="0" y1="${round(y)}" x2="${W}" y2="${round(y)}" stroke="${stroke}" stroke-width="2" opacity="0.5"/>`;
    }
  }
  return `${out}</g>`;
}

type Box = { u0: number; u1: number; s0: number; s1: number; height: number; base?: number; colour: string };

/**
 * A cuboid standing on the floor (or on `base`, a height above it): the faces the camera sees (front, top when
 * below eye level, the side towards the middle), each a shade of `colour`, and a soft shadow in front.
 */
function cuboid(c: Camera, box: Box, options: { shadow?: boolean; tape?: boolean } = {}): string {
  const bottom = c.y1 - (box.base ?? 0);
  const top = bottom - box.height;
  const p = (s: number, u: number, v: number) => at(c, s, u, v);
  let out = "";
  if (options.shadow !== false && box.base === undefined) {
    const [sx0, sy] = p(box.s1 + 0.04, box.u0 - 6, c.y1);
    const [sx1] = p(box.s1 + 0.04, box.u1 + 6, c.y1);
    out += `<ellipse cx="${round((sx0 + sx1) / 2)}" cy="${round(sy)}" rx="${round((sx1 - sx0) * 0.62)}" ry="${round((sx1 - sx0) * 0.09 + 6)}" fill="url(#shadow)"/>`;
  }
  if (box.u1 < c.vx)
    out += poly(
      [p(box.s0, box.u1, top), p(box.s1, box.u1, top), p(box.s1, box.u1, bottom), p(box.s0, box.u1, bottom)],
      shade(box.colour, -0.3),
    );
  if (box.u0 > c.vx)
    out += poly(
      [p(box.s0, box.u0, top), p(box.s1, box.u0, top), p(box.s1, box.u0, bottom), p(box.s0, box.u0, bottom)],
      shade(box.colour, -0.36),
    );
  if (top > c.vy)
    out += poly(
      [p(box.s0, box.u0, top), p(box.s0, box.u1, top), p(box.s1, box.u1, top), p(box.s1, box.u0, top)],
      shade(box.colour, 0.18),
    );
  const front = [
    p(box.s1, box.u0, top),
    p(box.s1, box.u1, top),
    p(box.s1, box.u1, bottom),
    p(box.s1, box.u0, bottom),
  ];
  out += poly(front, box.colour);
  if (options.tape) {
    const mid = (box.u0 + box.u1) / 2;
    const half = (box.u1 - box.u0) * 0.07;
    out += poly(
      [
        p(box.s1, mid - half, top),
        p(box.s1, mid + half, top),
        p(box.s1, mid + half, top + box.height * 0.3),
        p(box.s1, mid - half, top + box.height * 0.3),
      ],
      shade(box.colour, 0.35),
      ' opacity="0.8"',
    );
  }
  return out;
}

const CARDBOARD = ["#c49a63", "#b98b52", "#d2aa72", "#a97c47", "#caa273"];

/** A stack of cardboard boxes on the floor between u0 and u1, around depth s. */
function boxPile(c: Camera, random: Random, u0: number, u1: number, s: number): string {
  const boxes: Box[] = [];
  let u = u0;
  while (u < u1 - 40) {
    const width = between(random, 70, 130);
    const depth = between(random, 0.05, 0.09);
    const layers = 1 + Math.floor(random() * 3);
    let base = 0;
    for (let layer = 0; layer < layers; layer++) {
      const height = between(random, 55, 95);
      const inset = layer * between(random, 0, 8);
      boxes.push({
        u0: u + inset,
        u1: u + width - inset,
        s0: s,
        s1: s + depth,
        height,
        base: layer ? base : undefined,
        colour: pick(random, CARDBOARD),
      });
      base += height;
    }
    u += width + between(random, 4, 20);
  }
  return boxes.map((box) => cuboid(c, box, { tape: true })).join("");
}

/** A ceiling lamp (a bright panel on the ceiling) with its glow. */
function ceilingLamp(c: Camera, s: number, u: number, width: number): string {
  const quad = [
    at(c, s, u - width / 2, c.y0),
    at(c, s, u + width / 2, c.y0),
    at(c, s + 0.12, u + width / 2, c.y0),
    at(c, s + 0.12, u - width / 2, c.y0),
  ];
  const [cx, cy] = at(c, s + 0.06, u, c.y0);
  return `<ellipse cx="${round(cx)}" cy="${round(cy + 30)}" rx="${round(width * s * 1.4)}" ry="${round(90 * s)}" fill="url(#glow)"/>${poly(quad, "#fffdf2")}`;
}

/** A door in the back wall at u, with its frame and handle. */
function backDoor(c: Camera, u: number, colour: string): string {
  const height = (c.y1 - c.y0) * 0.78;
  const width = height * 0.45;
  const x = u;
  const y = c.y1 - height;
  return `<rect x="${round(x - 8)}" y="${round(y - 8)}" width="${round(width + 16)}" height="${round(height + 8)}" fill="${shade(colour, -0.45)}"/>
  <rect x="${round(x)}" y="${round(y)}" width="${round(width)}" height="${round(height)}" fill="${colour}"/>
  <rect x="${round(x + width * 0.12)}" y="${round(y + height * 0.08)}" width="${round(width * 0.76)}" height="${round(height * 0.36)}" fill="${shade(colour, -0.08)}"/>
  <circle cx="${round(x + width * 0.85)}" cy="${round(y + height * 0.55)}" r="${round(width * 0.04 + 2)}" fill="#d6d3d1"/>`;
}

/** A window on the back wall with daylight, and the light it throws on the floor. */
function backWindow(c: Camera, u: number, width: number): string {
  const height = (c.y1 - c.y0) * 0.42;
  const y = c.y0 + (c.y1 - c.y0) * 0.16;
  const patch = floorQuad(c, u - width * 0.1, u + width * 1.1, 1.15, 1.9);
  return `${poly(patch, "#fff8e1", ' opacity="0.22"')}
  <rect x="${round(u - 10)}" y="${round(y - 10)}" width="${round(width + 20)}" height="${round(height + 20)}" fill="#f5f5f4"/>
  <rect x="${round(u)}" y="${round(y)}" width="${round(width)}" height="${round(height)}" fill="url(#daylight)"/>
  <line x1="${round(u + width / 2)}" y1="${round(y)}" x2="${round(u + width / 2)}" y2="${round(y + height)}" stroke="#f5f5f4" stroke-width="8"/>`;
}

// ---------------------------------------------------------------------------------------------------------------
// Scenes
// ---------------------------------------------------------------------------------------------------------------

const WALL_PAINTS = ["#e9e4da", "#ddd6c8", "#d8dcdf", "#efe9dd", "#cfd8d4", "#e3d9c6", "#d9d4cc"];
const FLOORS = ["#9c9a94", "#b38b63", "#8f8a80", "#c2b8a3", "#a3785a", "#8d949a"];

/** A storage room: boxes along the walls, a door, sometimes a window. */
function roomScene(random: Random, accent: string): Scene {
  const c = cameraFor(random, between(random, 620, 820));
  const paint = { wall: pick(random, WALL_PAINTS), ceiling: "#f2f0eb", floor: pick(random, FLOORS) };
  let body = roomShell(c, paint) + floorPattern(c, paint.floor, random() < 0.6, 14);
  const doorAtLeft = random() < 0.5;
  const doorU = doorAtLeft ? c.x0 + 40 : c.x1 - 40 - (c.y1 - c.y0) * 0.35;
  body += backDoor(c, doorU, pick(random, ["#8b5e3c", "#f1f1ef", "#6b7280", accent]));
  if (random() < 0.6) body += backWindow(c, doorAtLeft ? c.x1 - 260 : c.x0 + 60, 200);
  body += ceilingLamp(c, 1.6, c.vx, 160);
  // Boxes against the left wall, then the right, nearer ones drawn last.
  const piles: string[] = [];
  for (const s of [1.05, 1.35]) {
    if (random() < 0.8) piles.push(boxPile(c, random, c.x0 + 10, c.x0 + between(random, 200, 330), s));
    if (random() < 0.8) piles.push(boxPile(c, random, c.x1 - between(random, 200, 330), c.x1 - 10, s));
  }
  body += piles.join("");
  return { defs: roomPaint(paint), body };
}

/** Metal racks of boxes down both sides of an aisle (a warehouse, a shelf space, a cold room). */
function shelvesScene(random: Random, accent: string, cold: boolean): Scene {
  const c = cameraFor(random, between(random, 380, 520), 0.62);
  const paint = cold
    ? { wall: "#e3eef4", ceiling: "#f4f8fa", floor: "#b9c6cf" }
    : {
        wall: pick(random, WALL_PAINTS),
        ceiling: "#d6d3cf",
        floor: pick(random, ["#9a9893", "#a9a59c", "#8e8c86"]),
      };
  let body = roomShell(c, paint) + floorPattern(c, paint.floor, false, 6);
  const beam = cold ? "#9fb3bf" : pick(random, [accent, "#e07a1f", "#2563eb", "#f59e0b"]);
  const levels = 3 + Math.floor(random() * 2);
  const depths = [1, 1.25, 1.55, 1.9, 2.35, 2.9];
  const rackDepth = 120;
  for (const side of [0, 1] as const) {
    const inner = side === 0 ? c.x0 + rackDepth : c.x1 - rackDepth;
    const outer = side === 0 ? c.x0 : c.x1;
    const [u0, u1] = side === 0 ? [outer, inner] : [inner, outer];
    for (let i = 0; i < depths.length - 1; i++) {
      const s0 = depths[i] as number;
      const s1 = depths[i + 1] as number;
      const levelHeight = (c.y1 - c.y0) / (levels + 0.4);
      for (let level = 0; level < levels; level++) {
        const base = level * levelHeight;
        // The shelf's deck, then its boxes: each as deep as the rack, a few along the bay, far ones first.
        body += poly(
          [
            at(c, s0, u0, c.y1 - base),
            at(c, s0, u1, c.y1 - base),
            at(c, s1, u1, c.y1 - base),
            at(c, s1, u0, c.y1 - base),
          ],
          shade(beam, -0.5),
          ' opacity="0.55"',
        );
        const count = 2 + Math.floor(random() * 2);
        const [far, near] = [1 / s0, 1 / s1];
        for (let box = 0; box < count; box++) {
          if (random() > 0.85) continue;
          const a = far + ((near - far) * (box + 0.08)) / count;
          const b = far + ((near - far) * (box + 0.92)) / count;
          const inset = between(random, 4, 18);
          body += cuboid(
            c,
            {
              u0: u0 + inset,
              u1: u1 - inset,
              s0: 1 / a,
              s1: 1 / b,
              height: levelHeight * between(random, 0.45, 0.8),
              base: base + 4,
              colour: cold ? pick(random, ["#e5e7eb", "#cbd5e1", "#93c5fd"]) : pick(random, CARDBOARD),
            },
            { shadow: false, tape: !cold },
          );
        }
        // The shelf's front beam.
        const beamQuad = [
          at(c, s0, inner, c.y1 - base),
          at(c, s1, inner, c.y1 - base),
          at(c, s1, inner, c.y1 - base - 10),
          at(c, s0, inner, c.y1 - base - 10),
        ];
        body += poly(beamQuad, beam);
      }
      const [ux, uy] = at(c, s1, inner, c.y1);
      const [, topY] = at(c, s1, inner, c.y1 - levels * ((c.y1 - c.y0) / (levels + 0.4)));
      body += `<rect x="${round(ux - 5 * s1)}" y="${round(topY)}" width="${round(10 * s1)}" height="${round(uy - topY)}" fill="${shade(beam, -0.35)}"/>`;
    }
  }
  for (const s of [1.3, 1.9, 2.8]) body += ceilingLamp(c, s, c.vx, 120);
  return { defs: roomPaint(paint), body };
}

const CAR_COLOURS = [
  "#f5f5f5",
  "#d1d5db",
  "#111827",
  "#9ca3af",
  "#7f1d1d",
  "#1e3a8a",
  "#b91c1c",
  "#e5e7eb",
  "#374151",
];

/**
 * A car parked across its bay (nose to the wall), its side towards the camera: between u0 and u1 (its length),
 * between depths s0..s1 (its width), `length` tall at most in the back plane's units.
 */
function car(c: Camera, random: Random, u0: number, u1: number, s0: number, s1: number): string {
  const colour = pick(random, CAR_COLOURS);
  const length = u1 - u0;
  const body = cuboid(c, { u0, u1, s0, s1, height: length * 0.17, base: length * 0.05, colour });
  const cabinDepth = (s1 - s0) * 0.1;
  const cabin = cuboid(
    c,
    {
      u0: u0 + length * 0.25,
      u1: u1 - length * 0.3,
      s0: s0 + cabinDepth,
      s1: s1 - cabinDepth,
      height: length * 0.11,
      base: length * 0.22,
      colour: "#273142",
    },
    { shadow: false },
  );
  const wheels = [0.18, 0.78]
    .map((at_) => {
      const [x, y] = at(c, s1 - cabinDepth, u0 + length * at_, c.y1 - length * 0.035);
      return `<circle cx="${round(x)}" cy="${round(y)}" r="${round(length * 0.055 * s1)}" fill="#151515"/>`;
    })
    .join("");
  const [gx0, gy] = at(c, s1, u0, c.y1);
  const [gx1] = at(c, s1, u1, c.y1);
  const shadow = `<ellipse cx="${round((gx0 + gx1) / 2)}" cy="${round(gy)}" rx="${round((gx1 - gx0) * 0.6)}" ry="${round((gx1 - gx0) * 0.06 + 4)}" fill="url(#shadow)"/>`;
  return `${shadow}${body}${cabin}${wheels}`;
}

/** A parking level seen down its driveway: bays on both sides with painted lines, pillars, some cars. */
function parkingScene(random: Random, accent: string, indoor: boolean): Scene {
  // A parking level is wide and low: two 5 m bays and a driveway under a 2.7 m ceiling, seen from eye height.
  const c = indoor
    ? cameraFor(random, between(random, 850, 1000), 0.45, 0.22)
    : cameraFor(random, between(random, 280, 340), 0.86);
  const paint = indoor
    ? {
        wall: pick(random, ["#c9c6c0", "#bfc3c7", "#d4d0c8"]),
        ceiling: "#a8a8a4",
        floor: pick(random, ["#7b7d80", "#8a8a86", "#6f7377"]),
      }
    : { wall: "#9ca3af", ceiling: "#ffffff", floor: pick(random, ["#5b5e63", "#66686b", "#4f5257"]) };
  let body: string;
  if (indoor) {
    body = roomShell(c, paint);
  } else {
    body = openAir(c, random);
  }
  const bay = (c.x1 - c.x0) * 0.3;
  // Bays 2.5 m wide for 5 m long, across the driveway, from the back wall to just past the bottom of the picture:
  // equal steps in the world are equal steps of 1/s (a focal length of about the picture's width).
  const step = (0.5 * bay) / W;
  const depths: number[] = [];
  for (let inverse = 1; inverse > 1 / (nearest(c) + 0.6); inverse -= step) depths.push(1 / inverse);
  const line = pick(random, ["#f5f5f4", "#facc15"]);
  for (const [u0, u1] of [
    [c.x0, c.x0 + bay],
    [c.x1 - bay, c.x1],
  ] as const) {
    const edge = u0 === c.x0 ? u1 : u0;
    body += `<line x1="${round(at(c, 1, edge, c.y1)[0])}" y1="${round(c.y1)}" x2="${round(at(c, 8, edge, c.y1)[0])}" y2="${round(at(c, 8, edge, c.y1)[1])}" stroke="${line}" stroke-width="5"/>`;
    for (const s of depths) {
      const a = at(c, s, u0, c.y1);
      const b = at(c, s, u1, c.y1);
      body += `<line x1="${round(a[0])}" y1="${round(a[1])}" x2="${round(b[0])}" y2="${round(b[1])}" stroke="${line}" stroke-width="${round(3 * s)}"/>`;
    }
  }
  // Cars and pillars, far to near so the nearer cover the farther.
  for (let i = 0; i < depths.length - 1; i++) {
    const s0 = depths[i] as number;
    const s1 = depths[i + 1] as number;
    // A car is 1.8 m of the bay's 2.5 m: trimmed by 0.14 of the bay's step of 1/s on each side.
    const trim = (1 / s0 - 1 / s1) * 0.14;
    const [near, far] = [1 / (1 / s1 + trim), 1 / (1 / s0 - trim)];
    const margin = bay * 0.06;
    if (random() < 0.6) body += car(c, random, c.x0 + margin, c.x0 + bay - margin * 2, far, near);
    if (random() < 0.6) body += car(c, random, c.x1 - bay + margin * 2, c.x1 - margin, far, near);
    if (indoor && i % 3 === 2) {
      for (const u of [c.x0 + bay + 10, c.x1 - bay - 60])
        body += cuboid(
          c,
          { u0: u, u1: u + 50, s0: s1 - 0.04, s1, height: c.y1 - c.y0, colour: "#c7c7c2" },
          { shadow: false },
        );
      const stripe = at(c, s1, c.x0 + bay + 10, c.y1 - 60);
      body += `<rect x="${round(stripe[0])}" y="${round(stripe[1] - 30 * s1)}" width="${round(50 * s1)}" height="${round(30 * s1)}" fill="${accent}"/>`;
    }
  }
  if (indoor) for (const s of [1.2, 1.7, 2.4, 3.3]) body += ceilingLamp(c, s, c.vx, 200);
  return { defs: roomPaint(paint), body };
}

/** A potted plant standing at x on the ground line. */
function pottedPlant(x: number, ground: number): string {
  return `<rect x="${round(x)}" y="${round(ground - 150)}" width="90" height="150" rx="10" fill="#6b4f3a"/><circle cx="${round(x + 45)}" cy="${round(ground - 190)}" r="80" fill="#4d7c0f"/><circle cx="${round(x + 15)}" cy="${round(ground - 230)}" r="45" fill="#65a30d" opacity="0.8"/>`;
}

/** A roller door in a wall, seen from the driveway, with a lamp above it. */
function garageScene(random: Random, accent: string): Scene {
  const wall = pick(random, ["#e7e1d6", "#d6d3d1", "#c8bfb0", "#e5e7eb", "#d9cbb5"]);
  const door = pick(random, ["#9ca3af", "#cbd5e1", "#e5e7eb", accent, "#a8a29e"]);
  const horizon = between(random, 820, 900);
  const x = between(random, 300, 480);
  const width = between(random, 760, 900);
  const top = between(random, 240, 320);
  // Half the walls are hollow blocks, their mortar lines showing through the paint.
  let blocks = "";
  if (random() < 0.5)
    for (let y = horizon - 40; y > 0; y -= 40)
      blocks += `<rect y="${round(y)}" width="${W}" height="3" fill="${shade(wall, -0.3)}" opacity="0.35"/>`;
  let slats = "";
  for (let y = top + 30; y < horizon; y += 26)
    slats += `<rect x="${round(x)}" y="${round(y)}" width="${round(width)}" height="4" fill="${shade(door, -0.25)}" opacity="0.8"/>`;
  const defs = `<linearGradient id="facade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${shade(wall, -0.25)}"/><stop offset="0.55" stop-color="${wall}"/><stop offset="1" stop-color="${shade(wall, -0.18)}"/></linearGradient>
  <linearGradient id="door" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(door, -0.2)}"/><stop offset="0.4" stop-color="${shade(door, 0.12)}"/><stop offset="1" stop-color="${shade(door, -0.15)}"/></linearGradient>
  <linearGradient id="drive" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8b8a86"/><stop offset="1" stop-color="#b5b2ab"/></linearGradient>`;
  const drive = poly(
    [
      [x - 40, horizon],
      [x + width + 40, horizon],
      [W + 200, H],
      [-200, H],
    ],
    "url(#drive)",
  );
  const body = `<rect width="${W}" height="${round(horizon)}" fill="url(#facade)"/>${blocks}
  <rect y="${round(horizon)}" width="${W}" height="${round(H - horizon)}" fill="#7c8a6b"/>${drive}
  <rect x="${round(x - 24)}" y="${round(top - 40)}" width="${round(width + 48)}" height="${round(horizon - top + 40)}" fill="${shade(wall, -0.4)}"/>
  <rect x="${round(x)}" y="${round(top)}" width="${round(width)}" height="${round(horizon - top)}" fill="url(#door)"/>${slats}
  <rect x="${round(x + width / 2 - 50)}" y="${round(horizon - 46)}" width="100" height="14" rx="4" fill="#374151"/>
  <rect x="${round(x + width / 2 - 30)}" y="${round(top - 110)}" width="60" height="34" rx="6" fill="#f8fafc"/>
  <ellipse cx="${round(x + width / 2)}" cy="${round(top - 40)}" rx="${round(width * 0.45)}" ry="160" fill="url(#glow)" opacity="0.7"/>
  <ellipse cx="${round(x + width / 2)}" cy="${round(horizon + 10)}" rx="${round(width * 0.55)}" ry="26" fill="url(#shadow)"/>
  ${random() < 0.6 ? pottedPlant(random() < 0.5 ? x - 200 : x + width + 80, horizon) : ""}`;
  return { defs, body };
}

/** Sky, a skyline and trees on the horizon, and the ground up to it: the outdoors around an open-air scene. */
function openAir(c: Camera, random: Random): string {
  const horizon = c.y1 - 4;
  const skyline = Array.from({ length: 10 }, (_, i) => {
    const x = i * 170 + between(random, -30, 30);
    const h = between(random, 30, 200);
    return `<rect x="${round(x)}" y="${round(horizon - h)}" width="${round(between(random, 110, 190))}" height="${round(h)}" fill="${pick(random, ["#cbd5e1", "#d6d3d1", "#b8c2cc", "#e2e8f0", "#c4b5a5"])}"/>`;
  }).join("");
  const trees = Array.from({ length: 8 }, () => {
    const x = between(random, 0, W);
    const r = between(random, 24, 60);
    return `<circle cx="${round(x)}" cy="${round(horizon - r * 0.6)}" r="${round(r)}" fill="${pick(random, ["#4d7c0f", "#3f6212", "#65a30d"])}"/>`;
  }).join("");
  return `<rect width="${W}" height="${round(horizon)}" fill="url(#sky)"/>${skyline}${trees}${poly(
    [
      [0, horizon],
      [W, horizon],
      [W, H],
      [0, H],
    ],
    "url(#floor)",
  )}`;
}

/** A shipping container in a gravel yard, seen at an angle. */
function containerScene(random: Random, accent: string): Scene {
  const c = cameraFor(random, 300, 0.86);
  const colour = pick(random, [accent, "#b5473a", "#1d4ed8", "#15803d", "#9a3412", "#64748b"]);
  const width = 70;
  const height = 78;
  const u0 = c.vx - width - between(random, 20, 60);
  const s1 = between(random, 4.2, 5.2);
  let body = openAir(c, random);
  body += cuboid(c, { u0, u1: u0 + width, s0: s1 - 2.6, s1, height, colour });
  let ribs = "";
  for (let u = u0 + 4; u < u0 + width - 2; u += 5) {
    const [ax, ay] = at(c, s1, u, c.y1 - height);
    const [, by] = at(c, s1, u, c.y1);
    ribs += `<line x1="${round(ax)}" y1="${round(ay)}" x2="${round(ax)}" y2="${round(by)}" stroke="${shade(colour, -0.3)}" stroke-width="7"/>`;
  }
  const paint = {
    wall: "#9ca3af",
    ceiling: "#ffffff",
    floor: pick(random, ["#a8a29e", "#b7ad9c", "#9a958c"]),
  };
  return { defs: roomPaint(paint), body: body + ribs };
}

/** The way in: a steel door with a keypad, or a gate, in a wall that fills the frame. */
function entranceScene(random: Random, accent: string): Scene {
  if (random() < 0.4) return garageScene(random, accent);
  const wall = pick(random, ["#e7e1d6", "#d4d4d0", "#cfc5b5", "#e8e6e1"]);
  const door = pick(random, ["#475569", "#8b5e3c", "#6b7280", accent]);
  const floorY = between(random, 900, 980);
  const x = between(random, 560, 760);
  const defs = `<linearGradient id="facade" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(wall, 0.1)}"/><stop offset="1" stop-color="${shade(wall, -0.25)}"/></linearGradient>
  <linearGradient id="door" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${shade(door, -0.15)}"/><stop offset="0.5" stop-color="${shade(door, 0.1)}"/><stop offset="1" stop-color="${shade(door, -0.2)}"/></linearGradient>`;
  const body = `<rect width="${W}" height="${round(floorY)}" fill="url(#facade)"/>
  <rect y="${round(floorY)}" width="${W}" height="${round(H - floorY)}" fill="#9e9a92"/>
  <rect x="${round(x - 30)}" y="200" width="480" height="${round(floorY - 200)}" fill="${shade(wall, -0.45)}"/>
  <rect x="${round(x)}" y="230" width="420" height="${round(floorY - 230)}" fill="url(#door)"/>
  <rect x="${round(x + 40)}" y="290" width="340" height="220" fill="${shade(door, -0.1)}" opacity="0.7"/>
  <rect x="${round(x + 330)}" y="${round(floorY * 0.6)}" width="26" height="90" rx="8" fill="#d4d4d4"/>
  <rect x="${round(x + 470)}" y="${round(floorY * 0.55)}" width="70" height="110" rx="8" fill="#1f2937"/>
  <rect x="${round(x + 482)}" y="${round(floorY * 0.55 + 14)}" width="46" height="20" fill="#22c55e" opacity="0.8"/>
  <rect x="${round(x + 130)}" y="140" width="160" height="44" rx="6" fill="#f8fafc"/>
  <ellipse cx="${round(x + 210)}" cy="${round(floorY + 8)}" rx="320" ry="24" fill="url(#shadow)"/>
  <ellipse cx="${round(x + 210)}" cy="180" rx="420" ry="200" fill="url(#glow)" opacity="0.6"/>`;
  return { defs, body };
}

/** A CCTV camera on a wall, close up. */
function securityScene(random: Random): Scene {
  const wall = pick(random, ["#d6d3d1", "#e7e5e4", "#cbd5e1", "#d9cbb5"]);
  const x = between(random, 700, 1000);
  const y = between(random, 260, 380);
  const tilt = between(random, 12, 26);
  const defs = `<linearGradient id="facade" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(wall, 0.12)}"/><stop offset="1" stop-color="${shade(wall, -0.3)}"/></linearGradient>
  <linearGradient id="camera" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#c7cbd1"/></linearGradient>`;
  const body = `<rect width="${W}" height="${H}" fill="url(#facade)"/>
  <rect x="${round(x - 60)}" y="${round(y - 40)}" width="150" height="60" rx="10" fill="#e5e7eb"/>
  <rect x="${round(x)}" y="${round(y)}" width="30" height="130" fill="#d1d5db"/>
  <g transform="rotate(${round(tilt)} ${round(x + 15)} ${round(y + 130)})">
    <ellipse cx="${round(x - 40)}" cy="${round(y + 250)}" rx="300" ry="40" fill="url(#shadow)" opacity="0.6"/>
    <rect x="${round(x - 260)}" y="${round(y + 100)}" width="340" height="120" rx="24" fill="url(#camera)" stroke="#9ca3af" stroke-width="4"/>
    <rect x="${round(x - 290)}" y="${round(y + 86)}" width="80" height="148" rx="16" fill="#e5e7eb"/>
    <circle cx="${round(x - 250)}" cy="${round(y + 160)}" r="42" fill="#111827"/><circle cx="${round(x - 250)}" cy="${round(y + 160)}" r="16" fill="#1d4ed8"/>
  </g>
  <rect x="${round(x - 520)}" y="${round(y + 420)}" width="300" height="180" rx="12" fill="#facc15" stroke="#1f2937" stroke-width="8"/>
  <rect x="${round(x - 480)}" y="${round(y + 460)}" width="220" height="30" fill="#1f2937"/>
  <rect x="${round(x - 480)}" y="${round(y + 515)}" width="160" height="22" fill="#1f2937" opacity="0.8"/>`;
  return { defs, body };
}

type Scene = { defs: string; body: string };

/**
 * The SVG of a scene, drawn on a 1600 × 1200 canvas and sized `width` wide: its shapes, the shared gradients (sky,
 * glow, shadow), a vignette and a small corner note.
 */
export function sceneSvg(
  name: SceneName,
  options: { seed: string; accent: string; indoor?: boolean; cold?: boolean; note: string; width: number },
): string {
  const random = randomFor(`${name}:${options.seed}`);
  const scene =
    name === "room"
      ? roomScene(random, options.accent)
      : name === "shelves"
        ? shelvesScene(random, options.accent, options.cold ?? false)
        : name === "garage"
          ? garageScene(random, options.accent)
          : name === "parking"
            ? parkingScene(random, options.accent, options.indoor ?? true)
            : name === "container"
              ? containerScene(random, options.accent)
              : name === "entrance"
                ? entranceScene(random, options.accent)
                : securityScene(random);
  const warmth = pick(random, ["#fff1d6", "#fff7e8", "#eef4ff"]);
  const height = Math.round((options.width * H) / W);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${options.width}" height="${height}" viewBox="0 0 ${W} ${H}">
  <defs>
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fa8dc"/><stop offset="1" stop-color="#e3eef7"/></linearGradient>
  <linearGradient id="daylight" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e0f2fe"/><stop offset="1" stop-color="#a5c8e4"/></linearGradient>
  <radialGradient id="glow"><stop offset="0" stop-color="#fffbe8" stop-opacity="0.85"/><stop offset="1" stop-color="#fffbe8" stop-opacity="0"/></radialGradient>
  <radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.38"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
  <radialGradient id="vignette" cx="0.5" cy="0.48" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient>
  ${scene.defs}
  </defs>
  <rect width="${W}" height="${H}" fill="#cfcac2"/>
  ${scene.body}
  <rect width="${W}" height="${H}" fill="${warmth}" opacity="0.12"/>
  <rect width="${W}" height="${H}" fill="url(#vignette)"/>
  <rect x="${W - 250}" y="${H - 62}" width="226" height="40" rx="20" fill="#000" opacity="0.4"/>
  <text x="${W - 137}" y="${H - 34}" font-family="DejaVu Sans, sans-serif" font-size="22" text-anchor="middle" fill="#fff">${options.note}</text>
</svg>`;
}

/**
 * The use cases ("segments") the storage and parking landing pages are written for, in one place: each segment
 * drives its page (/storage/<slug> or /parking/<slug>), the cards that link to it, and the old "solution" addresses
 * (/solutions/<solution>) that redirect to it permanently (docs/product.md, Redirects). Plain data and lookups, no
 * React.
 */
import type { ParkingKind, SpaceType, StorageKind } from "~/domain/vocabulary";

type SegmentCommon = {
  /** The page's path segment: /storage/<slug> or /parking/<slug>. */
  slug: string;
  /** The old /solutions/<solution> addresses that redirect here. */
  solutions: readonly string[];
  /** Short name, for cards and links. */
  name: string;
  /** The page's heading (and title). */
  heading: string;
  /** The meta description, and the card's text. */
  summary: string;
  /** The page's opening paragraph. */
  intro: string;
  /** Who and what the segment is for. */
  goodFor: readonly string[];
  /** Practical advice before booking. */
  tips: readonly string[];
};

export type StorageSegment = SegmentCommon & { type: "storage"; kinds: readonly StorageKind[] };
export type ParkingSegment = SegmentCommon & { type: "parking"; kinds: readonly ParkingKind[] };
export type Segment = StorageSegment | ParkingSegment;

export const SEGMENTS: readonly Segment[] = [
  {
    type: "storage",
    slug: "household",
    solutions: ["household-storage", "moving-storage"],
    name: "Household storage",
    heading: "Household storage near your home",
    summary:
      "Keep furniture, appliances and boxes safe while you move, renovate or make room — in a neighbour's spare room or garage.",
    intro:
      "Moving to a smaller unit, renovating, or simply out of space? Rent a spare room, garage or attic from a host in your city and keep your things close by, for a few weeks or for as long as you need.",
    goodFor: [
      "Furniture and appliances while you move or renovate",
      "Seasonal things: Christmas décor, electric fans, camping gear",
      "Keepsakes and family items you are not ready to let go of",
      "Keeping things off the floor during the rainy season",
    ],
    kinds: ["spareRoom", "garage", "attic", "basement", "emptyApartment", "container"],
    tips: [
      "Make a list of what you will store and its rough size; hosts price by the whole space or by the square meter.",
      "Ask the host how often you can get to your things and with how much notice.",
      "Wrap furniture and use sealed plastic boxes against dust and humidity.",
      "Visit the space before you book: check for leaks, the lock, and whether the area floods.",
    ],
  },
  {
    type: "storage",
    slug: "business",
    solutions: ["business-storage", "inventory-storage"],
    name: "Business storage",
    heading: "Storage space for your business",
    summary:
      "Warehouse corners, shelf space and stockrooms for online sellers, shops and offices — by the pallet, the square meter or the whole space.",
    intro:
      "Whether you sell online, run a sari-sari store or need room for files and equipment, rent exactly the space your stock needs, close to your customers and couriers, without a long warehouse lease.",
    goodFor: [
      "Stock for online sellers and resellers",
      "Overflow inventory for shops and restaurants",
      "Office files, archives and equipment",
      "Event materials, displays and tools between jobs",
    ],
    kinds: ["warehouseSpace", "commercialSpace", "officeSpace", "shelfSpace", "container", "coldStorage"],
    tips: [
      "Renting by the pallet or the cubic meter lets you pay only for what you store, and grow later.",
      "Check loading access: the road, the gate's opening hours, and whether a truck or van can park.",
      "For food or medicine, look for cold storage and ask about temperature records.",
      "Keep an up-to-date list of your stock with photos; it helps at move-out.",
    ],
  },
  {
    type: "storage",
    slug: "balikbayan-boxes",
    solutions: ["balikbayan-box-storage"],
    name: "Balikbayan box storage",
    heading: "Storage for balikbayan boxes",
    summary:
      "A safe, dry place for balikbayan boxes while you fill them, wait for the forwarder or sort what arrived from abroad.",
    intro:
      "For OFW families and returning Filipinos: keep balikbayan boxes somewhere dry and secure while you collect what goes in them, wait for the pick-up, or sort a delivery before sharing it with family.",
    goodFor: [
      "Filling boxes over several weeks before the forwarder collects them",
      "Boxes that arrived before you did",
      "Sharing out a delivery among relatives in different cities",
      "Keeping pasalubong safe through the holidays",
    ],
    kinds: ["spareRoom", "garage", "shelfSpace", "container"],
    tips: [
      "Standard boxes stack well: a shelf space or a small corner by the cubic meter is often enough.",
      "Choose a host close to your forwarder or to the family who will pick the boxes up.",
      "Label each box with your name and phone number and keep a list of what is inside.",
      "Tell the host who is allowed to collect the boxes for you.",
    ],
  },
  {
    type: "storage",
    slug: "student",
    solutions: ["student-storage"],
    name: "Student storage",
    heading: "Student storage between terms",
    summary:
      "Leave your dorm or boarding-house things near campus over the break, and pick them up when classes start.",
    intro:
      "Going home for the semestral or summer break? Instead of carrying everything back to the province, store your things near the university belt or your campus and pick them up when the next term starts.",
    goodFor: [
      "Dorm and boarding-house things over the break",
      "Books, a study table, an electric fan, a bicycle",
      "Moving between boarding houses",
      "Students on an exchange or internship far from campus",
    ],
    kinds: ["shelfSpace", "spareRoom", "livingRoom", "attic", "garage"],
    tips: [
      "Share a space with classmates and split the rent.",
      "Book early before the break: spaces near campuses fill up at the end of the term.",
      "Pack small boxes you can carry yourself; note the host's access hours for move-in day.",
    ],
  },
  {
    type: "parking",
    slug: "full-month",
    solutions: ["monthly-parking", "long-term-parking"],
    name: "Monthly parking",
    heading: "Monthly parking, all month long",
    summary:
      "A parking slot that is yours every day of the month: condo, office and home garages near where you live or work.",
    intro:
      "Tired of looking for parking every morning? Rent a slot for the whole month — at a condo, an office building or a home garage — and park there any day and any time the host allows.",
    goodFor: [
      "Condo residents without a slot of their own",
      "Daily commuters who drive to the office",
      "A second car, a motorcycle or a service vehicle",
      "Keeping a car off the street while you work abroad",
    ],
    kinds: ["condo", "officeParking", "garage", "carport", "commercialParking", "emptyLot"],
    tips: [
      "Check the slot's size against your vehicle, including its height for basement parking.",
      "Ask about access: gate hours, a parking sticker or card, and guest rules at condos.",
      "Choosing every day of the week books the listing's monthly price; fewer days are charged per day.",
      "Renew month to month, or book several months ahead for a discount when the host offers one.",
    ],
  },
];

/** The segments of one type of space, in the order above. */
export function segmentsOf<T extends SpaceType>(type: T): Extract<Segment, { type: T }>[] {
  return SEGMENTS.filter((segment): segment is Extract<Segment, { type: T }> => segment.type === type);
}

/** The segment at /<type>/<slug>, if there is one. */
export function findSegment(type: SpaceType, slug: string | undefined): Segment | undefined {
  return SEGMENTS.find((segment) => segment.type === type && segment.slug === slug);
}

/** A segment's page: /storage/household, /parking/full-month. */
export function segmentPath(segment: Pick<Segment, "type" | "slug">): string {
  return `/${segment.type}/${segment.slug}`;
}

/** Where an old /solutions/<solution> address leads now, if anywhere. */
export function solutionTarget(solution: string | undefined): string | undefined {
  const segment = SEGMENTS.find((candidate) => solution && candidate.solutions.includes(solution));
  return segment ? segmentPath(segment) : undefined;
}

/** Every /solutions/<solution> address with its target. */
export function solutionRedirects(): { from: string; to: string }[] {
  return SEGMENTS.flatMap((segment) =>
    segment.solutions.map((solution) => ({ from: `/solutions/${solution}`, to: segmentPath(segment) })),
  );
}

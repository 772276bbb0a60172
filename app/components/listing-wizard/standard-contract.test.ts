import { describe, expect, it } from "vitest";
import { NO_READINESS } from "~/domain/flood-readiness";
import { type ContractSource, contractDetails } from "./standard-contract";

const room: ContractSource = {
  _id: "6f1c1f3e-2c4b-4a57-9d65-0c1b7f0a9a11",
  storageType: "storage",
  kind: "spareRoom",
  spaceTitle: "Dry room",
  description: null,
  size: { length: 3, width: 2, height: 2.5, area: 6, volume: 15 },
  vehicleSize: null,
  unitOfRental: "sqm",
  rentMode: { entireSpace: true },
  unitsAvailable: 1,
  features: [],
  accessOption: "24 hours notice",
  rentalDurations: ["1_month", "6_months"],
  listingPrice: 350_000,
  pricePerSquareMeter: 58_333,
  perMonthPrice: 350_000,
  dailyPrice: null,
  depositRequired: true,
  quickMoveIn: false,
  readiness: { ...NO_READINESS, floodSafe: false },
  firstMonthDiscount: true,
  spacePhotos: [],
  coverPhotoIndex: 0,
  floorplan: null,
  address: { city: "Makati", citySlug: "makati", barangay: "Poblacion", province: "Metro Manila" },
  contract: { type: "standard" },
  streetAddress: "27 Don Pedro Street",
};

describe("contractDetails", () => {
  it("fills the contract in with a storage listing's details, in the reader's unit", () => {
    expect(contractDetails(room, "Bea Villanueva", "meter")).toEqual({
      hostName: "Bea Villanueva",
      typeLabel: "Storage",
      kind: "Spare room",
      address: "27 Don Pedro Street, Poblacion, Makati, Metro Manila",
      size: "3.0 × 2.0 × 2.5 m; 6.0 sq m; 15.0 cu m",
      units: "the entire space",
      monthlyPrice: "₱3,500.00 a month for the entire space",
      dailyPrice: null,
      deposit: "one month's price, for bookings of 2 months or more",
      discount:
        "half of one month's price off the first month for bookings of 6 months or more (₱1,750.00 for the entire space)",
      access: "With 24 hours' notice",
      durations: "1 month, 6 months",
    });
    expect(contractDetails(room, "Bea", "feet").size).toBe("9.8 × 6.6 × 8.2 ft; 64.6 sq ft; 529.7 cu ft");
  });

  it("gives a parking slot's vehicle, slots, daily price and one-month deposit", () => {
    const slot = contractDetails(
      {
        ...room,
        storageType: "parking",
        kind: "condo",
        size: null,
        vehicleSize: "sedan",
        unitsAvailable: 2,
        listingPrice: 400_000,
        dailyPrice: 15_000,
        firstMonthDiscount: false,
        streetAddress: null,
      },
      "Bea",
      "meter",
    );
    expect(slot).toMatchObject({
      typeLabel: "Parking",
      kind: "Condo",
      address: "Poblacion, Makati, Metro Manila",
      size: "fits vehicles up to: Sedan or hatchback",
      units: "2 parking slots",
      monthlyPrice: "₱4,000.00 a month for one parking slot",
      dailyPrice: "₱150.00 a day",
      deposit: "one month's price, for bookings of 1 month or more",
      discount: "none",
    });
  });

  it("counts the units of a space rented by the unit", () => {
    const shelves = {
      ...room,
      rentMode: { entireSpace: false },
      unitOfRental: "pallet" as const,
      unitsAvailable: 4,
    };
    expect(contractDetails(shelves, "Bea", "meter").units).toBe("4 pallets, each priced separately");
    expect(contractDetails({ ...shelves, unitsAvailable: 1 }, "Bea", "meter").units).toBe(
      "1 pallet, each priced separately",
    );
  });

  it("leaves out what a draft does not have yet", () => {
    const draft = contractDetails(
      { ...room, kind: null, size: null, listingPrice: null, accessOption: null, rentalDurations: [] },
      "Bea",
      "meter",
    );
    expect(draft).toMatchObject({ kind: "", size: "", monthlyPrice: "", access: "", durations: "" });
  });
});

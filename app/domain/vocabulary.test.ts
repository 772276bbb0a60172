import { describe, expect, it } from "vitest";
import {
  ACCESS_OPTIONS,
  CODE_CHAR,
  CODE_TEXT,
  DEFAULT_LENGTH_UNIT,
  durationLength,
  isAccessOption,
  isAllowedChar,
  isAllowedText,
  isKindFor,
  isLengthUnit,
  isParkingKind,
  isPriceBasis,
  isRentalDuration,
  isRentalUnit,
  isSpaceKind,
  isSpaceType,
  isStorageKind,
  isValueOf,
  KEY_FILTER_CHAR,
  KEY_FILTER_TEXT,
  KEY_FILTERS,
  kindLabel,
  kindOptionsFor,
  kindsFor,
  LABEL_CHAR,
  LABEL_TEXT,
  LENGTH_UNITS,
  labelOf,
  NAME_CHAR,
  NAME_TEXT,
  optionsOf,
  PARKING_KINDS,
  PRICE_BASES,
  parseValue,
  priceBasisOf,
  RENTAL_DURATION_LENGTHS,
  RENTAL_DURATIONS,
  RENTAL_UNITS,
  SPACE_TYPES,
  STORAGE_KINDS,
  typesOfKind,
  VOCABULARIES,
  VOCABULARY_LABELS,
  type VocabularyName,
} from "./vocabulary";

describe("the product's lists, exactly and in order", () => {
  it("space types", () => {
    expect(SPACE_TYPES).toEqual(["storage", "parking"]);
  });

  it("storage kinds", () => {
    expect(STORAGE_KINDS).toEqual([
      "officeSpace",
      "commercialSpace",
      "emptyApartment",
      "spareRoom",
      "attic",
      "basement",
      "garage",
      "livingRoom",
      "shelfSpace",
      "container",
      "warehouseSpace",
      "coldStorage",
    ]);
  });

  it("parking kinds", () => {
    expect(PARKING_KINDS).toEqual([
      "condo",
      "officeParking",
      "emptyLot",
      "garage",
      "mall",
      "hotel",
      "store",
      "commercialParking",
      "carport",
    ]);
  });

  it("rental units, and the price bases that add the entire space", () => {
    expect(RENTAL_UNITS).toEqual(["sqm", "cbm", "pallet"]);
    expect(PRICE_BASES).toEqual(["sqm", "cbm", "pallet", "entireSpace"]);
  });

  it("length units", () => {
    expect(LENGTH_UNITS).toEqual(["meter", "feet"]);
    expect(DEFAULT_LENGTH_UNIT).toBe("meter");
  });

  it("rental durations: daily, week, 1 to 6 months, 1 year", () => {
    expect(RENTAL_DURATIONS).toEqual([
      "daily",
      "week",
      "1_month",
      "2_months",
      "3_months",
      "4_months",
      "5_months",
      "6_months",
      "1_year",
    ]);
  });

  it("access options, written as the product rules write them", () => {
    expect(ACCESS_OPTIONS).toEqual(["all_time", "24 hours notice", "week", "month"]);
  });

  it("no list repeats a value", () => {
    for (const list of Object.values(VOCABULARIES)) expect(new Set(list).size).toBe(list.length);
  });

  it("garage is both a storage and a parking kind", () => {
    expect(STORAGE_KINDS).toContain("garage");
    expect(PARKING_KINDS).toContain("garage");
    expect(isStorageKind("garage")).toBe(true);
    expect(isParkingKind("garage")).toBe(true);
  });
});

describe("labels", () => {
  const names = Object.keys(VOCABULARIES) as VocabularyName[];

  it.each(names)("%s: a non-empty label for every value and nothing else", (name) => {
    const values: readonly string[] = VOCABULARIES[name];
    const labels: Record<string, string> = VOCABULARY_LABELS[name];
    expect(Object.keys(labels).sort()).toEqual([...values].sort());
    for (const value of values) {
      expect(labels[value]?.trim()).toBeTruthy();
      expect(labelOf(name, value as never)).toBe(labels[value]);
    }
  });

  it("reads the way a host would", () => {
    expect(labelOf("storageKind", "officeSpace")).toBe("Office space");
    expect(labelOf("storageKind", "coldStorage")).toBe("Cold storage");
    expect(labelOf("parkingKind", "emptyLot")).toBe("Empty lot");
    expect(labelOf("spaceType", "parking")).toBe("Parking");
    expect(labelOf("rentalUnit", "sqm")).toBe("per square meter");
    expect(labelOf("rentalUnit", "cbm")).toBe("per cubic meter");
    expect(labelOf("rentalUnit", "pallet")).toBe("per pallet");
    expect(labelOf("priceBasis", "entireSpace")).toBe("for the entire space");
    expect(labelOf("lengthUnit", "feet")).toBe("Feet");
  });

  it("labels the rental durations", () => {
    expect(RENTAL_DURATIONS.map((d) => labelOf("rentalDuration", d))).toEqual([
      "Daily",
      "Weekly",
      "1 month",
      "2 months",
      "3 months",
      "4 months",
      "5 months",
      "6 months",
      "1 year",
    ]);
  });

  it("labels the access options, and tells week the access option from week the duration", () => {
    expect(ACCESS_OPTIONS.map((a) => labelOf("accessOption", a))).toEqual([
      "Any time",
      "With 24 hours' notice",
      "Once a week",
      "Once a month",
    ]);
    expect(labelOf("rentalDuration", "week")).toBe("Weekly");
  });

  it("labels a kind without its type, garage included", () => {
    expect(kindLabel("garage")).toBe("Garage");
    expect(kindLabel("livingRoom")).toBe("Living room");
    expect(kindLabel("commercialParking")).toBe("Commercial parking");
  });

  it("gives choices in the product's order", () => {
    expect(optionsOf("accessOption")[1]).toEqual({
      value: "24 hours notice",
      label: "With 24 hours' notice",
    });
    expect(optionsOf("lengthUnit")).toEqual([
      { value: "meter", label: "Meters" },
      { value: "feet", label: "Feet" },
    ]);
    expect(kindOptionsFor("parking").map((o) => o.value)).toEqual([...PARKING_KINDS]);
    expect(kindOptionsFor("storage")[6]).toEqual({ value: "garage", label: "Garage" });
  });
});

describe("guards and parsing", () => {
  it("accept exactly the lists' values", () => {
    expect(isSpaceType("storage")).toBe(true);
    expect(isSpaceType("Storage")).toBe(false);
    expect(isStorageKind("attic")).toBe(true);
    expect(isStorageKind("carport")).toBe(false);
    expect(isParkingKind("carport")).toBe(true);
    expect(isParkingKind("attic")).toBe(false);
    expect(isSpaceKind("attic")).toBe(true);
    expect(isSpaceKind("carport")).toBe(true);
    expect(isSpaceKind("garden")).toBe(false);
    expect(isRentalUnit("pallet")).toBe(true);
    expect(isRentalUnit("entireSpace")).toBe(false);
    expect(isPriceBasis("entireSpace")).toBe(true);
    expect(isLengthUnit("feet")).toBe(true);
    expect(isLengthUnit("foot")).toBe(false);
    expect(isRentalDuration("6_months")).toBe(true);
    expect(isRentalDuration("7_months")).toBe(false);
    expect(isAccessOption("24 hours notice")).toBe(true);
    expect(isAccessOption("24_hours_notice")).toBe(false);
  });

  it("refuse what is not a string, and do not trim", () => {
    for (const value of [undefined, null, 1, {}, ["sqm"], " sqm", "sqm "]) {
      expect(isRentalUnit(value)).toBe(false);
      expect(isValueOf("rentalUnit", value)).toBe(false);
    }
    expect(isSpaceKind("toString")).toBe(false);
  });

  it("parse a value or give undefined", () => {
    expect(parseValue("accessOption", "month")).toBe("month");
    expect(parseValue("accessOption", "daily")).toBeUndefined();
    expect(parseValue("rentalDuration", "daily")).toBe("daily");
    expect(parseValue("spaceType", 42)).toBeUndefined();
  });
});

describe("kinds by space type", () => {
  it("lists each type's kinds", () => {
    expect(kindsFor("storage")).toBe(STORAGE_KINDS);
    expect(kindsFor("parking")).toBe(PARKING_KINDS);
  });

  it("knows that garage belongs to both types and every other kind to one", () => {
    expect(typesOfKind("garage")).toEqual(["storage", "parking"]);
    expect(typesOfKind("basement")).toEqual(["storage"]);
    expect(typesOfKind("mall")).toEqual(["parking"]);
  });

  it("validates a kind against its listing's type", () => {
    expect(isKindFor("storage", "garage")).toBe(true);
    expect(isKindFor("parking", "garage")).toBe(true);
    expect(isKindFor("storage", "spareRoom")).toBe(true);
    expect(isKindFor("parking", "spareRoom")).toBe(false);
    expect(isKindFor("storage", "emptyLot")).toBe(false);
    expect(isKindFor("parking", "emptyLot")).toBe(true);
    expect(isKindFor("boat", "garage")).toBe(false);
    expect(isKindFor(undefined, undefined)).toBe(false);
  });
});

describe("price basis and durations", () => {
  it("prices an entire space as a whole, otherwise per unit", () => {
    expect(priceBasisOf({ unitOfRental: "cbm", entireSpace: true })).toBe("entireSpace");
    expect(priceBasisOf({ unitOfRental: "cbm", entireSpace: false })).toBe("cbm");
  });

  it("gives each duration its days or months", () => {
    expect(durationLength("daily")).toEqual({ unit: "days", count: 1 });
    expect(durationLength("week")).toEqual({ unit: "days", count: 7 });
    expect(durationLength("1_month")).toEqual({ unit: "months", count: 1 });
    expect(durationLength("6_months")).toEqual({ unit: "months", count: 6 });
    expect(durationLength("1_year")).toEqual({ unit: "months", count: 12 });
    expect(Object.keys(RENTAL_DURATION_LENGTHS)).toEqual([...RENTAL_DURATIONS]);
    for (let n = 1; n <= 6; n++) {
      const code = RENTAL_DURATIONS[n + 1];
      expect(code && durationLength(code)).toEqual({ unit: "months", count: n });
    }
  });
});

describe("key-press filters (docs/product.md, Key-press filters)", () => {
  const letters = ["a", "z", "A", "Z", "ñ", "Ñ"];
  const digits = ["0", "5", "9"];
  const alwaysRefused = [".", ",", "'", "@", "#", "/", "\\", "+", "é", "ü", "😀", "\t", "\n", "", "ab", "--"];

  it("label: letters, digits, hyphen, underscore and space", () => {
    for (const ch of [...letters, ...digits, "-", "_", " "]) expect(isAllowedChar("label", ch)).toBe(true);
    for (const ch of alwaysRefused) expect(isAllowedChar("label", ch)).toBe(false);
  });

  it("name: letters, hyphen and underscore", () => {
    for (const ch of [...letters, "-", "_"]) expect(isAllowedChar("name", ch)).toBe(true);
    for (const ch of [...digits, " ", ...alwaysRefused]) expect(isAllowedChar("name", ch)).toBe(false);
  });

  it("code: letters, digits, hyphen and underscore", () => {
    for (const ch of [...letters, ...digits, "-", "_"]) expect(isAllowedChar("code", ch)).toBe(true);
    for (const ch of [" ", ...alwaysRefused]) expect(isAllowedChar("code", ch)).toBe(false);
  });

  it("the one-character patterns match one character only", () => {
    for (const pattern of [LABEL_CHAR, NAME_CHAR, CODE_CHAR]) {
      expect(pattern.test("a")).toBe(true);
      expect(pattern.test("aa")).toBe(false);
      expect(pattern.test("")).toBe(false);
    }
  });

  it("checks whole values the way the server does", () => {
    expect(isAllowedText("label", "Bodega sa Quezon City 2-B")).toBe(true);
    expect(isAllowedText("label", "Unit 3, Makati")).toBe(false);
    expect(isAllowedText("name", "Peñafrancia")).toBe(true);
    expect(isAllowedText("name", "MUÑOZ")).toBe(true);
    expect(isAllowedText("name", "Anne-Marie")).toBe(true);
    expect(isAllowedText("name", "Dela Cruz")).toBe(false);
    expect(isAllowedText("name", "Juan2")).toBe(false);
    expect(isAllowedText("code", "MARIA-7KQ2")).toBe(true);
    expect(isAllowedText("code", "123-456-789-000")).toBe(true);
    expect(isAllowedText("code", "MARIA 7KQ2")).toBe(false);
    expect(LABEL_TEXT.test("<script>")).toBe(false);
    expect(NAME_TEXT.test("O'Brien")).toBe(false);
    expect(CODE_TEXT.test("a_b")).toBe(true);
  });

  it("treats an ñ typed as n + combining tilde as ñ", () => {
    const decomposed = "n\u0303";
    expect(isAllowedChar("name", decomposed)).toBe(true);
    expect(isAllowedText("name", `Pe${decomposed}a`)).toBe(true);
  });

  it("leaves required-ness to the required rules: an empty value passes", () => {
    for (const filter of KEY_FILTERS) expect(isAllowedText(filter, "")).toBe(true);
  });

  it("has both patterns for every filter, stateless between calls", () => {
    for (const filter of KEY_FILTERS) {
      const char = KEY_FILTER_CHAR[filter];
      const text = KEY_FILTER_TEXT[filter];
      expect(char.global || char.sticky || text.global || text.sticky).toBe(false);
      expect([char.test("x"), char.test("x")]).toEqual([true, true]);
    }
  });
});

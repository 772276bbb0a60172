import { doublePrecision, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";

/** Places of the Philippines: the cities and barangays addresses and listings name (reference data, app/seed). */

/**
 * A postal address in the Philippines (docs/product.md, Validation texts: line 1, line 2, city, barangay, province,
 * house number, street).
 */
export type PostalAddress = {
  addressLine1: string;
  addressLine2: string;
  city: string;
  barangay: string;
  province: string;
  houseNumber: string;
  street: string;
};

export const cities = pgTable(
  "cities",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    province: text("province").notNull(),
    region: text("region").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
  },
  (table) => [uniqueIndex("cities_slug_key").on(table.slug)],
);

export const barangays = pgTable(
  "barangays",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    cityId: integer("city_id")
      .notNull()
      .references(() => cities.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
  },
  (table) => [uniqueIndex("barangays_city_name_key").on(table.cityId, table.name)],
);

export type City = typeof cities.$inferSelect;

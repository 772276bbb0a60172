/**
 * The one Postgres schema of Space Solution, one file per group of tables. Later features add their tables to a
 * group (or a new file listed here); drizzle-kit reads this index and writes the migrations (drizzle.config.ts).
 */
export * from "./bookings";
export * from "./condition-reports";
export * from "./contact";
export * from "./conversations";
export * from "./deposits";
export * from "./enquiries";
export * from "./feedback";
export * from "./jobs";
export * from "./operators";
export * from "./payments";
export * from "./payouts";
export * from "./places";
export * from "./push";
export * from "./reports";
export * from "./resolutions";
export * from "./reviews";
export * from "./sessions";
export * from "./spaces";
export * from "./uploads";
export * from "./users";
export * from "./vouchers";
export * from "./webhooks";

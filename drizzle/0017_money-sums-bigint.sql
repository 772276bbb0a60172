-- Money columns that hold sums (what a booking was paid and refunded over its life, a host's weekly payout, a ledger
-- movement, a capture of any amount a provider reports, a bill's total) are bigint: a 32-bit integer ends at
-- ₱21,474,836.47, and one host owed more made the weekly payout batch fail for every host
-- (docs/decisions/0038-money-promises.md).
ALTER TABLE "bookings" ALTER COLUMN "paid" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "refunded" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "total" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "amount" SET DATA TYPE bigint;
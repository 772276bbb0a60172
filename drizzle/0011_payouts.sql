CREATE TABLE "host_earnings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"host_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"rent" integer NOT NULL,
	"space_solution_fee" integer NOT NULL,
	"voucher_funded" integer DEFAULT 0 NOT NULL,
	"payable_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payout_id" uuid,
	CONSTRAINT "host_earnings_money" CHECK ("host_earnings"."rent" >= 0 and "host_earnings"."space_solution_fee" >= 0 and "host_earnings"."voucher_funded" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"week_of" date NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payout_batches_paid_with_reference" CHECK (("payout_batches"."state" = 'paid') = ("payout_batches"."reference" is not null and "payout_batches"."paid_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "payout_methods" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"bank_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_methods_bank_name" CHECK (("payout_methods"."method" = 'bank') = ("payout_methods"."bank_name" is not null))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"host_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"bank_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "host_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "host_earnings" ADD CONSTRAINT "host_earnings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_earnings" ADD CONSTRAINT "host_earnings_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_earnings" ADD CONSTRAINT "host_earnings_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "host_earnings_booking_period_idx" ON "host_earnings" USING btree ("booking_id","period_start");--> statement-breakpoint
CREATE INDEX "host_earnings_host_unbatched_idx" ON "host_earnings" USING btree ("host_id") WHERE "host_earnings"."payout_id" is null;--> statement-breakpoint
CREATE INDEX "host_earnings_payout_id_idx" ON "host_earnings" USING btree ("payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_week_of_idx" ON "payout_batches" USING btree ("week_of");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_batch_host_idx" ON "payouts" USING btree ("batch_id","host_id");--> statement-breakpoint
CREATE INDEX "payouts_host_id_idx" ON "payouts" USING btree ("host_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_host_id_idx" ON "ledger_entries" USING btree ("host_id","account");
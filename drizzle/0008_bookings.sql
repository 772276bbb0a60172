-- Written by hand (drizzle-kit does not model these): the extension behind the exclusion constraint below.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE TABLE "booking_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"booking_id" uuid NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"event" text NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" uuid,
	"reason" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_holds" (
	"booking_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"during" daterange NOT NULL,
	CONSTRAINT "booking_holds_weekday" CHECK ("booking_holds"."weekday" between 0 and 6)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"renter_id" uuid NOT NULL,
	"host_id" uuid NOT NULL,
	"state" text NOT NULL,
	"type" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"duration" text NOT NULL,
	"quantity" integer NOT NULL,
	"weekdays" smallint[],
	"months" integer NOT NULL,
	"first_month_price" integer NOT NULL,
	"deposits" integer NOT NULL,
	"first_month_discount" integer NOT NULL,
	"space_solution_fee" integer NOT NULL,
	"voucher" integer DEFAULT 0 NOT NULL,
	"due" integer NOT NULL,
	"monthly_unit_price" integer NOT NULL,
	"fee_rate_basis_points" integer NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"paid_through" date,
	"notice_given_on" date,
	"auto_accept_extension" boolean DEFAULT false NOT NULL,
	"extension" jsonb,
	"payment_method" text,
	"message_for_keeper" text,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_dates_in_order" CHECK ("bookings"."end_date" >= "bookings"."start_date"),
	CONSTRAINT "bookings_quantity_positive" CHECK ("bookings"."quantity" > 0),
	CONSTRAINT "bookings_money_not_negative" CHECK ("bookings"."first_month_price" >= 0 and "bookings"."deposits" >= 0 and "bookings"."first_month_discount" >= 0 and "bookings"."space_solution_fee" >= 0 and "bookings"."voucher" >= 0 and "bookings"."due" >= 0 and "bookings"."paid" >= 0 and "bookings"."refunded" >= 0),
	CONSTRAINT "bookings_refund_within_paid" CHECK ("bookings"."refunded" <= "bookings"."paid")
);
--> statement-breakpoint
CREATE TABLE "reservation_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"notes" text,
	"photo_upload_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_items_quantity_positive" CHECK ("storage_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" uuid NOT NULL,
	"account" text NOT NULL,
	"amount" integer NOT NULL,
	"kind" text NOT NULL,
	"booking_id" uuid,
	"payment_id" uuid,
	"refund_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_not_zero" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"amount" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"method" text,
	"idempotency_key" text NOT NULL,
	"checkout_reference" text,
	"checkout_url" text,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"provider_payment_id" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_holds" ADD CONSTRAINT "booking_holds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_holds" ADD CONSTRAINT "booking_holds_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_renter_id_users_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_drafts" ADD CONSTRAINT "reservation_drafts_renter_id_users_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_drafts" ADD CONSTRAINT "reservation_drafts_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_items" ADD CONSTRAINT "storage_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_items" ADD CONSTRAINT "storage_items_photo_upload_id_uploads_id_fk" FOREIGN KEY ("photo_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_history_booking_id_idx" ON "booking_history" USING btree ("booking_id","id");--> statement-breakpoint
CREATE INDEX "booking_holds_booking_id_idx" ON "booking_holds" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "bookings_space_id_idx" ON "bookings" USING btree ("space_id","state");--> statement-breakpoint
CREATE INDEX "bookings_renter_id_idx" ON "bookings" USING btree ("renter_id");--> statement-breakpoint
CREATE INDEX "bookings_host_id_idx" ON "bookings" USING btree ("host_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_drafts_renter_space_idx" ON "reservation_drafts" USING btree ("renter_id","space_id");--> statement-breakpoint
CREATE INDEX "storage_items_user_id_idx" ON "storage_items" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_entry_id_idx" ON "ledger_entries" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_booking_id_idx" ON "ledger_entries" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key_idx" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_checkout_reference_idx" ON "payments" USING btree ("provider","checkout_reference");--> statement-breakpoint
CREATE INDEX "payments_booking_id_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key_idx" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "refunds_payment_id_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
-- Written by hand. No date is sold twice (docs/product.md, Booking lifecycle): two holds of one space and weekday never
-- overlap, whatever two requests race.
ALTER TABLE "booking_holds" ADD CONSTRAINT "booking_holds_no_overlap" EXCLUDE USING gist ("space_id" WITH =, "weekday" WITH =, "during" WITH &&);
--> statement-breakpoint
-- Written by hand. The ledger balances: at commit, the rows of each entry touched add up to zero.
CREATE FUNCTION ledger_entry_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE entry_id = NEW.entry_id) <> 0 THEN
    RAISE EXCEPTION 'ledger entry % does not balance', NEW.entry_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balance" AFTER INSERT OR UPDATE ON "ledger_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_balances();
--> statement-breakpoint
-- The ledger is append-only.
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are never changed or deleted' USING ERRCODE = 'check_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();

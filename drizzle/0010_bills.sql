CREATE SEQUENCE "public"."bill_receipt_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"rent" integer NOT NULL,
	"space_solution_fee" integer NOT NULL,
	"total" integer NOT NULL,
	"due_on" date NOT NULL,
	"state" text DEFAULT 'due' NOT NULL,
	"reminders" smallint DEFAULT 0 NOT NULL,
	"receipt_number" bigint,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_period_in_order" CHECK ("bills"."period_end" >= "bills"."period_start"),
	CONSTRAINT "bills_money" CHECK ("bills"."rent" >= 0 and "bills"."space_solution_fee" >= 0 and "bills"."total" = "bills"."rent" + "bills"."space_solution_fee")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bill_id" uuid;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_booking_period_idx" ON "bills" USING btree ("booking_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_receipt_number_idx" ON "bills" USING btree ("receipt_number");--> statement-breakpoint
CREATE INDEX "bills_state_due_idx" ON "bills" USING btree ("state","due_on");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_bill_id_idx" ON "payments" USING btree ("bill_id");
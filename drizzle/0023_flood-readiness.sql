ALTER TABLE "spaces" ADD COLUMN "elevation_m" double precision;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "flood_history" text;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "typhoon_rated_door" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "raised_storage" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "backup_power" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "above_flood_line" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "flood_safe" boolean GENERATED ALWAYS AS (coalesce(flood_history in ('never', 'once'), false) and case storage_type when 'storage' then coalesce(elevation_m >= 1, false) or raised_storage when 'parking' then above_flood_line else false end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "spaces_flood_safe_type_city_score_idx" ON "spaces" USING btree ("storage_type","city_id",(
      case when char_length(coalesce("description", '')) >= 150 then 20
           when char_length(coalesce("description", '')) >= 40 then 10 else 0 end
      + least(cardinality("features"), 5) * 3
      + least("photo_count", 5) * 8
      + case when "floorplan_upload_id" is not null then 5 else 0 end
      + case when "access_option" is not null then 5 else 0 end
      + case when "quick_move_in" then 5 else 0 end
      + case when "first_month_discount" then 5 else 0 end
      + case when "review_count" > 0 then "review_stars" * 10 / "review_count" * 1
             - 30 + least("review_count", 5) * 2
             else 0 end
    ),"published_at","id") WHERE "spaces"."status" = 'active' and "spaces"."flood_safe";
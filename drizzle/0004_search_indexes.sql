DROP INDEX "spaces_search_idx";--> statement-breakpoint
CREATE INDEX "spaces_active_type_city_score_idx" ON "spaces" USING btree ("storage_type","city_id",(
      case when char_length(coalesce("description", '')) >= 150 then 20
           when char_length(coalesce("description", '')) >= 40 then 10 else 0 end
      + least(cardinality("features"), 5) * 3
      + case when "floorplan_upload_id" is not null then 5 else 0 end
      + case when "access_option" is not null then 5 else 0 end
      + case when "quick_move_in" then 5 else 0 end
      + case when "first_month_discount" then 5 else 0 end
    ),"published_at","id") WHERE "spaces"."status" = 'active';--> statement-breakpoint
CREATE INDEX "spaces_active_type_score_idx" ON "spaces" USING btree ("storage_type",(
      case when char_length(coalesce("description", '')) >= 150 then 20
           when char_length(coalesce("description", '')) >= 40 then 10 else 0 end
      + least(cardinality("features"), 5) * 3
      + case when "floorplan_upload_id" is not null then 5 else 0 end
      + case when "access_option" is not null then 5 else 0 end
      + case when "quick_move_in" then 5 else 0 end
      + case when "first_month_discount" then 5 else 0 end
    ),"published_at","id") WHERE "spaces"."status" = 'active';--> statement-breakpoint
CREATE INDEX "spaces_active_type_city_price_idx" ON "spaces" USING btree ("storage_type","city_id","monthly_price","id") WHERE "spaces"."status" = 'active';--> statement-breakpoint
CREATE INDEX "spaces_active_type_price_idx" ON "spaces" USING btree ("storage_type","monthly_price","id") WHERE "spaces"."status" = 'active';--> statement-breakpoint
CREATE INDEX "spaces_active_type_published_idx" ON "spaces" USING btree ("storage_type","published_at","id") WHERE "spaces"."status" = 'active';--> statement-breakpoint
CREATE INDEX "spaces_active_features_idx" ON "spaces" USING gin ("features") WHERE "spaces"."status" = 'active';--> statement-breakpoint
CREATE INDEX "spaces_active_location_idx" ON "spaces" USING gist (point("longitude", "latitude")) WHERE "spaces"."status" = 'active';
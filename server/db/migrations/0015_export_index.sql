-- The public export reads revealed games by id: a flag set with the seed's reveal and a partial index, so a page
-- after the newest revealed game reads the index instead of every unrevealed game.
ALTER TABLE "games" ADD COLUMN "revealed" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "games" SET "revealed" = true FROM "seeds" WHERE "seeds"."id" = "games"."seed_id" AND "seeds"."status" = 'revealed';
--> statement-breakpoint
CREATE INDEX "games_export_idx" ON "games" USING btree ("site","id") WHERE "games"."revealed";

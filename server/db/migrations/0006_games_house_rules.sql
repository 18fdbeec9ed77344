DROP FUNCTION IF EXISTS "upgrades_known_game_differs"();
--> statement-breakpoint
-- The house rules each game was played with, so a game verifies by its own rules after the site's change.
-- Games settled before these columns played by the defaults.
ALTER TABLE "games" ADD COLUMN "payout_per_100k" integer DEFAULT 90000 NOT NULL;
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "chance_min" integer DEFAULT 100 NOT NULL;
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "chance_max" integer DEFAULT 80000 NOT NULL;

-- Steam sign-in: an account is found by its steamid64 (unique; null for username accounts), shows the persona
-- name and avatar from the Steam Web API when the server has a key, and every OpenID response nonce is kept
-- until it could no longer pass the age check, so a replayed assertion is refused by every process.
ALTER TABLE "users" ADD COLUMN "steam_id" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "display_name" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_url" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "users_steam_id_uq" ON "users" USING btree ("steam_id");
--> statement-breakpoint
CREATE TABLE "steam_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "steam_nonces_expires_idx" ON "steam_nonces" USING btree ("expires_at");

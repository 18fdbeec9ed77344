-- The public log (server/services/log-*.ts): one append-only Merkle tree per site of commitments, client seeds,
-- games and reveals. A background sequencer gives committed rows their log index in batches, outside the games'
-- transactions; rows commit out of id order, so it finds them by a null index (partial indexes), not by id.
ALTER TABLE "games" ADD COLUMN "log_index" bigint;
--> statement-breakpoint
CREATE INDEX "games_log_pending_idx" ON "games" ("id") WHERE "log_index" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "games_log_index_uq" ON "games" ("site", "log_index");
--> statement-breakpoint
ALTER TABLE "seeds" ADD COLUMN "commit_index" bigint;
--> statement-breakpoint
ALTER TABLE "seeds" ADD COLUMN "reveal_index" bigint;
--> statement-breakpoint
CREATE INDEX "seeds_log_commit_pending_idx" ON "seeds" ("id") WHERE "commit_index" IS NULL;
--> statement-breakpoint
CREATE INDEX "seeds_log_reveal_pending_idx" ON "seeds" ("id") WHERE "reveal_index" IS NULL AND "status" = 'revealed';
--> statement-breakpoint
-- Every client seed a pair gets, whoever writes it: a trigger records it, so no writer can skip the log.
CREATE TABLE "seed_client_seeds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seed_id" integer NOT NULL,
	"client_seed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"log_index" bigint
);
--> statement-breakpoint
CREATE INDEX "seed_client_seeds_log_pending_idx" ON "seed_client_seeds" ("id") WHERE "log_index" IS NULL;
--> statement-breakpoint
INSERT INTO "seed_client_seeds" ("seed_id", "client_seed", "created_at")
  SELECT "id", "client_seed", coalesce("activated_at", "created_at") FROM "seeds" WHERE "client_seed" IS NOT NULL ORDER BY "id";
--> statement-breakpoint
CREATE FUNCTION "upgrades_log_client_seed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "seed_client_seeds" ("seed_id", "client_seed") VALUES (NEW.id, NEW.client_seed);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "seeds_log_client_seed_new" AFTER INSERT ON "seeds" FOR EACH ROW
  WHEN (NEW.client_seed IS NOT NULL) EXECUTE FUNCTION "upgrades_log_client_seed"();
--> statement-breakpoint
CREATE TRIGGER "seeds_log_client_seed_set" AFTER UPDATE OF "client_seed" ON "seeds" FOR EACH ROW
  WHEN (NEW.client_seed IS NOT NULL AND NEW.client_seed IS DISTINCT FROM OLD.client_seed)
  EXECUTE FUNCTION "upgrades_log_client_seed"();
--> statement-breakpoint
-- Entry `idx` of a site's log, the line exactly as hashed.
CREATE TABLE "log_entries" (
	"site" text NOT NULL,
	"idx" bigint NOT NULL,
	"line" text NOT NULL,
	CONSTRAINT "log_entries_pk" PRIMARY KEY("site","idx")
);
--> statement-breakpoint
-- The newest version of each tile (C2SP tlog-tiles): a partial tile is a prefix of its later versions.
CREATE TABLE "log_tiles" (
	"site" text NOT NULL,
	"level" smallint NOT NULL,
	"idx" bigint NOT NULL,
	"width" smallint NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "log_tiles_pk" PRIMARY KEY("site","level","idx")
);
--> statement-breakpoint
-- The signed checkpoint of each site's log, written in the same transaction as the entries it covers.
CREATE TABLE "log_state" (
	"site" text PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"root" bytea NOT NULL,
	"checkpoint" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Signed checkpoints kept for witnesses that cosign one a little older than the newest.
CREATE TABLE "log_checkpoints" (
	"site" text NOT NULL,
	"size" bigint NOT NULL,
	"checkpoint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "log_checkpoints_pk" PRIMARY KEY("site","size")
);
--> statement-breakpoint
-- The newest cosignature of each witness (a key of WITNESS_KEYS) per site, over the checkpoint of `size`.
CREATE TABLE "log_cosignatures" (
	"site" text NOT NULL,
	"witness" text NOT NULL,
	"size" bigint NOT NULL,
	"line" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "log_cosignatures_pk" PRIMARY KEY("site","witness")
);

-- The public fairness audit (server/services/audit*.ts) sums games per site, UTC hour, chance band and direction.
-- A background task in each process adds games in id order up to a watermark, outside the games' transactions,
-- so settling never waits on these rows; the audit answers from them plus the games above the watermark.
CREATE TABLE "audit_rollup" (
	"site" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"band" smallint NOT NULL,
	"roll_under" boolean NOT NULL,
	"games" bigint NOT NULL,
	"wins" bigint NOT NULL,
	"stake_minor" bigint NOT NULL,
	"payout_minor" bigint NOT NULL,
	"sum_chance" bigint NOT NULL,
	"sum_var" numeric NOT NULL,
	"sum_expected_payout" numeric NOT NULL,
	"sum_payout_var" numeric NOT NULL,
	CONSTRAINT "audit_rollup_pk" PRIMARY KEY("site","hour","band","roll_under")
);
--> statement-breakpoint
CREATE TABLE "audit_rollup_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"rolled_to" bigint DEFAULT 0 NOT NULL,
	"pending_to" bigint,
	"pending_at" timestamp with time zone,
	CONSTRAINT "audit_rollup_state_one" CHECK ("id" = 1)
);
--> statement-breakpoint
INSERT INTO "audit_rollup_state" ("id", "rolled_to") VALUES (1, 0);

-- Play safe: a cool-off (its end) or a permanent self-exclusion, the reality check's interval and the time the
-- player confirmed being 18 or older live on the account; loss and stake limits per currency, kind and period
-- keep the amount in force and a raise or removal (pending_amount_minor null) that takes effect at pending_at.
ALTER TABLE "users" ADD COLUMN "cool_off_until" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "excluded_permanently" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reality_check_minutes" smallint DEFAULT 60 NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "age_confirmed_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "play_limits" (
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"pending_amount_minor" bigint,
	"pending_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "play_limits_pk" PRIMARY KEY("user_id","currency","kind","period"),
	CONSTRAINT "play_limits_kind" CHECK ("play_limits"."kind" in ('loss', 'stake')),
	CONSTRAINT "play_limits_period" CHECK ("play_limits"."period" in ('day', 'week', 'month')),
	CONSTRAINT "play_limits_amount_positive" CHECK ("play_limits"."amount_minor" > 0 and ("play_limits"."pending_amount_minor" is null or "play_limits"."pending_amount_minor" > 0))
);
--> statement-breakpoint
ALTER TABLE "play_limits" ADD CONSTRAINT "play_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;

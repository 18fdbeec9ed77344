CREATE TABLE "action_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "catalogue_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"site" text NOT NULL,
	"name" text NOT NULL,
	"price_minor" bigint NOT NULL,
	"image" text,
	"type" text NOT NULL,
	"type_prize" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "catalogue_price_positive" CHECK ("catalogue_items"."price_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"roll_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"site" text NOT NULL,
	"seed_id" integer NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" bigint NOT NULL,
	"chance" integer NOT NULL,
	"roll_under" boolean NOT NULL,
	"roll" integer NOT NULL,
	"round" integer NOT NULL,
	"chunk" integer NOT NULL,
	"success" boolean NOT NULL,
	"stake_minor" bigint NOT NULL,
	"stake_count" integer NOT NULL,
	"target_catalogue_item_id" integer NOT NULL,
	"target_price_minor" bigint NOT NULL,
	"won_inventory_item_id" integer,
	"tickets" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"catalogue_item_id" integer NOT NULL,
	"state" text DEFAULT 'owned' NOT NULL,
	"source" text NOT NULL,
	"source_case_id" integer,
	"source_game_id" bigint,
	"spent_game_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"kind" text NOT NULL,
	"inventory_item_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text,
	"status" text NOT NULL,
	"nonce" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"bonus_balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "wallets_user_id_currency_pk" PRIMARY KEY("user_id","currency"),
	CONSTRAINT "wallet_non_negative" CHECK ("wallets"."balance_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_target_catalogue_item_id_catalogue_items_id_fk" FOREIGN KEY ("target_catalogue_item_id") REFERENCES "public"."catalogue_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_catalogue_item_id_catalogue_items_id_fk" FOREIGN KEY ("catalogue_item_id") REFERENCES "public"."catalogue_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seeds" ADD CONSTRAINT "seeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_tokens_expiry_idx" ON "action_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_site_name_uq" ON "catalogue_items" USING btree ("site","name");--> statement-breakpoint
CREATE INDEX "catalogue_site_price_idx" ON "catalogue_items" USING btree ("site","price_minor");--> statement-breakpoint
CREATE UNIQUE INDEX "games_roll_id_uq" ON "games" USING btree ("roll_id");--> statement-breakpoint
CREATE UNIQUE INDEX "games_seed_nonce_uq" ON "games" USING btree ("seed_id","nonce");--> statement-breakpoint
CREATE INDEX "games_user_idx" ON "games" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "inventory_user_state_idx" ON "inventory_items" USING btree ("user_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_source_game_uq" ON "inventory_items" USING btree ("source_game_id");--> statement-breakpoint
CREATE INDEX "ledger_user_idx" ON "ledger_entries" USING btree ("user_id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "seeds_active_uq" ON "seeds" USING btree ("user_id") WHERE "seeds"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "seeds_next_uq" ON "seeds" USING btree ("user_id") WHERE "seeds"."status" = 'next';--> statement-breakpoint
CREATE UNIQUE INDEX "seeds_hash_uq" ON "seeds" USING btree ("server_seed_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree (lower("username"));
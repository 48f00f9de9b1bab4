ALTER TYPE "public"."notification_type" ADD VALUE 'tokens_earned';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'purchase_completed';--> statement-breakpoint
ALTER TYPE "public"."token_ledger_reason" ADD VALUE 'purchase_refund';--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"purchase_id" uuid,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "token_lot_spends" (
	"ledger_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "token_lot_spends_ledger_id_lot_id_pk" PRIMARY KEY("ledger_id","lot_id"),
	CONSTRAINT "token_lot_spends_positive" CHECK ("token_lot_spends"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "token_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"amount" integer NOT NULL,
	"remaining" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"purchase_id" uuid,
	"ledger_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_lots_amount_positive" CHECK ("token_lots"."amount" > 0),
	CONSTRAINT "token_lots_remaining_range" CHECK ("token_lots"."remaining" between 0 and "token_lots"."amount")
);
--> statement-breakpoint
CREATE TABLE "token_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"package_id" text NOT NULL,
	"tokens" integer NOT NULL,
	"bonus_tokens" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"provider_payment_id" text,
	"checkout_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"method" text,
	"auto_refill" boolean DEFAULT false NOT NULL,
	"save_method" boolean DEFAULT false NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"refunded_tokens" integer,
	"refunded_cents" integer,
	CONSTRAINT "token_purchases_provider_payment_id_unique" UNIQUE("provider_payment_id"),
	CONSTRAINT "token_purchases_status" CHECK ("token_purchases"."status" in ('pending', 'paid', 'failed', 'refunded', 'expired')),
	CONSTRAINT "token_purchases_amount_positive" CHECK ("token_purchases"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referral_code" text DEFAULT upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 10)) NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referred_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referred_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "auto_refill_enabled" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "auto_refill_threshold" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "auto_refill_package" text DEFAULT 'starter' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "auto_refill_attempted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payment_method" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "rewards_settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "token_ledger" ADD COLUMN "detail" jsonb;--> statement-breakpoint
ALTER TABLE "token_lot_spends" ADD CONSTRAINT "token_lot_spends_ledger_id_token_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."token_ledger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_lot_spends" ADD CONSTRAINT "token_lot_spends_lot_id_token_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."token_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_lots" ADD CONSTRAINT "token_lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_lots" ADD CONSTRAINT "token_lots_purchase_id_token_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."token_purchases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_lots" ADD CONSTRAINT "token_lots_ledger_id_token_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."token_ledger"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_purchases" ADD CONSTRAINT "token_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "token_lots_user_live_idx" ON "token_lots" USING btree ("user_id","expires_at") WHERE "token_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "token_lots_expiry_idx" ON "token_lots" USING btree ("expires_at") WHERE "token_lots"."remaining" > 0 and "token_lots"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "token_purchases_user_idx" ON "token_purchases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "token_purchases_pending_idx" ON "token_purchases" USING btree ("expires_at") WHERE "token_purchases"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "token_purchases_provider_ref_idx" ON "token_purchases" USING btree ("provider","provider_ref");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referred_by_users_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referral_code_unique" UNIQUE("referral_code");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_auto_refill_threshold" CHECK ("users"."auto_refill_threshold" >= 1);--> statement-breakpoint
-- Balances from before lots existed become one lot each, never expiring (sign-up grants, refunds).
INSERT INTO "token_lots" ("user_id", "source", "amount", "remaining")
SELECT "id", 'legacy', "token_balance", "token_balance" FROM "users" WHERE "token_balance" > 0;

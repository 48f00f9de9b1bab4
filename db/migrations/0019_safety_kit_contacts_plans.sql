ALTER TYPE "public"."notification_type" ADD VALUE 'safety_check';--> statement-breakpoint
CREATE TABLE "safety_plan_contacts" (
	"plan_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	CONSTRAINT "safety_plan_contacts_plan_id_contact_id_pk" PRIMARY KEY("plan_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "safety_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"page_token" text NOT NULL,
	"share_exact_place" boolean DEFAULT false NOT NULL,
	"expected_home_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"asked_at" timestamp with time zone,
	"home_at" timestamp with time zone,
	"check_ended_at" timestamp with time zone,
	"alerted_at" timestamp with time zone,
	"last_lat" double precision,
	"last_lng" double precision,
	"last_position_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trusted_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"confirm_token" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "safety_plan_contacts" ADD CONSTRAINT "safety_plan_contacts_plan_id_safety_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."safety_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_plan_contacts" ADD CONSTRAINT "safety_plan_contacts_contact_id_trusted_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."trusted_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_plans" ADD CONSTRAINT "safety_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_plans" ADD CONSTRAINT "safety_plans_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trusted_contacts" ADD CONSTRAINT "trusted_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "safety_plan_contacts_contact_idx" ON "safety_plan_contacts" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "safety_plans_user_event_idx" ON "safety_plans" USING btree ("user_id","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "safety_plans_token_idx" ON "safety_plans" USING btree ("page_token");--> statement-breakpoint
CREATE INDEX "safety_plans_open_check_idx" ON "safety_plans" USING btree ("expected_home_at") WHERE "safety_plans"."home_at" is null and "safety_plans"."check_ended_at" is null and "safety_plans"."alerted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "trusted_contacts_user_email_idx" ON "trusted_contacts" USING btree ("user_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "trusted_contacts_token_idx" ON "trusted_contacts" USING btree ("confirm_token");
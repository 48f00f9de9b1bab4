CREATE TABLE "idp_accounts" (
	"sub" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" "citext" NOT NULL,
	"password_hash" text,
	"status" text DEFAULT 'UNCONFIRMED' NOT NULL,
	"email_verified" integer DEFAULT 0 NOT NULL,
	"name" text,
	"given_name" text,
	"family_name" text,
	"google_sub" text,
	"tokens_valid_after" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idp_accounts_email_unique" UNIQUE("email"),
	CONSTRAINT "idp_accounts_google_sub_unique" UNIQUE("google_sub"),
	CONSTRAINT "idp_accounts_status" CHECK ("idp_accounts"."status" in ('UNCONFIRMED', 'CONFIRMED', 'EXTERNAL_PROVIDER'))
);
--> statement-breakpoint
CREATE TABLE "idp_authorization_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"scope" text NOT NULL,
	"code_challenge" text NOT NULL,
	"auth_time" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "idp_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sub" uuid NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idp_codes_purpose" CHECK ("idp_codes"."purpose" in ('signup', 'reset'))
);
--> statement-breakpoint
CREATE TABLE "idp_oauth_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"client_state" text,
	"scope" text NOT NULL,
	"code_challenge" text NOT NULL,
	"upstream_state" text NOT NULL,
	"upstream_nonce" text NOT NULL,
	"upstream_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idp_oauth_requests_upstream_state_unique" UNIQUE("upstream_state")
);
--> statement-breakpoint
CREATE TABLE "idp_refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sub" uuid NOT NULL,
	"client_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"auth_time" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idp_refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idp_authorization_codes" ADD CONSTRAINT "idp_authorization_codes_sub_idp_accounts_sub_fk" FOREIGN KEY ("sub") REFERENCES "public"."idp_accounts"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp_codes" ADD CONSTRAINT "idp_codes_sub_idp_accounts_sub_fk" FOREIGN KEY ("sub") REFERENCES "public"."idp_accounts"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp_refresh_tokens" ADD CONSTRAINT "idp_refresh_tokens_sub_idp_accounts_sub_fk" FOREIGN KEY ("sub") REFERENCES "public"."idp_accounts"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idp_codes_sub_purpose_idx" ON "idp_codes" USING btree ("sub","purpose","created_at");--> statement-breakpoint
CREATE INDEX "idp_refresh_tokens_sub_idx" ON "idp_refresh_tokens" USING btree ("sub");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");
ALTER TABLE "idp_accounts" ADD COLUMN "srp_salt" text;--> statement-breakpoint
ALTER TABLE "idp_accounts" ADD COLUMN "srp_verifier" text;
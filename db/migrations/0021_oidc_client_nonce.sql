ALTER TABLE "idp_authorization_codes" ADD COLUMN "client_nonce" text;--> statement-breakpoint
ALTER TABLE "idp_oauth_requests" ADD COLUMN "client_nonce" text;
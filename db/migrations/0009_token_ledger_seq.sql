DROP INDEX "token_ledger_user_created_idx";--> statement-breakpoint
ALTER TABLE "token_ledger" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "token_ledger_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE INDEX "token_ledger_user_seq_idx" ON "token_ledger" USING btree ("user_id","seq");
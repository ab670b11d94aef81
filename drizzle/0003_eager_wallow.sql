ALTER TABLE "accounts" ADD COLUMN "transaction_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "accounts" a SET "transaction_count" = (
  SELECT count(*) FROM "transactions" t WHERE t."from_account_id" = a."id" OR t."to_account_id" = a."id"
);

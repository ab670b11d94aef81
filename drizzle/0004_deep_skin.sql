ALTER TABLE "accounts" ADD COLUMN "outflow_day" date;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "transferred_on_day_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "withdrawn_on_day_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Today's totals so far, from the rows the limits used to sum.
UPDATE "accounts" a SET
  "outflow_day" = (now() AT TIME ZONE 'utc')::date,
  "transferred_on_day_cents" = coalesce((
    SELECT sum(t."amount_cents") FROM "transactions" t
    WHERE t."from_account_id" = a."id" AND t."type" = 'transfer' AND t."status" IN ('pending', 'completed')
      AND t."created_at" >= date_trunc('day', now() AT TIME ZONE 'utc') AT TIME ZONE 'utc'), 0),
  "withdrawn_on_day_cents" = coalesce((
    SELECT sum(t."amount_cents") FROM "transactions" t
    WHERE t."from_account_id" = a."id" AND t."type" = 'withdraw' AND t."status" IN ('pending', 'completed')
      AND t."created_at" >= date_trunc('day', now() AT TIME ZONE 'utc') AT TIME ZONE 'utc'), 0);

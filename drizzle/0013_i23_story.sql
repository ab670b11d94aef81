ALTER TABLE "transactions" ADD COLUMN "search_out" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "search_in" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- hand-written: rows posted before the search columns existed get them from what they hold: the
-- description and the other side as each side sees it (the ledger writes both from now on). The
-- common Latin accents are folded here; the ledger's own folding covers every combining mark.
UPDATE "transactions" t SET
  "search_out" = translate(lower(concat_ws(' ', t."description",
    CASE
      WHEN t."type" = 'transfer' THEN coalesce(t."recipient_name", 'External account')
      WHEN t."counterparty"->>'cardLast4' IS NOT NULL THEN 'Card ending ' || (t."counterparty"->>'cardLast4')
      WHEN t."counterparty"->>'bankName' IS NOT NULL THEN t."counterparty"->>'bankName'
      WHEN t."type" IN ('deposit', 'withdraw') THEN 'Cash pickup'
    END)), 'áàâäãåéèêëíìîïóòôöõúùûüñçýÿ', 'aaaaaaeeeeiiiiooooouuuuncyy'),
  "search_in" = translate(lower(concat_ws(' ', t."description",
    CASE
      WHEN t."type" = 'transfer' THEN (SELECT u."first_name" || ' ' || u."last_name" FROM "users" u WHERE u."id" = t."sender_user_id")
      WHEN t."counterparty"->>'cardLast4' IS NOT NULL THEN 'Card ending ' || (t."counterparty"->>'cardLast4')
      WHEN t."counterparty"->>'bankName' IS NOT NULL THEN t."counterparty"->>'bankName'
      WHEN t."type" IN ('deposit', 'withdraw') THEN 'Cash pickup'
    END)), 'áàâäãåéèêëíìîïóòôöõúùûüñçýÿ', 'aaaaaaeeeeiiiiooooouuuuncyy');
--> statement-breakpoint
-- hand-written: each side's history index carries that side's search column (INCLUDE, which
-- drizzle cannot express), so a search reads the account's index alone and the count visits no
-- row (about 20 ms instead of 200 at a million rows: docs/decisions/0XX-history-search.md).
DROP INDEX "transactions_from_account_idx";--> statement-breakpoint
CREATE INDEX "transactions_from_account_idx" ON "transactions" USING btree ("from_account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("search_out");--> statement-breakpoint
DROP INDEX "transactions_to_account_idx";--> statement-breakpoint
CREATE INDEX "transactions_to_account_idx" ON "transactions" USING btree ("to_account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("search_in");

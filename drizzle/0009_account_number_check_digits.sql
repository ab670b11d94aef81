-- Issue 12: a customer account number is '4', nine digits and two ISO 7064 MOD 97-10 check
-- digits (as IBAN's), so a one-digit typo is refused. Existing numbers are reissued (there is
-- no production data yet); transfers that named an old number of ours name the new one.
-- The nine digits are the account's rank times 3^18 modulo 10^9: distinct for every rank (3^18
-- and 10^9 share no factor), and not in order of opening.
UPDATE "transactions" t SET "recipient_account_number" = r.new_number
FROM (
  SELECT account_number AS old_number,
    base::text || lpad((98 - (base * 100) % 97)::text, 2, '0') AS new_number
  FROM (
    SELECT account_number,
      4000000000 + (row_number() OVER (ORDER BY created_at, id) * 387420489) % 1000000000 AS base
    FROM "accounts" WHERE kind = 'customer'
  ) ranked
) r
WHERE t."recipient_account_number" = r.old_number;
--> statement-breakpoint
-- A free number first (no old number starts with 0), so the unique index never sees a clash.
UPDATE "accounts" a SET "account_number" = '0' || lpad(r.rank::text, 11, '0')
FROM (
  SELECT id, row_number() OVER (ORDER BY created_at, id) AS rank FROM "accounts" WHERE kind = 'customer'
) r
WHERE a.id = r.id;
--> statement-breakpoint
UPDATE "accounts" a SET "account_number" = r.base::text || lpad((98 - (r.base * 100) % 97)::text, 2, '0')
FROM (
  SELECT id, 4000000000 + (row_number() OVER (ORDER BY created_at, id) * 387420489) % 1000000000 AS base
  FROM "accounts" WHERE kind = 'customer'
) r
WHERE a.id = r.id;

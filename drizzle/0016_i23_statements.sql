CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"link" text,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"ledger_entry_id" bigint PRIMARY KEY NOT NULL,
	"statement_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"period" text,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"provisional" boolean NOT NULL,
	"content" text NOT NULL,
	"digest" text NOT NULL,
	"opening_balance_cents" bigint NOT NULL,
	"closing_balance_cents" bigint NOT NULL,
	"pdf" "bytea",
	"pdf_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_settings" ADD COLUMN "bank_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_settings" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "statements_digest_key" ON "statements" USING btree ("digest");--> statement-breakpoint
CREATE UNIQUE INDEX "statements_account_period_key" ON "statements" USING btree ("account_id","period") WHERE "statements"."provisional" = false and "statements"."period" is not null;--> statement-breakpoint
CREATE INDEX "statements_pdf_sha256_idx" ON "statements" USING btree ("pdf_sha256");
CREATE TABLE "scheduled_transfer_occurrences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schedule_id" uuid NOT NULL,
	"date" date NOT NULL,
	"status" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"transaction_id" uuid,
	"reason" text,
	"retry_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"payee_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"frequency" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"count" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"status_reason" text,
	"next_run_date" date,
	"occurrences_made" integer DEFAULT 0 NOT NULL,
	"low_balance_notice_for" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_transfers_amount_positive" CHECK ("scheduled_transfers"."amount_cents" > 0),
	CONSTRAINT "scheduled_transfers_count_positive" CHECK ("scheduled_transfers"."count" is null or "scheduled_transfers"."count" > 0)
);
--> statement-breakpoint
ALTER TABLE "scheduled_transfer_occurrences" ADD CONSTRAINT "scheduled_transfer_occurrences_schedule_id_scheduled_transfers_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."scheduled_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_transfer_occurrences" ADD CONSTRAINT "scheduled_transfer_occurrences_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_transfers" ADD CONSTRAINT "scheduled_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_transfers" ADD CONSTRAINT "scheduled_transfers_payee_id_payees_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."payees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_transfer_occurrences_date_key" ON "scheduled_transfer_occurrences" USING btree ("schedule_id","date");--> statement-breakpoint
CREATE INDEX "scheduled_transfers_user_idx" ON "scheduled_transfers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "scheduled_transfers_due_idx" ON "scheduled_transfers" USING btree ("next_run_date") WHERE "scheduled_transfers"."status" = 'active';
ALTER TYPE "public"."transaction_type" ADD VALUE 'dispute_credit';--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"credit_transaction_id" uuid,
	"credited_cents" bigint DEFAULT 0 NOT NULL,
	"credit_reversal_id" uuid,
	"decision_reason" text,
	"handled_by_id" uuid,
	"credit_due_at" timestamp with time zone NOT NULL,
	"decision_due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "disputes_reason_known" CHECK (reason in ('unauthorised', 'wrong_amount', 'duplicate', 'not_received', 'other')),
	CONSTRAINT "disputes_status_known" CHECK (status in ('submitted', 'investigating', 'provisional_credit', 'resolved', 'denied', 'withdrawn')),
	CONSTRAINT "disputes_credited_non_negative" CHECK ("disputes"."credited_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "frozen_for_fraud" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_settings" ADD COLUMN "freeze_lift_needs_approval" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_credit_transaction_id_transactions_id_fk" FOREIGN KEY ("credit_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_credit_reversal_id_transactions_id_fk" FOREIGN KEY ("credit_reversal_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_handled_by_id_users_id_fk" FOREIGN KEY ("handled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_open_transaction_key" ON "disputes" USING btree ("transaction_id") WHERE status in ('submitted', 'investigating', 'provisional_credit');--> statement-breakpoint
CREATE INDEX "disputes_user_idx" ON "disputes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "disputes_status_idx" ON "disputes" USING btree ("status","decision_due_at");--> statement-breakpoint
-- hand-written
-- The disputes suspense account: provisional credits come from it and go back to it.
INSERT INTO "accounts" ("kind", "system_code", "account_number") VALUES
  ('system', 'disputes_suspense', '900000000005')
ON CONFLICT DO NOTHING;

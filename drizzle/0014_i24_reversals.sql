ALTER TYPE "public"."transaction_type" ADD VALUE 'reversal';--> statement-breakpoint
CREATE TABLE "approval_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"subject_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"summary" text NOT NULL,
	"payload" jsonb NOT NULL,
	"amount_cents" bigint,
	"customer_id" uuid,
	"maker_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"checker_id" uuid,
	"decision_reason" text,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "approval_requests_status_known" CHECK (status in ('pending', 'approved', 'rejected', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "reverses_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "reversed_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_settings" ADD COLUMN "reversal_approval_above_cents" bigint DEFAULT 100000 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_settings" ADD COLUMN "loan_approval_above_cents" bigint DEFAULT 2500000 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_settings" ADD COLUMN "limit_raise_needs_approval" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_settings" ADD COLUMN "admin_grant_needs_approval" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_maker_id_users_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_checker_id_users_id_fk" FOREIGN KEY ("checker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_pending_subject_key" ON "approval_requests" USING btree ("subject_key") WHERE "approval_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "approval_requests_created_idx" ON "approval_requests" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_reverses_id_transactions_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_reverses_idx" ON "transactions" USING btree ("reverses_id") WHERE "transactions"."reverses_id" is not null;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_reversed_within_amount" CHECK ("transactions"."reversed_cents" >= 0 and "transactions"."reversed_cents" <= "transactions"."amount_cents");
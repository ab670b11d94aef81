CREATE TYPE "public"."collateral_type" AS ENUM('real-estate', 'vehicle', 'investment', 'other');--> statement-breakpoint
CREATE TYPE "public"."employment_status" AS ENUM('employed', 'self-employed', 'business-owner', 'retired', 'other');--> statement-breakpoint
CREATE TYPE "public"."loan_status" AS ENUM('pending', 'approved', 'rejected', 'cancelled', 'completed', 'defaulted');--> statement-breakpoint
CREATE TYPE "public"."loan_type" AS ENUM('personal', 'business', 'mortgage', 'education', 'vehicle');--> statement-breakpoint
CREATE TABLE "loan_payments" (
	"loan_id" uuid NOT NULL,
	"payment_number" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"principal_cents" bigint NOT NULL,
	"interest_cents" bigint NOT NULL,
	"balance_cents" bigint NOT NULL,
	"paid_at" timestamp with time zone,
	"transaction_id" uuid,
	CONSTRAINT "loan_payments_loan_id_payment_number_pk" PRIMARY KEY("loan_id","payment_number")
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "loan_type" NOT NULL,
	"status" "loan_status" DEFAULT 'pending' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"term_months" integer NOT NULL,
	"rate_bps" integer NOT NULL,
	"monthly_payment_cents" bigint NOT NULL,
	"total_interest_cents" bigint NOT NULL,
	"purpose" text NOT NULL,
	"employment_status" "employment_status" NOT NULL,
	"monthly_income_cents" bigint NOT NULL,
	"existing_loans" boolean DEFAULT false NOT NULL,
	"collateral_type" "collateral_type" NOT NULL,
	"collateral_value_cents" bigint NOT NULL,
	"collateral_description" text NOT NULL,
	"rejection_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"disbursement_transaction_id" uuid,
	"start_date" date,
	"outstanding_cents" bigint DEFAULT 0 NOT NULL,
	"overdue_since" date,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loans_amount_positive" CHECK ("loans"."amount_cents" > 0),
	CONSTRAINT "loans_term_positive" CHECK ("loans"."term_months" > 0),
	CONSTRAINT "loans_outstanding_non_negative" CHECK ("loans"."outstanding_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "loan_payments" ADD CONSTRAINT "loan_payments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payments" ADD CONSTRAINT "loan_payments_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_disbursement_transaction_id_transactions_id_fk" FOREIGN KEY ("disbursement_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_payments_unpaid_idx" ON "loan_payments" USING btree ("due_date") WHERE "loan_payments"."paid_at" is null;--> statement-breakpoint
CREATE INDEX "loans_user_idx" ON "loans" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loans_status_idx" ON "loans" USING btree ("status","created_at" DESC NULLS LAST);
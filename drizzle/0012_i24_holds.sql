CREATE TYPE "public"."account_freeze_mode" AS ENUM('all', 'debits', 'credits');--> statement-breakpoint
CREATE TABLE "account_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"released_by_id" uuid,
	CONSTRAINT "account_holds_amount_positive" CHECK ("account_holds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "freeze_mode" "account_freeze_mode";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "freeze_reason" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "frozen_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "frozen_by_id" uuid;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "restriction_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "account_holds" ADD CONSTRAINT "account_holds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_holds" ADD CONSTRAINT "account_holds_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_holds" ADD CONSTRAINT "account_holds_released_by_id_users_id_fk" FOREIGN KEY ("released_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_holds_open_idx" ON "account_holds" USING btree ("account_id") WHERE "account_holds"."released_at" is null;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_frozen_by_id_users_id_fk" FOREIGN KEY ("frozen_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- hand-written: every earlier audit entry without an actor was done by its subject themself,
-- except where whoever acted is not known (a stranger's attempt) or nobody did (start-up).
UPDATE "audit_log" SET "actor_id" = "user_id"
WHERE "actor_id" IS NULL AND "user_id" IS NOT NULL AND "event" NOT IN (
  'auth.login.failure', 'auth.login.locked', 'auth.2fa_failure',
  'auth.register_existing_email', 'auth.password_reset_requested', 'user.created_by_bootstrap'
);

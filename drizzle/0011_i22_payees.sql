CREATE TABLE "payees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"bank" text NOT NULL,
	"account_number_sealed" text NOT NULL,
	"account_last4" text NOT NULL,
	"routing_number" text,
	"account_id" uuid,
	"confirmation_result" text,
	"confirmation_holder" text,
	"daily_limit_cents" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "payees_external_routing" CHECK (("payees"."bank" = 'external') = ("payees"."routing_number" is not null)),
	CONSTRAINT "payees_daily_limit_positive" CHECK ("payees"."daily_limit_cents" is null or "payees"."daily_limit_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "step_up_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "payee_id" uuid;--> statement-breakpoint
ALTER TABLE "bank_settings" ADD COLUMN "new_payee_limit_cents" bigint DEFAULT 100000 NOT NULL;--> statement-breakpoint
ALTER TABLE "payees" ADD CONSTRAINT "payees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payees" ADD CONSTRAINT "payees_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_up_codes" ADD CONSTRAINT "step_up_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payees_user_name_key" ON "payees" USING btree ("user_id",lower("name")) WHERE "payees"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "payees_user_idx" ON "payees" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "step_up_codes_user_idx" ON "step_up_codes" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "transactions_payee_idx" ON "transactions" USING btree ("payee_id","created_at") WHERE "transactions"."payee_id" is not null;
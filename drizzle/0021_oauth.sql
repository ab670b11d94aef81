CREATE TABLE "app_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"grant_id" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oauth_store" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"uid" text,
	"user_code" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oauth_store_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "partner_apps" (
	"client_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"redirect_uris" jsonb NOT NULL,
	"scopes" jsonb NOT NULL,
	"secret_sealed" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"secret_rotated_at" timestamp with time zone,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "app_consents" ADD CONSTRAINT "app_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_consents" ADD CONSTRAINT "app_consents_client_id_partner_apps_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."partner_apps"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_apps" ADD CONSTRAINT "partner_apps_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_consents_user_client_idx" ON "app_consents" USING btree ("user_id","client_id");--> statement-breakpoint
CREATE INDEX "app_consents_client_idx" ON "app_consents" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_consents_grant_idx" ON "app_consents" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oauth_store_grant_idx" ON "oauth_store" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oauth_store_uid_idx" ON "oauth_store" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oauth_store_expires_idx" ON "oauth_store" USING btree ("expires_at");
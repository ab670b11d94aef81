ALTER TABLE "loans" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_settings" ADD COLUMN "attachment_mb_per_day" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_settings" ADD COLUMN "attachment_mb_total" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_settings" ADD COLUMN "tickets_per_minute" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_settings" ADD COLUMN "tickets_per_day" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_settings" ADD COLUMN "chat_messages_per_minute" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD COLUMN "uploader_id" uuid;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_attachments_uploader_idx" ON "support_attachments" USING btree ("uploader_id","created_at");--> statement-breakpoint
-- Files stored before this migration: a chat file is its message sender's, a ticket's file its owner's.
UPDATE "support_attachments" AS a SET "uploader_id" = coalesce(
  (SELECT m."sender_id" FROM "support_messages" m WHERE m."id" = a."message_id"),
  (SELECT t."user_id" FROM "support_tickets" t WHERE t."id" = a."ticket_id")
) WHERE a."uploader_id" IS NULL;

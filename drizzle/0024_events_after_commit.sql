CREATE TABLE "event_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"events" json NOT NULL
);

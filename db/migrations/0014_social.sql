CREATE TYPE "public"."conversation_kind" AS ENUM('event_thread', 'direct', 'event_group');--> statement-breakpoint
CREATE TYPE "public"."friendship_status" AS ENUM('pending', 'accepted');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'friend_request_received';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'friend_request_accepted';--> statement-breakpoint
CREATE TABLE "conversation_members" (
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone,
	"removed_by" uuid,
	"last_read_at" timestamp with time zone,
	"last_emailed_at" timestamp with time zone,
	CONSTRAINT "conversation_members_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "friendships" (
	"user_low" uuid NOT NULL,
	"user_high" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"status" "friendship_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "friendships_user_low_user_high_pk" PRIMARY KEY("user_low","user_high"),
	CONSTRAINT "friendships_ordered" CHECK ("friendships"."user_low" < "friendships"."user_high")
);
--> statement-breakpoint
CREATE TABLE "message_reveals" (
	"message_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_reveals_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
DROP INDEX "conversations_event_user_unique";--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "event_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "host_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "kind" "conversation_kind" DEFAULT 'event_thread' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "direct_key" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_user_low_users_id_fk" FOREIGN KEY ("user_low") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_user_high_users_id_fk" FOREIGN KEY ("user_high") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reveals" ADD CONSTRAINT "message_reveals_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reveals" ADD CONSTRAINT "message_reveals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_members_user_idx" ON "conversation_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "friendships_high_idx" ON "friendships" USING btree ("user_high");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_event_group_unique" ON "conversations" USING btree ("event_id") WHERE "conversations"."kind" = 'event_group';--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_direct_unique" ON "conversations" USING btree ("direct_key") WHERE "conversations"."kind" = 'direct';--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_event_user_unique" ON "conversations" USING btree ("event_id","user_id") WHERE "conversations"."kind" = 'event_thread';--> statement-breakpoint
-- The event threads that existed get their two members; what was there counts as read.
INSERT INTO "conversation_members" ("conversation_id", "user_id", "joined_at", "last_read_at")
SELECT c.id, m.user_id, c.created_at, coalesce(c.last_message_at, c.created_at)
FROM "conversations" c
CROSS JOIN LATERAL (VALUES (c.host_id), (c.user_id)) AS m(user_id)
WHERE c.kind = 'event_thread' AND m.user_id IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Every event with accepted participants gets its group chat, with the host and those participants.
INSERT INTO "conversations" ("kind", "event_id", "host_id", "created_at")
SELECT 'event_group', e.id, e.host_id, now()
FROM "events" e
WHERE EXISTS (SELECT 1 FROM "event_participants" p WHERE p.event_id = e.id)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "conversation_members" ("conversation_id", "user_id", "joined_at", "last_read_at")
SELECT c.id, m.user_id, now(), now()
FROM "conversations" c
CROSS JOIN LATERAL (
  SELECT c.host_id AS user_id
  UNION SELECT p.user_id FROM "event_participants" p WHERE p.event_id = c.event_id
) m
WHERE c.kind = 'event_group'
ON CONFLICT DO NOTHING;

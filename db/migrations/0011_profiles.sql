CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"object_key" text NOT NULL,
	"content_type" text NOT NULL,
	"file_name" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection" text,
	"bytes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "uploads_object_key_unique" UNIQUE("object_key"),
	CONSTRAINT "uploads_kind" CHECK ("uploads"."kind" in ('avatar')),
	CONSTRAINT "uploads_status" CHECK ("uploads"."status" in ('pending', 'processed', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_key" text GENERATED ALWAYS AS (search_norm(username::text)) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notification_prefs" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key_idx" ON "users" USING btree ("username_key");--> statement-breakpoint
-- The badge catalogue's ids (server/modules/badges/badges.catalog.ts has the rules and the texts in
-- both languages; these rows carry the Turkish ones and exist for the foreign key).
INSERT INTO "badges" ("id", "name", "description", "icon") VALUES
  ('first-host', 'İlk Etkinlik', 'İlk etkinliğini düzenledin.', '🎉'),
  ('host-5', 'Organizatör', '5 etkinlik düzenledin.', '📣'),
  ('first-join', 'Aramıza Hoş Geldin', 'İlk kez bir etkinliğe kabul edildin.', '🤝'),
  ('joined-10', 'Müdavim', '10 etkinliğe katıldın.', '🔥'),
  ('five-star-host', 'Beş Yıldızlı Host', 'Host olarak en az 5 puan aldın ve ortalaman 4,8 ya da üstünde.', '⭐'),
  ('night-owl', 'Gece Kuşu', '23:00 ile 05:00 arasında başlayan bir etkinlikte yer aldın.', '🦉'),
  ('early-bird', 'Erkenci', '05:00 ile 09:00 arasında başlayan bir etkinlikte yer aldın.', '🐦'),
  ('streak-4', 'Seri', 'Dört hafta üst üste etkinliklerde yer aldın.', '⚡'),
  ('both-worlds', 'İki Dünya', 'Hem online hem yüz yüze bir etkinlikte yer aldın.', '🌍'),
  ('helpful-rater', 'Yardımsever', '5 değerlendirmeye yazılı yorum ekledin.', '✍️'),
  ('profile-complete', 'Tanışalım', 'Fotoğraf, kullanıcı adı, biyografi, şehir ve en az 3 ilgi alanı ekledin.', '🪪')
ON CONFLICT ("id") DO UPDATE SET "name" = EXCLUDED."name", "description" = EXCLUDED."description", "icon" = EXCLUDED."icon";

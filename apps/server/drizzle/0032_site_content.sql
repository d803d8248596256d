CREATE TABLE "site_hero" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"badge" varchar(60) NOT NULL,
	"title" varchar(120) NOT NULL,
	"lead" varchar(300) NOT NULL,
	"image_url" varchar(500),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_hero_single_row" CHECK ("site_hero"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "faq_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "faq_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"position" smallint NOT NULL,
	"question" varchar(200) NOT NULL,
	"answer" text NOT NULL,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	CONSTRAINT "faq_items_status_check" CHECK ("faq_items"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "site_pages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" varchar(80) NOT NULL,
	"title" varchar(150) NOT NULL,
	"body" text NOT NULL,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "site_pages_status_check" CHECK ("site_pages"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blog_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" varchar(80) NOT NULL,
	"title" varchar(150) NOT NULL,
	"summary" varchar(300) NOT NULL,
	"cover_url" varchar(500),
	"author" varchar(120) NOT NULL,
	"body" text NOT NULL,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "blog_posts_status_check" CHECK ("blog_posts"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE INDEX "faq_items_position_idx" ON "faq_items" USING btree ("position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_pages_slug_unique" ON "site_pages" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_slug_unique" ON "blog_posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "blog_posts_published_idx" ON "blog_posts" USING btree ("status","published_at","id");--> statement-breakpoint
-- Every school starts with the product's own hero and FAQ, which it then rewrites in the Site section.
INSERT INTO "site_hero" ("id", "badge", "title", "lead") VALUES (1, 'Live online English school', 'Speak English with confidence, one class at a time', 'Small live classes with expert teachers. Buy credits once, then book the classes that fit your week: no rigid timetable, no long contracts.');--> statement-breakpoint
INSERT INTO "faq_items" ("position", "question", "answer", "status") VALUES
(1, 'What is a credit?', 'A credit is a prepaid class. Each class type says how many credits a class costs. You buy credits in packages or get them every period with a membership.', 'published'),
(2, 'How do I book a class?', 'Open the timetable, pick a day and choose a class with free seats. The credits are taken from your balance as soon as the booking is confirmed.', 'published'),
(3, 'Do credits expire?', 'Yes. Each package and membership states how many days its credits stay valid. We always spend the credits that expire first.', 'published'),
(4, 'Can I cancel my membership?', 'Yes, at any time. Your membership simply stops renewing at the end of the period you have paid for, and your credits stay valid until they expire.', 'published');

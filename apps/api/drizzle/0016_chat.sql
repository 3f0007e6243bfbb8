CREATE TYPE "public"."chat_kind" AS ENUM('seller', 'support');--> statement-breakpoint
CREATE TYPE "public"."chat_sender" AS ENUM('buyer', 'seller', 'admin');--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "chat_kind" NOT NULL,
	"buyer_id" integer NOT NULL,
	"seller_id" integer,
	"assigned_admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sender" "chat_sender",
	"buyer_read_at" timestamp with time zone,
	"staff_read_at" timestamp with time zone,
	CONSTRAINT "chat_conversations_seller_kind" CHECK (("chat_conversations"."kind" = 'seller') = ("chat_conversations"."seller_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"sender" "chat_sender" NOT NULL,
	"sender_user_id" integer NOT NULL,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_seller_id_seller_companies_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_assigned_admin_id_users_id_fk" FOREIGN KEY ("assigned_admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_buyer_seller_unique" ON "chat_conversations" USING btree ("buyer_id","seller_id") WHERE "chat_conversations"."kind" = 'seller';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_buyer_support_unique" ON "chat_conversations" USING btree ("buyer_id") WHERE "chat_conversations"."kind" = 'support';--> statement-breakpoint
CREATE INDEX "chat_conversations_seller_idx" ON "chat_conversations" USING btree ("seller_id","last_message_at");--> statement-breakpoint
CREATE INDEX "chat_conversations_kind_idx" ON "chat_conversations" USING btree ("kind","last_message_at");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id");
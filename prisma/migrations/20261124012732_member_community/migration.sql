-- CreateTable
CREATE TABLE "member_spaces" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "visibility" TEXT NOT NULL DEFAULT 'members',
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "member_spaces_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "member_topics" (
    "id" SERIAL NOT NULL,
    "space_id" INTEGER NOT NULL,
    "author_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'published',
    "pinned" BOOLEAN NOT NULL DEFAULT false,
    "locked" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "last_activity_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "member_topics_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "member_replies" (
    "id" SERIAL NOT NULL,
    "topic_id" INTEGER NOT NULL,
    "author_id" INTEGER NOT NULL,
    "parent_id" INTEGER,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'published',
    "created_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "member_replies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "member_reactions" (
    "target_type" TEXT NOT NULL,
    "target_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "member_reactions_pkey" PRIMARY KEY ("target_type","target_id","user_id","type")
);

-- CreateTable
CREATE TABLE "member_conversations" (
    "id" SERIAL NOT NULL,
    "participant_key" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "last_message_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "member_conversations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "member_conversation_participants" (
    "conversation_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "last_read_at" TIMESTAMP(3),

    CONSTRAINT "member_conversation_participants_pkey" PRIMARY KEY ("conversation_id","user_id")
);

-- CreateTable
CREATE TABLE "member_messages" (
    "id" SERIAL NOT NULL,
    "conversation_id" INTEGER NOT NULL,
    "sender_id" INTEGER NOT NULL,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'published',
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "member_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "member_blocks" (
    "blocker_id" INTEGER NOT NULL,
    "blocked_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "member_blocks_pkey" PRIMARY KEY ("blocker_id","blocked_id")
);

-- CreateTable
CREATE TABLE "member_profiles" (
    "user_id" INTEGER NOT NULL,
    "display_name" TEXT,
    "bio" TEXT NOT NULL DEFAULT '',
    "avatar_url" TEXT,
    "directory_visible" BOOLEAN NOT NULL DEFAULT true,
    "suspended_until" TIMESTAMP(3),
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "member_profiles_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "member_moderation_items" (
    "id" SERIAL NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "flag_count" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "created_at" TIMESTAMP(3) NOT NULL,
    "resolved_by" INTEGER,
    "resolved_at" TIMESTAMP(3),
    "note" TEXT,

    CONSTRAINT "member_moderation_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "member_flags" (
    "id" SERIAL NOT NULL,
    "item_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "member_flags_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "member_badges" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "icon" TEXT NOT NULL DEFAULT '',
    "criteria" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "member_badges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "member_badge_awards" (
    "badge_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "awarded_at" TIMESTAMP(3) NOT NULL,
    "awarded_by" INTEGER,

    CONSTRAINT "member_badge_awards_pkey" PRIMARY KEY ("badge_id","user_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "member_spaces_slug_key" ON "member_spaces"("slug");

-- CreateIndex
CREATE INDEX "member_topics_space_id_status_pinned_last_activity_at_idx" ON "member_topics"("space_id", "status", "pinned", "last_activity_at");

-- CreateIndex
CREATE INDEX "member_topics_author_id_idx" ON "member_topics"("author_id");

-- CreateIndex
CREATE INDEX "member_replies_topic_id_status_id_idx" ON "member_replies"("topic_id", "status", "id");

-- CreateIndex
CREATE INDEX "member_replies_author_id_idx" ON "member_replies"("author_id");

-- CreateIndex
CREATE UNIQUE INDEX "member_conversations_participant_key_key" ON "member_conversations"("participant_key");

-- CreateIndex
CREATE INDEX "member_conversation_participants_user_id_idx" ON "member_conversation_participants"("user_id");

-- CreateIndex
CREATE INDEX "member_messages_conversation_id_id_idx" ON "member_messages"("conversation_id", "id");

-- CreateIndex
CREATE INDEX "member_messages_sender_id_created_at_idx" ON "member_messages"("sender_id", "created_at");

-- CreateIndex
CREATE INDEX "member_blocks_blocked_id_idx" ON "member_blocks"("blocked_id");

-- CreateIndex
CREATE INDEX "member_moderation_items_status_id_idx" ON "member_moderation_items"("status", "id");

-- CreateIndex
CREATE UNIQUE INDEX "member_moderation_items_target_type_target_id_key" ON "member_moderation_items"("target_type", "target_id");

-- CreateIndex
CREATE UNIQUE INDEX "member_flags_user_id_target_type_target_id_key" ON "member_flags"("user_id", "target_type", "target_id");

-- CreateIndex
CREATE UNIQUE INDEX "member_badges_slug_key" ON "member_badges"("slug");

-- CreateIndex
CREATE INDEX "member_badge_awards_user_id_idx" ON "member_badge_awards"("user_id");

-- AddForeignKey
ALTER TABLE "member_topics" ADD CONSTRAINT "member_topics_space_id_fkey" FOREIGN KEY ("space_id") REFERENCES "member_spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_topics" ADD CONSTRAINT "member_topics_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_replies" ADD CONSTRAINT "member_replies_topic_id_fkey" FOREIGN KEY ("topic_id") REFERENCES "member_topics"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_replies" ADD CONSTRAINT "member_replies_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_replies" ADD CONSTRAINT "member_replies_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "member_replies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_reactions" ADD CONSTRAINT "member_reactions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_conversation_participants" ADD CONSTRAINT "member_conversation_participants_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "member_conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_conversation_participants" ADD CONSTRAINT "member_conversation_participants_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_messages" ADD CONSTRAINT "member_messages_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "member_conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_messages" ADD CONSTRAINT "member_messages_sender_id_fkey" FOREIGN KEY ("sender_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_blocks" ADD CONSTRAINT "member_blocks_blocker_id_fkey" FOREIGN KEY ("blocker_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_blocks" ADD CONSTRAINT "member_blocks_blocked_id_fkey" FOREIGN KEY ("blocked_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_profiles" ADD CONSTRAINT "member_profiles_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_flags" ADD CONSTRAINT "member_flags_item_id_fkey" FOREIGN KEY ("item_id") REFERENCES "member_moderation_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_flags" ADD CONSTRAINT "member_flags_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_badge_awards" ADD CONSTRAINT "member_badge_awards_badge_id_fkey" FOREIGN KEY ("badge_id") REFERENCES "member_badges"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_badge_awards" ADD CONSTRAINT "member_badge_awards_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

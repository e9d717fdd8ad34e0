-- CreateTable
CREATE TABLE "mailer_subscribers" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "first_name" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'subscribed',
    "source" TEXT NOT NULL DEFAULT 'admin',
    "created_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "unsubscribed_at" TIMESTAMP(3),

    CONSTRAINT "mailer_subscribers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mailer_lists" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "mailer_lists_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mailer_list_members" (
    "list_id" INTEGER NOT NULL,
    "subscriber_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "mailer_list_members_pkey" PRIMARY KEY ("list_id","subscriber_id")
);

-- CreateTable
CREATE TABLE "mailer_tags" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "mailer_tags_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mailer_subscriber_tags" (
    "subscriber_id" INTEGER NOT NULL,
    "tag_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "mailer_subscriber_tags_pkey" PRIMARY KEY ("subscriber_id","tag_id")
);

-- CreateTable
CREATE TABLE "mailer_segments" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "rules" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "mailer_segments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mailer_campaigns" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "subject" TEXT NOT NULL DEFAULT '',
    "from_name" TEXT NOT NULL DEFAULT '',
    "from_email" TEXT NOT NULL DEFAULT '',
    "html" TEXT NOT NULL DEFAULT '',
    "text" TEXT NOT NULL DEFAULT '',
    "list_ids" INTEGER[],
    "segment_ids" INTEGER[],
    "tag_ids" INTEGER[],
    "status" TEXT NOT NULL DEFAULT 'draft',
    "send_at" TIMESTAMP(3),
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),
    "progress_at" TIMESTAMP(3),
    "links" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "mailer_campaigns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mailer_recipients" (
    "id" SERIAL NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "subscriber_id" INTEGER,
    "email" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "error" TEXT,
    "claimed_at" TIMESTAMP(3),
    "sent_at" TIMESTAMP(3),
    "opens" INTEGER NOT NULL DEFAULT 0,
    "opened_at" TIMESTAMP(3),
    "clicks" INTEGER NOT NULL DEFAULT 0,
    "clicked_at" TIMESTAMP(3),
    "unsubscribed_at" TIMESTAMP(3),

    CONSTRAINT "mailer_recipients_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "mailer_subscribers_email_key" ON "mailer_subscribers"("email");

-- CreateIndex
CREATE INDEX "mailer_subscribers_status_id_idx" ON "mailer_subscribers"("status", "id");

-- CreateIndex
CREATE INDEX "mailer_subscribers_created_at_idx" ON "mailer_subscribers"("created_at");

-- CreateIndex
CREATE INDEX "mailer_list_members_subscriber_id_idx" ON "mailer_list_members"("subscriber_id");

-- CreateIndex
CREATE UNIQUE INDEX "mailer_tags_slug_key" ON "mailer_tags"("slug");

-- CreateIndex
CREATE INDEX "mailer_subscriber_tags_tag_id_idx" ON "mailer_subscriber_tags"("tag_id");

-- CreateIndex
CREATE INDEX "mailer_campaigns_status_send_at_idx" ON "mailer_campaigns"("status", "send_at");

-- CreateIndex
CREATE INDEX "mailer_recipients_campaign_id_status_id_idx" ON "mailer_recipients"("campaign_id", "status", "id");

-- CreateIndex
CREATE INDEX "mailer_recipients_status_claimed_at_idx" ON "mailer_recipients"("status", "claimed_at");

-- CreateIndex
CREATE UNIQUE INDEX "mailer_recipients_campaign_id_subscriber_id_key" ON "mailer_recipients"("campaign_id", "subscriber_id");

-- AddForeignKey
ALTER TABLE "mailer_list_members" ADD CONSTRAINT "mailer_list_members_list_id_fkey" FOREIGN KEY ("list_id") REFERENCES "mailer_lists"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mailer_list_members" ADD CONSTRAINT "mailer_list_members_subscriber_id_fkey" FOREIGN KEY ("subscriber_id") REFERENCES "mailer_subscribers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mailer_subscriber_tags" ADD CONSTRAINT "mailer_subscriber_tags_subscriber_id_fkey" FOREIGN KEY ("subscriber_id") REFERENCES "mailer_subscribers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mailer_subscriber_tags" ADD CONSTRAINT "mailer_subscriber_tags_tag_id_fkey" FOREIGN KEY ("tag_id") REFERENCES "mailer_tags"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mailer_recipients" ADD CONSTRAINT "mailer_recipients_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "mailer_campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mailer_recipients" ADD CONSTRAINT "mailer_recipients_subscriber_id_fkey" FOREIGN KEY ("subscriber_id") REFERENCES "mailer_subscribers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

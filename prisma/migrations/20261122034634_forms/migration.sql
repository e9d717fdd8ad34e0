-- CreateTable
CREATE TABLE "forms" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'active',
    "version" INTEGER NOT NULL DEFAULT 1,
    "fields" JSONB NOT NULL DEFAULT '[]',
    "confirmation" JSONB NOT NULL DEFAULT '{}',
    "settings" JSONB NOT NULL DEFAULT '{}',
    "notifications" JSONB NOT NULL DEFAULT '[]',
    "mailing_feed" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "forms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "form_entries" (
    "id" SERIAL NOT NULL,
    "form_id" INTEGER NOT NULL,
    "form_version" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'unread',
    "values" JSONB NOT NULL,
    "meta" JSONB NOT NULL DEFAULT '{}',
    "search_text" TEXT NOT NULL DEFAULT '',
    "user_id" INTEGER,
    "ip" TEXT,
    "user_agent" TEXT,
    "source_url" TEXT,
    "notification_status" TEXT NOT NULL DEFAULT 'none',
    "notification_log" JSONB NOT NULL DEFAULT '[]',
    "notification_tries" INTEGER NOT NULL DEFAULT 0,
    "notified_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "form_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "forms_status_idx" ON "forms"("status");

-- CreateIndex
CREATE INDEX "form_entries_form_id_status_id_idx" ON "form_entries"("form_id", "status", "id");

-- CreateIndex
CREATE INDEX "form_entries_form_id_created_at_idx" ON "form_entries"("form_id", "created_at");

-- CreateIndex
CREATE INDEX "form_entries_notification_status_updated_at_idx" ON "form_entries"("notification_status", "updated_at");

-- CreateIndex
CREATE INDEX "form_entries_status_updated_at_idx" ON "form_entries"("status", "updated_at");

-- AddForeignKey
ALTER TABLE "form_entries" ADD CONSTRAINT "form_entries_form_id_fkey" FOREIGN KEY ("form_id") REFERENCES "forms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "form_entries" ADD CONSTRAINT "form_entries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

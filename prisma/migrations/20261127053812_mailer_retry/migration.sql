-- DropIndex
DROP INDEX "mailer_recipients_campaign_id_status_id_idx";

-- AlterTable
ALTER TABLE "mailer_recipients" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "not_before" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateIndex
CREATE INDEX "mailer_recipients_campaign_id_status_not_before_id_idx" ON "mailer_recipients"("campaign_id", "status", "not_before", "id");

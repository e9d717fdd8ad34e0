-- AlterTable
ALTER TABLE "member_daily_snapshots" ALTER COLUMN "mrr" SET DATA TYPE BIGINT;

-- AlterTable
ALTER TABLE "member_plans" ALTER COLUMN "price" SET DATA TYPE BIGINT;

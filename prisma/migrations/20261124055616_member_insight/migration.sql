-- CreateTable
CREATE TABLE "member_health" (
    "user_id" INTEGER NOT NULL,
    "score" INTEGER NOT NULL,
    "band" TEXT NOT NULL,
    "factors" JSONB NOT NULL,
    "computed_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "member_health_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "member_lifecycle_stages" (
    "membership_id" INTEGER NOT NULL,
    "stage" TEXT NOT NULL,
    "fired_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "member_lifecycle_stages_pkey" PRIMARY KEY ("membership_id","stage")
);

-- CreateTable
CREATE TABLE "member_daily_snapshots" (
    "day" DATE NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "mrr" INTEGER NOT NULL,
    "active_members" INTEGER NOT NULL,
    "new_memberships" INTEGER NOT NULL,
    "ended_memberships" INTEGER NOT NULL,
    "topics" INTEGER NOT NULL,
    "replies" INTEGER NOT NULL,
    "messages" INTEGER NOT NULL,
    "lessons_completed" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "member_daily_snapshots_pkey" PRIMARY KEY ("day")
);

-- CreateIndex
CREATE INDEX "member_health_band_idx" ON "member_health"("band");

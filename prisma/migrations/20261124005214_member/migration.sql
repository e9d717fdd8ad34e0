-- CreateTable
CREATE TABLE "member_plans" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "price" INTEGER NOT NULL DEFAULT 0,
    "currency" CHAR(3) NOT NULL,
    "interval" TEXT NOT NULL,
    "interval_count" INTEGER NOT NULL DEFAULT 1,
    "trial_days" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'active',
    "position" INTEGER NOT NULL DEFAULT 0,
    "source" TEXT NOT NULL DEFAULT 'manual',
    "source_ref" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "member_plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "member_memberships" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "plan_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "started_at" TIMESTAMP(3) NOT NULL,
    "trial_ends_at" TIMESTAMP(3),
    "current_period_end" TIMESTAMP(3),
    "paused_at" TIMESTAMP(3),
    "paused_until" TIMESTAMP(3),
    "cancel_at_period_end" BOOLEAN NOT NULL DEFAULT false,
    "cancelled_at" TIMESTAMP(3),
    "cancel_reason" TEXT,
    "ended_at" TIMESTAMP(3),
    "previous_plan_id" INTEGER,
    "proration" JSONB,
    "source" TEXT NOT NULL,
    "source_ref" TEXT,
    "source_status" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "member_memberships_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "member_access_rules" (
    "id" SERIAL NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" INTEGER,
    "plan_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "drip_method" TEXT NOT NULL DEFAULT 'none',
    "drip_days" INTEGER,
    "drip_date" TIMESTAMP(3),
    "prerequisite_type" TEXT,
    "prerequisite_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "member_access_rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "member_drip_releases" (
    "user_id" INTEGER NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" INTEGER NOT NULL,
    "released_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "member_drip_releases_pkey" PRIMARY KEY ("user_id","target_type","target_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "member_plans_slug_key" ON "member_plans"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "member_plans_source_ref_key" ON "member_plans"("source_ref");

-- CreateIndex
CREATE INDEX "member_plans_status_position_idx" ON "member_plans"("status", "position");

-- CreateIndex
CREATE UNIQUE INDEX "member_memberships_source_ref_key" ON "member_memberships"("source_ref");

-- CreateIndex
CREATE INDEX "member_memberships_user_id_status_idx" ON "member_memberships"("user_id", "status");

-- CreateIndex
CREATE INDEX "member_memberships_plan_id_status_idx" ON "member_memberships"("plan_id", "status");

-- CreateIndex
CREATE INDEX "member_memberships_status_current_period_end_idx" ON "member_memberships"("status", "current_period_end");

-- CreateIndex
CREATE INDEX "member_access_rules_target_type_target_id_idx" ON "member_access_rules"("target_type", "target_id");

-- AddForeignKey
ALTER TABLE "member_memberships" ADD CONSTRAINT "member_memberships_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_memberships" ADD CONSTRAINT "member_memberships_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "member_plans"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_memberships" ADD CONSTRAINT "member_memberships_previous_plan_id_fkey" FOREIGN KEY ("previous_plan_id") REFERENCES "member_plans"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_drip_releases" ADD CONSTRAINT "member_drip_releases_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "intel_scans" (
    "id" SERIAL NOT NULL,
    "score" INTEGER NOT NULL,
    "grade" TEXT NOT NULL,
    "critical" INTEGER NOT NULL,
    "warning" INTEGER NOT NULL,
    "info" INTEGER NOT NULL,
    "ok" INTEGER NOT NULL,
    "checks" INTEGER NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "trigger" TEXT NOT NULL,
    "started_at" TIMESTAMP(3) NOT NULL,
    "finished_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "intel_scans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "intel_check_results" (
    "id" SERIAL NOT NULL,
    "scan_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "check_id" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "detail" TEXT NOT NULL DEFAULT '',
    "score_impact" INTEGER NOT NULL,

    CONSTRAINT "intel_check_results_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "intel_snapshots" (
    "id" SERIAL NOT NULL,
    "scan_id" INTEGER,
    "score" INTEGER NOT NULL,
    "grade" TEXT NOT NULL,
    "critical" INTEGER NOT NULL,
    "warning" INTEGER NOT NULL,
    "info" INTEGER NOT NULL,
    "ok" INTEGER NOT NULL,
    "checks" INTEGER NOT NULL,
    "scanned_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "intel_snapshots_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "intel_check_results_scan_id_position_idx" ON "intel_check_results"("scan_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "intel_check_results_scan_id_check_id_key" ON "intel_check_results"("scan_id", "check_id");

-- CreateIndex
CREATE UNIQUE INDEX "intel_snapshots_scan_id_key" ON "intel_snapshots"("scan_id");

-- CreateIndex
CREATE INDEX "intel_snapshots_scanned_at_idx" ON "intel_snapshots"("scanned_at");

-- AddForeignKey
ALTER TABLE "intel_check_results" ADD CONSTRAINT "intel_check_results_scan_id_fkey" FOREIGN KEY ("scan_id") REFERENCES "intel_scans"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intel_snapshots" ADD CONSTRAINT "intel_snapshots_scan_id_fkey" FOREIGN KEY ("scan_id") REFERENCES "intel_scans"("id") ON DELETE SET NULL ON UPDATE CASCADE;

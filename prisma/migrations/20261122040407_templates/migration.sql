-- CreateTable
CREATE TABLE "tpl_cloud_entries" (
    "key" TEXT NOT NULL,
    "checksum" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "fetched_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "tpl_cloud_entries_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "tpl_cloud_state" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "source_url" TEXT,
    "etag" TEXT,
    "fetched_at" TIMESTAMP(3),
    "attempted_at" TIMESTAMP(3),
    "last_error" TEXT,
    "last_error_at" TIMESTAMP(3),
    "revision" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "tpl_cloud_state_pkey" PRIMARY KEY ("id")
);

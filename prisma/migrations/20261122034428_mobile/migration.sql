-- CreateTable
CREATE TABLE "mobile_sessions" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "install_id" UUID NOT NULL,
    "generation" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL,
    "rotated_at" TIMESTAMP(3) NOT NULL,
    "last_used_at" TIMESTAMP(3) NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "revoked_at" TIMESTAMP(3),
    "revoke_reason" TEXT,
    "ip" TEXT,
    "last_ip" TEXT,
    "user_agent" TEXT,
    "password_fp" TEXT NOT NULL,

    CONSTRAINT "mobile_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mobile_login_throttles" (
    "identifier" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "window_started_at" TIMESTAMP(3),
    "locked_until" TIMESTAMP(3),
    "pending" INTEGER NOT NULL DEFAULT 0,
    "pending_at" TIMESTAMP(3),
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "mobile_login_throttles_pkey" PRIMARY KEY ("identifier")
);

-- CreateTable
CREATE TABLE "mobile_login_attempts" (
    "id" SERIAL NOT NULL,
    "identifier" TEXT NOT NULL,
    "ip" TEXT,
    "install_id" TEXT,
    "channel" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "user_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "mobile_login_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mobile_secrets" (
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "mobile_secrets_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "mobile_sessions_user_id_revoked_at_idx" ON "mobile_sessions"("user_id", "revoked_at");

-- CreateIndex
CREATE INDEX "mobile_sessions_expires_at_idx" ON "mobile_sessions"("expires_at");

-- CreateIndex
CREATE INDEX "mobile_login_throttles_updated_at_idx" ON "mobile_login_throttles"("updated_at");

-- CreateIndex
CREATE INDEX "mobile_login_attempts_identifier_created_at_idx" ON "mobile_login_attempts"("identifier", "created_at");

-- CreateIndex
CREATE INDEX "mobile_login_attempts_created_at_idx" ON "mobile_login_attempts"("created_at");

-- AddForeignKey
ALTER TABLE "mobile_sessions" ADD CONSTRAINT "mobile_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

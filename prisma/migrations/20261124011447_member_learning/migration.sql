-- CreateTable
CREATE TABLE "member_courses" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'draft',
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "member_courses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "member_modules" (
    "id" SERIAL NOT NULL,
    "course_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'published',
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "member_modules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "member_lessons" (
    "id" SERIAL NOT NULL,
    "module_id" INTEGER NOT NULL,
    "course_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "content" TEXT NOT NULL DEFAULT '',
    "duration_minutes" INTEGER NOT NULL DEFAULT 0,
    "video_url" TEXT,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "member_lessons_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "member_quizzes" (
    "id" SERIAL NOT NULL,
    "lesson_id" INTEGER NOT NULL,
    "course_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "pass_percent" INTEGER NOT NULL DEFAULT 70,
    "max_attempts" INTEGER NOT NULL DEFAULT 0,
    "questions" JSONB NOT NULL DEFAULT '[]',
    "status" TEXT NOT NULL DEFAULT 'published',
    "created_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "member_quizzes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "member_enrollments" (
    "user_id" INTEGER NOT NULL,
    "course_id" INTEGER NOT NULL,
    "started_at" TIMESTAMP(3) NOT NULL,
    "completed_at" TIMESTAMP(3),

    CONSTRAINT "member_enrollments_pkey" PRIMARY KEY ("user_id","course_id")
);

-- CreateTable
CREATE TABLE "member_lesson_progress" (
    "user_id" INTEGER NOT NULL,
    "lesson_id" INTEGER NOT NULL,
    "course_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "completed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "member_lesson_progress_pkey" PRIMARY KEY ("user_id","lesson_id")
);

-- CreateTable
CREATE TABLE "member_quiz_attempts" (
    "id" SERIAL NOT NULL,
    "quiz_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "course_id" INTEGER NOT NULL,
    "answers" JSONB NOT NULL,
    "score" INTEGER NOT NULL,
    "passed" BOOLEAN NOT NULL,
    "attempt_number" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "member_quiz_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "member_certificates" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "course_id" INTEGER NOT NULL,
    "token" TEXT NOT NULL,
    "issued_at" TIMESTAMP(3) NOT NULL,
    "score" INTEGER,
    "revoked_at" TIMESTAMP(3),

    CONSTRAINT "member_certificates_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "member_courses_slug_key" ON "member_courses"("slug");

-- CreateIndex
CREATE INDEX "member_courses_status_position_idx" ON "member_courses"("status", "position");

-- CreateIndex
CREATE INDEX "member_modules_course_id_position_idx" ON "member_modules"("course_id", "position");

-- CreateIndex
CREATE INDEX "member_lessons_module_id_position_idx" ON "member_lessons"("module_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "member_lessons_course_id_slug_key" ON "member_lessons"("course_id", "slug");

-- CreateIndex
CREATE UNIQUE INDEX "member_quizzes_lesson_id_key" ON "member_quizzes"("lesson_id");

-- CreateIndex
CREATE INDEX "member_quizzes_course_id_idx" ON "member_quizzes"("course_id");

-- CreateIndex
CREATE INDEX "member_enrollments_course_id_idx" ON "member_enrollments"("course_id");

-- CreateIndex
CREATE INDEX "member_lesson_progress_user_id_course_id_idx" ON "member_lesson_progress"("user_id", "course_id");

-- CreateIndex
CREATE INDEX "member_quiz_attempts_quiz_id_idx" ON "member_quiz_attempts"("quiz_id");

-- CreateIndex
CREATE UNIQUE INDEX "member_quiz_attempts_user_id_quiz_id_attempt_number_key" ON "member_quiz_attempts"("user_id", "quiz_id", "attempt_number");

-- CreateIndex
CREATE UNIQUE INDEX "member_certificates_token_key" ON "member_certificates"("token");

-- CreateIndex
CREATE UNIQUE INDEX "member_certificates_user_id_course_id_key" ON "member_certificates"("user_id", "course_id");

-- AddForeignKey
ALTER TABLE "member_modules" ADD CONSTRAINT "member_modules_course_id_fkey" FOREIGN KEY ("course_id") REFERENCES "member_courses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_lessons" ADD CONSTRAINT "member_lessons_module_id_fkey" FOREIGN KEY ("module_id") REFERENCES "member_modules"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_lessons" ADD CONSTRAINT "member_lessons_course_id_fkey" FOREIGN KEY ("course_id") REFERENCES "member_courses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_quizzes" ADD CONSTRAINT "member_quizzes_lesson_id_fkey" FOREIGN KEY ("lesson_id") REFERENCES "member_lessons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_enrollments" ADD CONSTRAINT "member_enrollments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_enrollments" ADD CONSTRAINT "member_enrollments_course_id_fkey" FOREIGN KEY ("course_id") REFERENCES "member_courses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_lesson_progress" ADD CONSTRAINT "member_lesson_progress_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_lesson_progress" ADD CONSTRAINT "member_lesson_progress_lesson_id_fkey" FOREIGN KEY ("lesson_id") REFERENCES "member_lessons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_quiz_attempts" ADD CONSTRAINT "member_quiz_attempts_quiz_id_fkey" FOREIGN KEY ("quiz_id") REFERENCES "member_quizzes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_quiz_attempts" ADD CONSTRAINT "member_quiz_attempts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_certificates" ADD CONSTRAINT "member_certificates_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_certificates" ADD CONSTRAINT "member_certificates_course_id_fkey" FOREIGN KEY ("course_id") REFERENCES "member_courses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

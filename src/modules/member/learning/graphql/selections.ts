// What the REST routes of the learning part answer: selections on the GraphQL types, aliased to snake_case.
export const COURSE = `id title slug description status position module_count: moduleCount lesson_count: lessonCount
  created_at: createdAt updated_at: updatedAt`;
export const MODULE = `id course_id: courseId title description status position lesson_count: lessonCount created_at: createdAt
  updated_at: updatedAt`;
export const LESSON = `id module_id: moduleId course_id: courseId title slug content duration_minutes: durationMinutes
  video_url: videoUrl position status locked available_at: availableAt`;
export const QUIZ = `id lesson_id: lessonId course_id: courseId title pass_percent: passPercent max_attempts: maxAttempts status
  question_count: questionCount questions { id type prompt options { id text } points answer } locked available_at: availableAt`;
export const SUMMARY = `completed_lessons: completedLessons total_lessons: totalLessons percent completed`;
export const PROGRESS = `lesson_id: lessonId course_id: courseId status completed_at: completedAt course { ${SUMMARY} }`;
export const ATTEMPT = `id quiz_id: quizId user_id: userId score passed attempt_number: attemptNumber attempts_left: attemptsLeft
  created_at: createdAt`;
export const CERTIFICATE = `id user_id: userId course_id: courseId token issued_at: issuedAt score verify_url: verifyUrl`;
export const VERIFIED = `valid holder_name: holderName course_title: courseTitle issued_at: issuedAt score token`;
export const COURSE_PROGRESS = `course_id: courseId completed_lessons: completedLessons total_lessons: totalLessons percent completed`;

// 3. Learning: courses, a course's outline (modules, lessons, quizzes; reorder; publish), a lesson's content and video,
// a quiz's questions, and learners' progress per course.
import { Route, Switch } from 'wouter';
import { NotFound } from '../../layout/NotFound.tsx';
import { CourseOutline } from './CourseOutline.tsx';
import { CoursesList } from './CoursesList.tsx';
import { LessonEditor } from './LessonEditor.tsx';
import { QuizEditor } from './QuizEditor.tsx';

export default function LearningScreen() {
  return (
    <Switch>
      <Route path="/">
        <CoursesList />
      </Route>
      <Route path="/courses/:id">{({ id }) => <CourseOutline id={Number(id)} />}</Route>
      <Route path="/lessons/:id">{({ id }) => <LessonEditor id={Number(id)} />}</Route>
      <Route path="/quizzes/:id">{({ id }) => <QuizEditor id={Number(id)} />}</Route>
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}

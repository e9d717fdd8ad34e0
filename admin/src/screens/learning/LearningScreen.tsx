import { ScreenHeader } from '../../components/ScreenHeader.tsx';

export default function LearningScreen() {
  return <ScreenHeader title="Learning" />;
}

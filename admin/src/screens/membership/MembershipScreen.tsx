import { ScreenHeader } from '../../components/ScreenHeader.tsx';

export default function MembershipScreen() {
  return <ScreenHeader title="Membership" />;
}

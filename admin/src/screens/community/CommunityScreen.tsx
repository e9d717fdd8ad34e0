// 4. Community: the moderation queue, spaces, badges. Each tab is offered to the users whose capability allows it
// (moderators may resolve flags without managing spaces or badges).
import { TabbedScreen } from '../../components/TabbedScreen.tsx';
import { BadgesTab } from './BadgesTab.tsx';
import { ModerationTab } from './ModerationTab.tsx';
import { SpacesTab } from './SpacesTab.tsx';

const TABS = [
  { path: '/moderation', label: 'Moderation', capability: 'member_moderate_community', Component: ModerationTab },
  { path: '/spaces', label: 'Spaces', capability: 'member_manage_community', Component: SpacesTab },
  { path: '/badges', label: 'Badges', capability: 'member_manage_badges', Component: BadgesTab },
];

export default function CommunityScreen() {
  return <TabbedScreen label="Community sections" tabs={TABS} />;
}

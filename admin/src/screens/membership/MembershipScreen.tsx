// 2. Membership: plans, members (and a member's page), access rules. Each tab is offered to the users whose
// capabilities allow it; the member's page is a sub-route of the members tab.
import { Route } from 'wouter';
import { TabbedScreen } from '../../components/TabbedScreen.tsx';
import { useSession } from '../../session/SessionProvider.tsx';
import { AccessRulesTab } from './AccessRulesTab.tsx';
import { MemberPage } from './MemberPage.tsx';
import { MembersTab } from './MembersTab.tsx';
import { PlansTab } from './PlansTab.tsx';

const TABS = [
  { path: '/plans', label: 'Plans', capability: 'member_manage_plans', Component: PlansTab },
  { path: '/members', label: 'Members', capability: 'member_manage_members', Component: MembersTab },
  { path: '/rules', label: 'Access rules', capability: 'member_manage_access', Component: AccessRulesTab },
];

export default function MembershipScreen() {
  const { can } = useSession();
  return (
    <TabbedScreen label="Membership sections" tabs={TABS}>
      {can('member_manage_members') && <Route path="/members/:id">{({ id }) => <MemberPage id={Number(id)} />}</Route>}
    </TabbedScreen>
  );
}

// 2. Membership: plans, members (and a member's page), access rules. Each tab is offered to the users whose
// capabilities allow it; the member's page is a sub-route of the members tab.
import { Tabs } from '@mantine/core';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { NotFound } from '../../layout/NotFound.tsx';
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
  const [location, navigate] = useLocation();
  const tabs = TABS.filter((t) => can(t.capability));
  const current = tabs.find((t) => location === t.path || location.startsWith(`${t.path}/`));
  return (
    <>
      <Tabs value={current?.path ?? null} onChange={(v) => v && navigate(v)} mb="md" keepMounted={false}>
        <Tabs.List aria-label="Membership sections">
          {tabs.map((t) => (
            <Tabs.Tab key={t.path} value={t.path}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Switch>
        {can('member_manage_members') && <Route path="/members/:id">{({ id }) => <MemberPage id={Number(id)} />}</Route>}
        {tabs.map(({ path, Component }) => (
          <Route key={path} path={path}>
            <Component />
          </Route>
        ))}
        <Route path="/">{tabs[0] ? <Redirect to={tabs[0].path} replace /> : <NotFound />}</Route>
        <Route>
          <NotFound />
        </Route>
      </Switch>
    </>
  );
}

// A screen made of tabs, each its own sub-route and offered only to the users whose capability allows it: the tab
// list, the tab's route, and a redirect from the screen's root to the first tab the user may open. Sub-pages that
// belong to a tab (a member's page) are passed as routes before the tabs'.
import { Tabs } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { NotFound } from '../layout/NotFound.tsx';
import { useSession } from '../session/SessionProvider.tsx';

export interface ScreenTab {
  path: string;
  label: string;
  capability: string;
  Component: ComponentType;
}

export function TabbedScreen({
  label,
  tabs: all,
  children,
}: {
  label: string;
  tabs: readonly ScreenTab[];
  children?: ReactNode;
}) {
  const { can } = useSession();
  const [location, navigate] = useLocation();
  const tabs = all.filter((t) => can(t.capability));
  const current = tabs.find((t) => location === t.path || location.startsWith(`${t.path}/`));
  return (
    <>
      <Tabs value={current?.path ?? null} onChange={(v) => v && navigate(v)} mb="md" keepMounted={false}>
        <Tabs.List aria-label={label}>
          {tabs.map((t) => (
            <Tabs.Tab key={t.path} value={t.path}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Switch>
        {children}
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

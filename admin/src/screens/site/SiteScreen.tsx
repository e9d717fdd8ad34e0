// 6. Forms, templates and site health: forms with their fields, entries (filter, read, mark, export CSV), the
// template catalog (import as a template or as a page), and the health scan with each check's advice and the score
// over time. Each tab is offered to the users whose capabilities allow it.
import { Tabs } from '@mantine/core';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { NotFound } from '../../layout/NotFound.tsx';
import { useSession } from '../../session/SessionProvider.tsx';
import { EntriesTab } from './EntriesTab.tsx';
import { FormPage } from './FormPage.tsx';
import { FormsTab } from './FormsTab.tsx';
import { HealthTab } from './HealthTab.tsx';
import { TemplatesTab } from './TemplatesTab.tsx';

const TABS = [
  { path: '/forms', label: 'Forms', capability: 'forms_view_entries', Component: FormsTab },
  { path: '/entries', label: 'Entries', capability: 'forms_view_entries', Component: EntriesTab },
  { path: '/templates', label: 'Templates', capability: 'manage_options', Component: TemplatesTab },
  { path: '/health', label: 'Site health', capability: 'manage_options', Component: HealthTab },
];

export default function SiteScreen() {
  const { can } = useSession();
  const [location, navigate] = useLocation();
  const tabs = TABS.filter((t) => can(t.capability));
  const current = tabs.find((t) => location === t.path || location.startsWith(`${t.path}/`));
  return (
    <>
      <Tabs value={current?.path ?? null} onChange={(v) => v && navigate(v)} mb="md" keepMounted={false}>
        <Tabs.List aria-label="Forms and site sections">
          {tabs.map((t) => (
            <Tabs.Tab key={t.path} value={t.path}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Switch>
        {can('forms_view_entries') && <Route path="/forms/:id">{({ id }) => <FormPage id={Number(id)} />}</Route>}
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

// 5. Mailing: campaigns (compose, test send, send or schedule, progress while sending, stats), subscribers, lists,
// tags, segments with live counts, and the audience's figures. One capability (mailer_manage) opens all of it.
import { Tabs } from '@mantine/core';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { NotFound } from '../../layout/NotFound.tsx';
import { CampaignPage } from './CampaignPage.tsx';
import { CampaignsTab } from './CampaignsTab.tsx';
import { ListsTab } from './ListsTab.tsx';
import { SegmentsTab } from './SegmentsTab.tsx';
import { StatsTab } from './StatsTab.tsx';
import { SubscribersTab } from './SubscribersTab.tsx';
import { TagsTab } from './TagsTab.tsx';

const TABS = [
  { path: '/campaigns', label: 'Campaigns', Component: CampaignsTab },
  { path: '/subscribers', label: 'Subscribers', Component: SubscribersTab },
  { path: '/lists', label: 'Lists', Component: ListsTab },
  { path: '/tags', label: 'Tags', Component: TagsTab },
  { path: '/segments', label: 'Segments', Component: SegmentsTab },
  { path: '/stats', label: 'Audience', Component: StatsTab },
];

export default function MailingScreen() {
  const [location, navigate] = useLocation();
  const current = TABS.find((t) => location === t.path || location.startsWith(`${t.path}/`));
  return (
    <>
      <Tabs value={current?.path ?? null} onChange={(v) => v && navigate(v)} mb="md" keepMounted={false}>
        <Tabs.List aria-label="Mailing sections">
          {TABS.map((t) => (
            <Tabs.Tab key={t.path} value={t.path}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Switch>
        <Route path="/campaigns/new">
          <CampaignPage />
        </Route>
        <Route path="/campaigns/:id">{({ id }) => <CampaignPage id={Number(id)} />}</Route>
        {TABS.map(({ path, Component }) => (
          <Route key={path} path={path}>
            <Component />
          </Route>
        ))}
        <Route path="/">
          <Redirect to="/campaigns" replace />
        </Route>
        <Route>
          <NotFound />
        </Route>
      </Switch>
    </>
  );
}

// The console's screens, in the order. Each is a route module loaded on demand (its code is fetched the
// first time it is opened) and offered only to users holding one of its capabilities. Adding a screen: admin/README.md.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface ScreenDef {
  /** Path under /admin; the screen owns every path below it. */
  path: string;
  label: string;
  /** Any one of these opens the screen (the server still checks each call). */
  capabilities: readonly string[];
  Component: LazyExoticComponent<ComponentType>;
}

export const DASHBOARD_CAPABILITIES = ['manage_options', 'member_view_reports', 'forms_view_entries', 'mailer_manage'];

export const SCREENS: readonly ScreenDef[] = [
  {
    path: '/',
    label: 'Dashboard',
    capabilities: DASHBOARD_CAPABILITIES,
    Component: lazy(() => import('./dashboard/DashboardScreen.tsx')),
  },
  {
    path: '/membership',
    label: 'Membership',
    capabilities: ['member_manage_plans', 'member_manage_members', 'member_manage_access'],
    Component: lazy(() => import('./membership/MembershipScreen.tsx')),
  },
  {
    path: '/learning',
    label: 'Learning',
    capabilities: ['member_manage_courses'],
    Component: lazy(() => import('./learning/LearningScreen.tsx')),
  },
  {
    path: '/community',
    label: 'Community',
    capabilities: ['member_moderate_community', 'member_manage_community', 'member_manage_badges'],
    Component: lazy(() => import('./community/CommunityScreen.tsx')),
  },
  {
    path: '/mailing',
    label: 'Mailing',
    capabilities: ['mailer_manage'],
    Component: lazy(() => import('./mailing/MailingScreen.tsx')),
  },
  {
    path: '/site',
    label: 'Forms & site',
    capabilities: ['forms_view_entries', 'manage_options'],
    Component: lazy(() => import('./site/SiteScreen.tsx')),
  },
  {
    path: '/insight',
    label: 'Insight',
    capabilities: ['member_view_reports'],
    Component: lazy(() => import('./insight/InsightScreen.tsx')),
  },
  {
    path: '/people',
    label: 'People',
    capabilities: ['list_users'],
    Component: lazy(() => import('./people/PeopleScreen.tsx')),
  },
];

/** Every capability that opens some screen: a user with none is refused the console. */
export const CONSOLE_CAPABILITIES = [...new Set(SCREENS.flatMap((s) => s.capabilities))];

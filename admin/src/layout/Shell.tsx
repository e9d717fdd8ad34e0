// The frame every screen shares: a header with the user and sign-out, the navigation (only the screens the user may
// open), and the screen itself, loaded on demand behind a suspense boundary.
import { Anchor, AppShell, Burger, Button, Group, Loader, NavLink, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Link, Route, Switch, useLocation } from 'wouter';
import type { ViewerFieldsFragment } from '../gql/graphql.ts';
import type { ScreenDef } from '../screens/index.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { NotFound } from './NotFound.tsx';

const isActive = (location: string, path: string) =>
  path === '/' ? location === '/' : location === path || location.startsWith(`${path}/`);

export function Shell({ viewer, screens }: { viewer: ViewerFieldsFragment; screens: readonly ScreenDef[] }) {
  const { signOut } = useSession();
  const [location] = useLocation();
  const [opened, { toggle, close }] = useDisclosure();

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Anchor href="#main" className="skip-link">
              Skip to content
            </Anchor>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Title order={2} size="h4">
              Atrium
            </Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" data-testid="signed-in-as">
              {viewer.user?.displayName ?? viewer.user?.username}
            </Text>
            <Button variant="default" size="xs" onClick={() => void signOut()}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Console screens">
        {screens.map((s) => (
          <NavLink
            key={s.path}
            component={Link}
            href={s.path}
            label={s.label}
            active={isActive(location, s.path)}
            aria-current={isActive(location, s.path) ? 'page' : undefined}
            onClick={close}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        <Suspense fallback={<Loader aria-label="Loading the screen" />}>
          <Switch>
            {screens.map(({ path, Component }) =>
              path === '/' ? (
                <Route key={path} path="/">
                  <Component />
                </Route>
              ) : (
                <Route key={path} path={path} nest>
                  <Component />
                </Route>
              ),
            )}
            <Route>
              <NotFound />
            </Route>
          </Switch>
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}

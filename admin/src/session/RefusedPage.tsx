// A signed-in user none of whose capabilities opens a screen (a subscriber, an author): told so plainly, with the
// way out, instead of an empty console.
import { Alert, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ViewerFieldsFragment } from '../gql/graphql.ts';
import { useSession } from './SessionProvider.tsx';

export function RefusedPage({ viewer }: { viewer: ViewerFieldsFragment }) {
  const { signOut } = useSession();
  const roles = viewer.user?.roles.join(', ') || 'no role';
  return (
    <Center component="main" mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w={460}>
        <Stack>
          <Title order={1} size="h2">
            No access to the console
          </Title>
          <Alert color="orange" role="alert" title="This account cannot run the site">
            You are signed in as <strong>{viewer.user?.displayName ?? viewer.user?.username}</strong> ({roles}). The
            console is for the people who run the site: an administrator, a shop manager or an editor. Ask an
            administrator for a role if you need one.
          </Alert>
          <Text size="sm">Your account itself is fine: the site and its apps work as before.</Text>
          <Button variant="default" onClick={() => void signOut()}>
            Sign out
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

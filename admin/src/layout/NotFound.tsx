import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';

/** A path no screen owns, or one the user may not open. */
export function NotFound() {
  return (
    <Stack>
      <Title order={1}>Nothing here</Title>
      <Text>This page does not exist, or your account may not open it.</Text>
      <Anchor component={Link} href="~/admin/">
        Back to the dashboard
      </Anchor>
    </Stack>
  );
}

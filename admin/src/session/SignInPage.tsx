// Sign-in with the site's username and password: the login mutation sets the session cookie (HttpOnly) and answers
// the nonce. A message says why the user is here when a session ended.
import { Alert, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useSession } from './SessionProvider.tsx';

export function SignInPage({ message }: { message: string | null }) {
  const { signIn } = useSession();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: {
      username: (v) => (v.trim() ? null : 'Enter your username or e-mail.'),
      password: (v) => (v ? null : 'Enter your password.'),
    },
  });

  const submit = form.onSubmit(async ({ username, password }) => {
    setError(null);
    const failure = await signIn(username.trim(), password);
    if (!failure) return;
    form.setErrors(failure.fields);
    setError(failure.message);
  });

  return (
    <Center component="main" mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w={380} component="form" onSubmit={submit} noValidate>
        <Stack>
          <Title order={1} size="h2">
            Atrium console
          </Title>
          {message && (
            <Alert color="blue" role="status" data-testid="session-message">
              {message}
            </Alert>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput label="Username or e-mail" autoComplete="username" autoFocus {...form.getInputProps('username')} />
          <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
          <Button type="submit" loading={form.submitting}>
            Sign in
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

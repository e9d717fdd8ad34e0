// A user: their roles (promote_users), application passwords and API keys with scopes. A new credential's secret is
// shown once, as the server answers it only once; revoking asks first and says that it stops working at once.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  MultiSelect,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useQuery } from 'urql';
import { Link } from 'wouter';
import { confirmAction } from '../../components/confirm.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { formatDate, formatDateTime } from '../../components/format.ts';
import { Panel } from '../../components/Panel.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { useAction } from '../../components/useAction.ts';
import { refreshOn } from '../../components/useListState.ts';
import {
  PeopleCreateApiKeyDocument,
  PeopleCreateAppPasswordDocument,
  PeopleRevokeApiKeyDocument,
  PeopleRevokeAppPasswordDocument,
  PeopleSetRolesDocument,
  PeopleUserDocument,
  type PeopleUserQuery,
} from '../../gql/graphql.ts';
import { useSession } from '../../session/SessionProvider.tsx';
import { ROLES } from './roles.ts';

const context = refreshOn('User', 'AppPassword', 'ApiKey');

export function UserPage({ id }: { id: number }) {
  const [result] = useQuery({ query: PeopleUserDocument, variables: { id }, context });
  const data = result.data;
  return (
    <>
      <Anchor component={Link} href="/" size="sm">
        ← People
      </Anchor>
      <ScreenHeader
        title={data?.user.displayName ?? 'User'}
        description={data && `${data.user.username} · ${data.user.email} · created ${formatDate(data.user.createdAt)}`}
      />
      <ErrorAlert error={result.error} />
      {data && (
        <Stack>
          {/* Keyed by the saved roles: the picker starts again from what the server holds. */}
          <Roles key={data.user.roles.join()} user={data.user} />
          <AppPasswords data={data} />
          <ApiKeys data={data} />
        </Stack>
      )}
    </>
  );
}

function Roles({ user }: { user: PeopleUserQuery['user'] }) {
  const { can } = useSession();
  const [roles, setRoles] = useState(user.roles);
  const save = useAction(PeopleSetRolesDocument);
  const changed = roles.join() !== user.roles.join();
  return (
    <Panel title="Roles" result={{ data: user, fetching: false }} testId="roles">
      {() =>
        can('promote_users') ? (
          <Group align="flex-end">
            <MultiSelect
              label="Roles"
              description="Takes effect on the user's next request."
              data={ROLES}
              value={roles}
              onChange={setRoles}
              w={420}
            />
            <Button
              onClick={() => void save.run({ id: user.id, roles }, { success: `${user.username}'s roles saved.` })}
              disabled={!changed}
              loading={save.fetching}
            >
              Save roles
            </Button>
          </Group>
        ) : (
          <Group gap={4}>
            {user.roles.map((r) => (
              <Badge key={r}>{r}</Badge>
            ))}
          </Group>
        )
      }
    </Panel>
  );
}

/** A secret the server answers once: shown until the next one, with a note that it will not be shown again. */
function Secret({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <Alert color="green" title={label}>
      <Text size="sm">Copy it now: it is not shown again.</Text>
      <Code block data-testid="secret">
        {value}
      </Code>
    </Alert>
  );
}

function AppPasswords({ data }: { data: PeopleUserQuery }) {
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const create = useAction(PeopleCreateAppPasswordDocument);
  const revoke = useAction(PeopleRevokeAppPasswordDocument);
  const user = data.user;

  async function add() {
    const done = await create.run({ userId: user.id, name }, { success: `Application password “${name}” created.` });
    if (done.ok) {
      setSecret(done.data.createApplicationPassword.password);
      setName('');
    }
  }
  async function remove(p: { id: number; name: string }) {
    const ok = await confirmAction({
      title: `Revoke “${p.name}”?`,
      message: `Whatever signs in as ${user.username} with the application password “${p.name}” is refused from now on.`,
      action: 'Revoke password',
    });
    if (ok) await revoke.run({ id: p.id }, { success: `“${p.name}” revoked.` });
  }

  return (
    <Panel title="Application passwords" result={{ data, fetching: false }} testId="app-passwords">
      {() => (
        <Stack>
          <Text size="sm" c="dimmed">
            HTTP Basic credentials (with the username) that act fully as {user.username}.
          </Text>
          <Table>
            <caption className="sr-only">Application passwords of {user.username}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Created</Table.Th>
                <Table.Th scope="col">Last used</Table.Th>
                <Table.Th scope="col">
                  <span className="sr-only">Actions</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.applicationPasswords.items.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>{formatDateTime(p.createdAt)}</Table.Td>
                  <Table.Td>
                    {p.lastUsedAt ? `${formatDateTime(p.lastUsedAt)} from ${p.lastIp ?? '?'}` : 'never'}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant="default"
                      color="red"
                      onClick={() => void remove(p)}
                      aria-label={`Revoke ${p.name}`}
                    >
                      Revoke
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
              {!data.applicationPasswords.items.length && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text size="sm" c="dimmed">
                      None.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          <Group align="flex-end">
            <TextInput
              label="New application password"
              placeholder="The app that will use it"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <Button variant="default" onClick={() => void add()} disabled={!name.trim()} loading={create.fetching}>
              Create password
            </Button>
          </Group>
          <Secret label="New application password" value={secret} />
        </Stack>
      )}
    </Panel>
  );
}

function ApiKeys({ data }: { data: PeopleUserQuery }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [secret, setSecret] = useState<string | null>(null);
  const create = useAction(PeopleCreateApiKeyDocument);
  const revoke = useAction(PeopleRevokeApiKeyDocument);
  const user = data.user;

  async function add() {
    const done = await create.run(
      { userId: user.id, name, scopes: scopes.length ? scopes : undefined },
      { success: `API key “${name}” created.` },
    );
    if (done.ok) {
      setSecret(done.data.createApiKey.key);
      setName('');
      setScopes([]);
    }
  }
  async function remove(k: { id: number; name: string }) {
    const ok = await confirmAction({
      title: `Revoke the key “${k.name}”?`,
      message: `Requests with the API key “${k.name}” (acting as ${user.username}) are refused from now on. A revoked key cannot be restored.`,
      action: 'Revoke key',
    });
    if (ok) await revoke.run({ id: k.id }, { success: `“${k.name}” revoked.` });
  }

  return (
    <Panel title="API keys" result={{ data, fetching: false }} testId="api-keys">
      {() => (
        <Stack>
          <Text size="sm" c="dimmed">
            Bearer keys for services, limited to their scopes (capabilities or API scopes such as mailer:events; * lends
            all of {user.username}'s).
          </Text>
          <Table>
            <caption className="sr-only">API keys of {user.username}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Key starts</Table.Th>
                <Table.Th scope="col">Scopes</Table.Th>
                <Table.Th scope="col">Last used</Table.Th>
                <Table.Th scope="col">
                  <span className="sr-only">Actions</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.apiKeys.items.map((k) => (
                <Table.Tr key={k.id}>
                  <Table.Td>{k.name}</Table.Td>
                  <Table.Td>
                    <code>{k.prefix}…</code>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {k.scopes.map((s) => (
                        <Badge key={s} variant="outline">
                          {s}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {k.revokedAt
                      ? `revoked ${formatDateTime(k.revokedAt)}`
                      : k.lastUsedAt
                        ? formatDateTime(k.lastUsedAt)
                        : 'never'}
                  </Table.Td>
                  <Table.Td ta="right">
                    {!k.revokedAt && (
                      <Button
                        size="xs"
                        variant="default"
                        color="red"
                        onClick={() => void remove(k)}
                        aria-label={`Revoke ${k.name}`}
                      >
                        Revoke
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
              {!data.apiKeys.items.length && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text size="sm" c="dimmed">
                      None.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          <Group align="flex-end">
            <TextInput
              label="New API key"
              placeholder="The service that will use it"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <TagsInput
              label="Scopes"
              description="Empty: * (all of the owner's)."
              value={scopes}
              onChange={setScopes}
              w={320}
            />
            <Button variant="default" onClick={() => void add()} disabled={!name.trim()} loading={create.fetching}>
              Create key
            </Button>
          </Group>
          <Secret label="New API key" value={secret} />
        </Stack>
      )}
    </Panel>
  );
}

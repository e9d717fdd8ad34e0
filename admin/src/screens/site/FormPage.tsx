// One form: what it asks (its fields, with type, whether required, and options) and its entries.
import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { useQuery } from 'urql';
import { Link } from 'wouter';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Panel } from '../../components/Panel.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { SiteFormDocument } from '../../gql/graphql.ts';
import { EntriesList } from './EntriesList.tsx';

export function FormPage({ id }: { id: number }) {
  const [result] = useQuery({ query: SiteFormDocument, variables: { id } });
  const form = result.data?.form;
  return (
    <>
      <Anchor component={Link} href="/forms" size="sm">
        ← Forms
      </Anchor>
      <ScreenHeader
        title={form?.title ?? 'Form'}
        description={
          form &&
          `${form.entryCount} entries, ${form.unreadCount} unread · ${form.requiresLogin ? 'signed-in people only' : 'open to anyone'}`
        }
        actions={
          form && (
            <Badge color={form.acceptingEntries ? 'green' : 'gray'}>
              {form.acceptingEntries ? 'taking entries' : form.status}
            </Badge>
          )
        }
      />
      <ErrorAlert error={result.error} />
      {form && (
        <Stack>
          <Panel title="Fields" result={{ data: form, fetching: false }} testId="form-fields">
            {(f) => (
              <Table.ScrollContainer minWidth={600}>
                <Table>
                  <caption className="sr-only">Fields of {f.title}</caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Label</Table.Th>
                      <Table.Th scope="col">Key</Table.Th>
                      <Table.Th scope="col">Type</Table.Th>
                      <Table.Th scope="col">Required</Table.Th>
                      <Table.Th scope="col">Options</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {f.fields.map((field) => (
                      <Table.Tr key={field.key}>
                        <Table.Td>
                          <Text size="sm">{field.label || field.key}</Text>
                          {field.description && (
                            <Text size="xs" c="dimmed">
                              {field.description}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <code>{field.key}</code>
                        </Table.Td>
                        <Table.Td>{field.type}</Table.Td>
                        <Table.Td>{field.required ? 'yes' : 'no'}</Table.Td>
                        <Table.Td>{field.options.map((o) => o.label).join(', ') || '—'}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Panel>
          <EntriesList formId={form.id} title={`Entries of ${form.title}`} />
        </Stack>
      )}
    </>
  );
}

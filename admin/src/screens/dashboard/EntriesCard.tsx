import { Badge, Table, Text } from '@mantine/core';
import { useQuery } from 'urql';
import { Panel } from '../../components/Panel.tsx';
import { formatDateTime } from '../../components/format.ts';
import { DashboardEntriesDocument } from '../../gql/graphql.ts';

export function EntriesCard() {
  const [result] = useQuery({ query: DashboardEntriesDocument });
  return (
    <Panel title="Recent form entries" result={result} testId="card-entries">
      {({ formEntries }) =>
        formEntries.items.length ? (
          <Table verticalSpacing={4}>
            <caption style={{ display: 'none' }}>Recent form entries</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Form</Table.Th>
                <Table.Th scope="col">Received</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {formEntries.items.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>
                    {e.form.title} #{e.id}
                  </Table.Td>
                  <Table.Td>{formatDateTime(e.createdAt)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={e.status === 'unread' ? 'indigo' : 'gray'}>
                      {e.status}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            No entries yet.
          </Text>
        )
      }
    </Panel>
  );
}

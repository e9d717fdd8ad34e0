// Entries, filtered by form, status, text and dates, paged on the server. Open one to read it (an unread entry is
// marked read as it opens); select some to mark them read, unread, spam or trash; export the form's entries, as
// filtered, to CSV.
import { Badge, Button, Checkbox, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useClient, useQuery } from 'urql';
import { confirmAction } from '../../components/confirm.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { formatDateTime } from '../../components/format.ts';
import { useAction } from '../../components/useAction.ts';
import { refreshOn, useListState } from '../../components/useListState.ts';
import {
  SiteEntriesCsvDocument,
  SiteEntriesDocument,
  SiteFormOptionsDocument,
  SiteSetEntryStatusDocument,
  type FormEntryStatus,
  type FormEntryStatusFilter,
  type SiteEntryFieldsFragment,
} from '../../gql/graphql.ts';
import { readServerError } from '../../graphql/errors.ts';
import { useSession } from '../../session/SessionProvider.tsx';

type Entry = SiteEntryFieldsFragment;
const context = refreshOn('FormEntry');
const STATUS_COLOR: Record<string, string> = { unread: 'blue', read: 'gray', spam: 'orange', trash: 'red' };
const STATUS_FILTERS: { value: FormEntryStatusFilter; label: string }[] = [
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
  { value: 'spam', label: 'Spam' },
  { value: 'trash', label: 'Trash' },
  { value: 'any', label: 'Any, spam and trash too' },
];
/** A day typed in a date input, as the start of that day (UTC) or the start of the next one (for "until"). */
const dayStart = (day: string, next = false) =>
  day ? new Date(Date.parse(`${day}T00:00:00Z`) + (next ? 86_400_000 : 0)).toISOString() : undefined;
const summary = (e: Entry) =>
  e.fields
    .slice(0, 3)
    .map((f) => f.display)
    .filter(Boolean)
    .join(' · ');

export function EntriesList({ formId, title = 'Entries' }: { formId?: number; title?: string }) {
  const { can } = useSession();
  const mayEdit = can('forms_edit_entries');
  const list = useListState<{
    formId: number | undefined;
    status: FormEntryStatusFilter | undefined;
    from: string;
    to: string;
  }>({ formId, status: undefined, from: '', to: '' });
  const { from, to, ...filters } = list.variables;
  const variables = { ...filters, since: dayStart(from), until: dayStart(to, true) };
  const [result] = useQuery({ query: SiteEntriesDocument, variables, context });
  const [forms] = useQuery({ query: SiteFormOptionsDocument, pause: formId !== undefined });
  const [selected, setSelected] = useState<number[]>([]);
  // The entry stays while its dialog closes (the dialog keeps its title through the closing animation).
  const [reading, setReading] = useState<Entry | null>(null);
  const [readingOpen, setReadingOpen] = useState(false);
  const mark = useAction(SiteSetEntryStatusDocument);
  const client = useClient();
  const [exporting, setExporting] = useState(false);
  const rows = result.data?.formEntries.items;

  async function setStatus(ids: number[], status: FormEntryStatus) {
    if (status === 'spam' || status === 'trash') {
      const ok = await confirmAction({
        title: `Move ${ids.length} entr${ids.length === 1 ? 'y' : 'ies'} to ${status}?`,
        message: `They leave the inbox and are deleted for good 30 days from now unless marked read or unread before.`,
        action: `Move to ${status}`,
      });
      if (!ok) return;
    }
    const done = await mark.run(
      { ids, status },
      { success: `${ids.length} entr${ids.length === 1 ? 'y' : 'ies'} marked ${status}.` },
    );
    if (done.ok) setSelected([]);
  }

  async function open(e: Entry) {
    setReading(e);
    setReadingOpen(true);
    if (e.status === 'unread' && mayEdit) await mark.run({ ids: [e.id], status: 'read' });
  }

  async function exportCsv() {
    const id = list.filters.formId;
    if (!id) return;
    setExporting(true);
    const answer = await client
      .query(
        SiteEntriesCsvDocument,
        {
          formId: id,
          search: variables.search,
          status: variables.status,
          since: variables.since,
          until: variables.until,
        },
        { requestPolicy: 'network-only' },
      )
      .toPromise();
    setExporting(false);
    const csv = answer.data?.formEntriesCsv;
    if (!csv) {
      notifications.show({
        color: 'red',
        title: 'Not exported',
        message: answer.error ? readServerError(answer.error).message : 'No answer from the server.',
      });
      return;
    }
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([csv.csv], { type: csv.contentType }));
    link.download = csv.filename;
    link.click();
    URL.revokeObjectURL(link.href);
    notifications.show({
      color: csv.truncated ? 'orange' : 'green',
      message: `${csv.rows} entries exported to ${csv.filename}${csv.truncated ? ' (cut at the export limit)' : ''}.`,
    });
  }

  const allOnPage = !!rows?.length && rows.every((r) => selected.includes(r.id));
  const columns: Column<Entry>[] = [
    ...(mayEdit
      ? [
          {
            key: 'select',
            width: 40,
            header: (
              <Checkbox
                aria-label="Select every entry on this page"
                checked={allOnPage}
                onChange={() => setSelected(allOnPage ? [] : (rows ?? []).map((r) => r.id))}
              />
            ),
            render: (e: Entry) => (
              <Checkbox
                aria-label={`Select entry ${e.id}`}
                checked={selected.includes(e.id)}
                onChange={() => setSelected((s) => (s.includes(e.id) ? s.filter((x) => x !== e.id) : [...s, e.id]))}
              />
            ),
          },
        ]
      : []),
    {
      key: 'entry',
      header: 'Entry',
      render: (e) => (
        <>
          <Text size="sm" fw={e.status === 'unread' ? 700 : 400}>
            {summary(e) || `Entry ${e.id}`}
          </Text>
          <Text size="xs" c="dimmed">
            #{e.id} · {e.form.title}
          </Text>
        </>
      ),
    },
    { key: 'status', header: 'Status', render: (e) => <Badge color={STATUS_COLOR[e.status]}>{e.status}</Badge> },
    { key: 'received', header: 'Received', render: (e) => formatDateTime(e.createdAt) },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      render: (e) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="default" onClick={() => void open(e)} aria-label={`Read entry ${e.id}`}>
            Read
          </Button>
          {mayEdit && e.status !== 'unread' && (
            <Button
              size="xs"
              variant="default"
              onClick={() => void setStatus([e.id], 'unread')}
              aria-label={`Mark unread: entry ${e.id}`}
            >
              Mark unread
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Group align="flex-end">
        {formId === undefined && (
          <Select
            aria-label="Form"
            placeholder="Every form"
            clearable
            data={forms.data?.forms.items.map((f) => ({ value: String(f.id), label: f.title })) ?? []}
            value={list.filters.formId ? String(list.filters.formId) : null}
            onChange={(v) => list.setFilters({ formId: v ? Number(v) : undefined })}
          />
        )}
        <Select
          aria-label="Entry status"
          placeholder="Inbox (unread and read)"
          clearable
          data={STATUS_FILTERS}
          value={list.filters.status ?? null}
          onChange={(v) => list.setFilters({ status: (v as FormEntryStatusFilter | null) ?? undefined })}
        />
        <TextInput
          aria-label="Search entries"
          placeholder="Text or entry id"
          value={list.search}
          onChange={(e) => list.setSearch(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label="From"
          value={list.filters.from}
          onChange={(e) => list.setFilters({ from: e.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="To"
          value={list.filters.to}
          onChange={(e) => list.setFilters({ to: e.currentTarget.value })}
        />
        <Button
          variant="default"
          onClick={() => void exportCsv()}
          disabled={!list.filters.formId}
          loading={exporting}
          title={list.filters.formId ? undefined : 'Choose a form to export its entries'}
        >
          Export CSV
        </Button>
      </Group>
      {mayEdit && selected.length > 0 && (
        <Group gap="xs" data-testid="bulk">
          <Text size="sm">{selected.length} selected:</Text>
          <Button size="xs" variant="default" onClick={() => void setStatus(selected, 'read')}>
            Mark read
          </Button>
          <Button size="xs" variant="default" onClick={() => void setStatus(selected, 'unread')}>
            Mark unread
          </Button>
          <Button size="xs" variant="default" color="orange" onClick={() => void setStatus(selected, 'spam')}>
            Spam…
          </Button>
          <Button size="xs" variant="default" color="red" onClick={() => void setStatus(selected, 'trash')}>
            Trash…
          </Button>
        </Group>
      )}
      <DataTable
        caption={title}
        columns={columns}
        rows={rows}
        rowKey={(e) => e.id}
        fetching={result.fetching}
        error={result.error}
        empty="No entry matches."
        paging={{
          page: list.page,
          totalPages: result.data?.formEntries.totalPages ?? 0,
          total: result.data?.formEntries.total ?? 0,
          onPage: list.setPage,
          noun: 'entries',
        }}
      />
      <Modal
        opened={readingOpen}
        onClose={() => setReadingOpen(false)}
        title={reading ? `Entry ${reading.id} · ${reading.form.title}` : 'Entry'}
        size="lg"
      >
        {reading && (
          <Stack>
            <Text size="sm" c="dimmed">
              Received {formatDateTime(reading.createdAt)}
              {reading.sourceUrl ? ` from ${reading.sourceUrl}` : ''}
            </Text>
            <Table>
              <caption className="sr-only">Values of entry {reading.id}</caption>
              <Table.Tbody>
                {reading.fields.map((f) => (
                  <Table.Tr key={f.key}>
                    <Table.Th scope="row" w="35%">
                      {f.label}
                    </Table.Th>
                    <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{f.display || '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

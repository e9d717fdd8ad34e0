// The template catalog (bundled and cloud): search, filter by source and category, and write one as a library
// template or as a new page. A template whose requirements this site does not meet is refused with the server's
// message; the button then offers to write it anyway.
import { Badge, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useQuery } from 'urql';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { useAction } from '../../components/useAction.ts';
import { useListState } from '../../components/useListState.ts';
import {
  SiteImportTemplateDocument,
  SitePageFromTemplateDocument,
  SiteTemplatesDocument,
  type SiteTemplatesQuery,
  type TemplateSource,
} from '../../gql/graphql.ts';

type Template = SiteTemplatesQuery['templateCatalog']['items'][number];

export function TemplatesTab() {
  const list = useListState<{ source: TemplateSource | undefined }>({ source: undefined });
  const [result] = useQuery({ query: SiteTemplatesDocument, variables: list.variables });
  const [paging, setPaging] = useState<Template | null>(null);
  const [title, setTitle] = useState('');
  const asTemplate = useAction(SiteImportTemplateDocument);
  const asPage = useAction(SitePageFromTemplateDocument);

  async function importIt(t: Template) {
    await asTemplate.run(
      { key: t.key, force: !t.requirements.met },
      { success: `${t.title} imported as a draft template.` },
    );
  }
  async function createPage() {
    if (!paging) return;
    const done = await asPage.run({
      key: paging.key,
      title: title.trim() || undefined,
      force: !paging.requirements.met,
    });
    if (done.ok) {
      const post = done.data.createPageFromTemplate.post;
      setPaging(null);
      notifications.show({
        color: 'green',
        message: `Draft page “${post.title}” (#${post.id}) created from ${paging.title}.`,
      });
    }
  }

  const columns: Column<Template>[] = [
    {
      key: 'title',
      header: 'Template',
      render: (t) => (
        <>
          <Text fw={600} size="sm">
            {t.title}
          </Text>
          <Text size="xs" c="dimmed">
            {t.description || t.key}
          </Text>
        </>
      ),
    },
    { key: 'category', header: 'Category', render: (t) => t.category },
    { key: 'source', header: 'Source', render: (t) => <Badge>{t.source}</Badge> },
    {
      key: 'requirements',
      header: 'Requirements',
      render: (t) =>
        t.requirements.met ? (
          <Text size="sm">met</Text>
        ) : (
          <Text size="sm" c="red.9">
            {t.requirements.messages.join(' ')}
          </Text>
        ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      render: (t) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            onClick={() => void importIt(t)}
            aria-label={`${t.requirements.met ? 'Import' : 'Import anyway'} ${t.title} as a template`}
          >
            {t.requirements.met ? 'Import' : 'Import anyway'}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              setTitle(t.title);
              setPaging(t);
            }}
            aria-label={`New page from ${t.title}`}
          >
            New page
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <>
      <ScreenHeader
        title="Templates"
        description="Ready-made pages and sections: import one into the template library, or start a draft page from it."
      />
      <Group mb="sm">
        <TextInput
          aria-label="Search templates"
          placeholder="Title, tag or category"
          value={list.search}
          onChange={(e) => list.setSearch(e.currentTarget.value)}
        />
        <Select
          aria-label="Template source"
          placeholder="Bundled and cloud"
          clearable
          data={[
            { value: 'bundled', label: 'Bundled' },
            { value: 'cloud', label: 'Cloud' },
          ]}
          value={list.filters.source ?? null}
          onChange={(v) => list.setFilters({ source: (v as TemplateSource | null) ?? undefined })}
        />
      </Group>
      <DataTable
        caption="Template catalog"
        columns={columns}
        rows={result.data?.templateCatalog.items}
        rowKey={(t) => t.key}
        fetching={result.fetching}
        error={result.error}
        empty="No template matches."
        paging={{
          page: list.page,
          totalPages: result.data?.templateCatalog.totalPages ?? 0,
          total: result.data?.templateCatalog.total ?? 0,
          onPage: list.setPage,
          noun: 'templates',
        }}
      />
      <Modal opened={paging !== null} onClose={() => setPaging(null)} title={`New page from ${paging?.title ?? ''}`}>
        <Stack>
          <TextInput
            label="Page title"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            data-autofocus
          />
          {paging && !paging.requirements.met && (
            <Text size="sm" c="red.9">
              This site does not meet its requirements: {paging.requirements.messages.join(' ')} The page is created
              anyway.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPaging(null)}>
              Cancel
            </Button>
            <Button onClick={() => void createPage()} loading={asPage.fetching}>
              Create draft page
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

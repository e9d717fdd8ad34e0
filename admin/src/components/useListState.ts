// A server-paged list's state: the page, and filters that send it back to page 1 when they change. The search text
// reaches the query once typing pauses, so each keystroke does not cost a request.
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';

export function useListState<F extends Record<string, unknown>>(initial: F, perPage = 20) {
  const [page, setPage] = useState(1);
  const [filters, set] = useState(initial);
  const [search, setSearchText] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  return {
    page,
    setPage,
    perPage,
    filters,
    setFilters: (patch: Partial<F>) => {
      set((f) => ({ ...f, ...patch }));
      setPage(1);
    },
    search,
    setSearch: (text: string) => {
      setSearchText(text);
      setPage(1);
    },
    /** Variables for the list query: page, perPage, the debounced search (omitted when empty) and the filters. */
    variables: useMemo(
      () => ({ page, perPage, search: debounced || undefined, ...filters }),
      [page, perPage, debounced, filters],
    ),
  };
}

/** urql's query context, made once: the typenames whose mutations refresh a list even while it is empty. */
export const refreshOn = (...typenames: string[]) => ({ additionalTypenames: typenames });

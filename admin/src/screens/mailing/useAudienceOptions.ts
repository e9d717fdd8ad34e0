// Lists, tags and segments as options for filters and audience pickers (the first 100 of each), and their names by id.
import { useMemo } from 'react';
import { useQuery } from 'urql';
import { refreshOn } from '../../components/useListState.ts';
import { MailingAudienceOptionsDocument } from '../../gql/graphql.ts';

const context = refreshOn('MailerList', 'MailerTag', 'MailerSegment');

export function useAudienceOptions() {
  const [result] = useQuery({ query: MailingAudienceOptionsDocument, context });
  return useMemo(() => {
    const lists = result.data?.mailerLists.items ?? [];
    const tags = result.data?.mailerTags.items ?? [];
    const segments = result.data?.mailerSegments.items ?? [];
    const option = (x: { id: number; name: string }) => ({ value: String(x.id), label: x.name });
    return {
      lists: lists.map(option),
      tags: tags.map(option),
      segments: segments.map(option),
      listName: new Map(lists.map((l) => [l.id, l.name])),
      tagName: new Map(tags.map((t) => [t.id, t.name])),
      segmentName: new Map(segments.map((s) => [s.id, s.name])),
    };
  }, [result.data]);
}

export const toIds = (values: string[]) => values.map(Number);
export const toValues = (ids: readonly number[]) => ids.map(String);

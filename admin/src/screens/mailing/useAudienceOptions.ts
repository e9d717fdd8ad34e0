// Lists, tags and segments as options for filters and audience pickers, and their names by id.
import { useMemo } from 'react';
import { useQuery } from 'urql';
import { refreshOn } from '../../components/useListState.ts';
import { MailingAudienceOptionsDocument } from '../../gql/graphql.ts';

const context = refreshOn('MailerList', 'MailerTag', 'MailerSegment');

export function useAudienceOptions() {
  const [result] = useQuery({ query: MailingAudienceOptionsDocument, context });
  return useMemo(() => {
    const d = result.data;
    const option = (x: { id: number; name: string }) => ({ value: String(x.id), label: x.name });
    return {
      lists: d?.mailerLists.map(option) ?? [],
      tags: d?.mailerTags.map(option) ?? [],
      segments: d?.mailerSegments.map(option) ?? [],
      listName: new Map(d?.mailerLists.map((l) => [l.id, l.name])),
      tagName: new Map(d?.mailerTags.map((t) => [t.id, t.name])),
      segmentName: new Map(d?.mailerSegments.map((s) => [s.id, s.name])),
    };
  }, [result.data]);
}

export const toIds = (values: string[]) => values.map(Number);
export const toValues = (ids: readonly number[]) => ids.map(String);

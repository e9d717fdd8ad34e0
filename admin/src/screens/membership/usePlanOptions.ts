import { useMemo } from 'react';
import { useQuery } from 'urql';
import { refreshOn } from '../../components/useListState.ts';
import { MembershipPlanOptionsDocument } from '../../gql/graphql.ts';

const context = refreshOn('MemberPlan');

/** Every plan as select options (a site has a handful), active ones first, and names by id. */
export function usePlanOptions() {
  const [result] = useQuery({ query: MembershipPlanOptionsDocument, context });
  return useMemo(() => {
    const plans = result.data?.memberPlans.items ?? [];
    const names = new Map(plans.map((p) => [p.id, p.name]));
    const options = (withArchived = false) =>
      plans
        .filter((p) => withArchived || p.status === 'active')
        .map((p) => ({ value: String(p.id), label: p.status === 'active' ? p.name : `${p.name} (archived)` }));
    return { plans, names, options };
  }, [result.data]);
}

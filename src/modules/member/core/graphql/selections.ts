// What the REST routes of member/v1 answer: selections on the GraphQL types, aliased to snake_case.
export const PLAN = `id name slug description price currency interval interval_count: intervalCount trial_days: trialDays status
  position active_members: activeMembers created_at: createdAt updated_at: updatedAt`;
export const MEMBERSHIP = `id user_id: userId plan_id: planId status started_at: startedAt trial_ends_at: trialEndsAt
  current_period_end: currentPeriodEnd paused_until: pausedUntil cancel_at_period_end: cancelAtPeriodEnd cancelled_at: cancelledAt
  cancel_reason: cancelReason ended_at: endedAt previous_plan_id: previousPlanId proration { credit charge currency }
  source source_ref: sourceRef source_status: sourceStatus created_at: createdAt updated_at: updatedAt plan { id name slug }`;
export const MEMBER = `id username display_name: displayName email registered_at: registeredAt memberships { ${MEMBERSHIP} }
  active_plan_ids: activePlanIds status`;
export const ACCESS_RULE = `id target_type: targetType target_id: targetId plan_ids: planIds drip_method: dripMethod drip_days: dripDays
  drip_date: dripDate prerequisite_type: prerequisiteType prerequisite_id: prerequisiteId created_at: createdAt updated_at: updatedAt`;
export const ACCESS = `allowed reason plan_ids: planIds available_at: availableAt`;

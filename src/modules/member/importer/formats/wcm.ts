// WooCommerce Memberships: the members CSV export (domain-anchors §7.4), headers = keys, comma or tab delimited; the
// WooCommerce Subscriptions clone's extra `member_role`, `subscription_id`, `installment_plan` are ignored. Dates
// (`member_since`, `membership_expiration`) are in the site's time zone unless the site exported them in UTC: the
// run's --source-timezone says which. Statuses active, free_trial, delayed, complimentary, pending (cancellation),
// paused, expired, cancelled. Key: user_membership_id.
import { Header, type SourceFormat } from '../format.ts';

export const wcm: SourceFormat = {
  system: 'wcm',
  label: 'WooCommerce Memberships members',
  bind(names) {
    const h = new Header(names);
    const key = h.required(this.label, 'membership id', 'user_membership_id');
    const email = h.required(this.label, 'e-mail', 'member_email', 'user_email', 'email');
    const planId = h.optional('membership_plan_id');
    const planName = h.optional('membership_plan', 'membership_plan_name');
    const planSlug = h.optional('membership_plan_slug');
    if (!h.has('membership_plan_id', 'membership_plan', 'membership_plan_name', 'membership_plan_slug'))
      h.required(this.label, 'plan', 'membership_plan_id', 'membership_plan');
    const username = h.optional('user_name', 'user_login');
    const first = h.optional('member_first_name', 'first_name');
    const last = h.optional('member_last_name', 'last_name');
    const status = h.required(this.label, 'status', 'membership_status');
    const start = h.optional('member_since', 'membership_start_date');
    const end = h.optional('membership_expiration', 'membership_end_date');
    return (cells) => ({
      key: key(cells),
      email: email(cells),
      username: username(cells),
      firstName: first(cells),
      lastName: last(cells),
      // Plans by id; a file without ids names them (the slug when there is no name).
      plan: { id: planId(cells), name: planName(cells) ?? planSlug(cells) },
      status: status(cells),
      start: start(cells),
      end: end(cells),
    });
  },
};

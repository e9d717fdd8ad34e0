// Paid Memberships Pro: the Members List CSV export (domain-anchors §7.1) in each of its header variants — ≤ 2.12
// (`initial payment, fee, term`), 3.0–3.5 (`billing_amount, cycle_number, cycle_period`), 3.6 (+ `startdate`), 3.7+
// (+ `membership_id`), with `expires` (members) or `ended` (old members) — and the columns of PMPro's own importer
// add-on (`user_email`, `membership_id`, `membership_status`, `membership_startdate`, `membership_enddate`, …).
// The export has no status column: its members view lists active members, the old-members view ended ones.
// Idempotency key: (user id, else e-mail; level id, else level name).
import { Header, type SourceFormat } from '../format.ts';

export const pmpro: SourceFormat = {
  system: 'pmpro',
  label: 'Paid Memberships Pro members',
  bind(names) {
    const h = new Header(names);
    const email = h.required(this.label, 'e-mail', 'email', 'user_email');
    const levelId = h.optional('membership_id');
    const levelName = h.column('membership', 'membership_name', 'level_name');
    if (!levelName && !h.has('membership_id')) h.required(this.label, 'membership', 'membership', 'membership_id');
    const readName = levelName ?? (() => null);
    const userId = h.optional('id', 'user_id');
    const username = h.optional('username', 'user_login');
    const first = h.optional('firstname', 'first_name');
    const last = h.optional('lastname', 'last_name');
    const status = h.column('membership_status', 'status');
    const oldMembers = h.has('ended') && !h.has('expires');
    const start = h.column('startdate', 'membership_startdate');
    const joined = h.optional('joined', 'user_registered');
    const end = h.optional('expires', 'ended', 'membership_enddate');
    const price = h.optional('billing_amount', 'membership_billing_amount', 'fee');
    const period = h.optional('cycle_period', 'membership_cycle_period', 'term');
    const count = h.optional('cycle_number', 'membership_cycle_number');
    return (cells) => {
      const e = email(cells);
      const started = start?.(cells);
      const level = levelId(cells) ?? readName(cells);
      const who = userId(cells) ?? e?.toLowerCase() ?? null;
      return {
        key: who && level ? `${who}:${level}` : null,
        email: e,
        username: username(cells),
        firstName: first(cells),
        lastName: last(cells),
        plan: {
          id: levelId(cells),
          name: readName(cells),
          price: price(cells),
          interval: period(cells),
          intervalCount: count(cells),
        },
        status: status ? status(cells) : null,
        derived: oldMembers ? 'expired' : 'active',
        // A start date of "N/A" (3.6+) or none (before 3.6) falls back to the join date.
        start: started && !/^n\/a$/i.test(started) ? started : joined(cells),
        end: end(cells),
      };
    };
  },
};

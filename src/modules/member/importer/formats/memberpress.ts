// MemberPress (domain-anchors §7.2). Its exports' headers are the SQL aliases of the list tables, present or not as
// the screen's columns are enabled, so every field is looked up by alias and only the key, the user and the plan are
// required. Accepted:
// - the subscriptions export (`sub_type` = subscription: key `subscr_id`, status pending|active|suspended|cancelled,
//   end `expires_at` of the expiring payment) and its non-recurring twin (`sub_type` = transaction: `subscr_id` holds
//   the payment's trans_num, `status` says "None", the `active` column says Yes/No);
// - the transactions export (`trans_num`, status pending|failed|complete|confirmed|refunded, `expires_at`): one-time
//   purchases; a payment of a subscription is skipped (its subscription row carries the membership);
// - the MemberPress Importer's subscription (`sub_num`) and transaction (`trans_num`) formats, users by `username` or
//   `email`, `started_at` for `created_at`.
// Keys: `sub:<subscr_id>` and `txn:<trans_num>`.
import { Header, invalidFile, type SourceFormat, type SourceRow } from '../format.ts';

const NO_SUBSCRIPTION = /^(|none|0)$/i;

export const memberpress: SourceFormat = {
  system: 'memberpress',
  label: 'MemberPress subscriptions or transactions',
  bind(names) {
    const h = new Header(names);
    const email = h.optional('user_email', 'email');
    const username = h.optional('member', 'user_login', 'username');
    if (!h.has('user_email', 'email', 'member', 'user_login', 'username'))
      throw invalidFile(`Not a ${this.label} file: no user_email, email or username column.`);
    if (!h.has('product_id', 'product_name'))
      throw invalidFile(`Not a ${this.label} file: no product_id or product_name column.`);
    const kind = h.column('sub_type');
    const subscr = h.optional('subscr_id', 'sub_num');
    const transNum = h.column('trans_num');
    if (!kind && !transNum && !h.has('subscr_id', 'sub_num'))
      throw invalidFile(`Not a ${this.label} file: no subscr_id, sub_num or trans_num column.`);
    const ownId = h.optional('id');
    const subId = h.optional('sub_id');
    const status = h.optional('status');
    const active = h.column('active');
    const base = {
      first: h.optional('first_name'),
      last: h.optional('last_name'),
      productId: h.optional('product_id'),
      productName: h.optional('product_name'),
      price: h.optional('price', 'amount'),
      period: h.optional('period'),
      periodType: h.optional('period_type'),
      start: h.optional('created_at', 'started_at'),
      end: h.optional('expires_at'),
    };
    const row = (cells: string[], key: string | null, s: string | null, derived: SourceRow['derived']): SourceRow => ({
      key,
      email: email(cells),
      username: username(cells),
      firstName: base.first(cells),
      lastName: base.last(cells),
      plan: {
        id: base.productId(cells),
        name: base.productName(cells),
        price: base.price(cells),
        interval: base.periodType(cells),
        intervalCount: base.period(cells),
      },
      status: s,
      derived,
      start: base.start(cells),
      end: base.end(cells),
    });

    return (cells) => {
      const type = kind?.(cells)?.toLowerCase();
      if (type === 'transaction') {
        // The non-recurring table: "None" (translated) is no status; its `active` column decides.
        const live = active
          ? (active(cells) ?? '').includes('mepr-active') || /^yes$/i.test(active(cells) ?? '')
          : undefined;
        const key = subscr(cells);
        return row(cells, key && `txn:${key}`, null, live === undefined ? 'by_end' : live ? 'active' : 'expired');
      }
      if (type === 'subscription' || (!transNum && !type)) {
        const key = subscr(cells) ?? (type && ownId(cells) ? `#${ownId(cells)}` : null);
        return row(cells, key && `sub:${key}`, status(cells), 'active');
      }
      const key = transNum!(cells);
      const r = row(cells, key && `txn:${key}`, status(cells), 'active');
      const parent = subId(cells) ?? subscr(cells) ?? '';
      if (!NO_SUBSCRIPTION.test(parent))
        r.reject = `a payment of subscription ${parent}: its membership comes from the subscriptions export`;
      return r;
    };
  },
};

// Restrict Content Pro: the memberships CSV export (domain-anchors §7.3). Its header row holds the columns' translated
// labels, not their keys, so they are matched by their English text ("User Email", "Membership Level ID", …), and by
// the keys too (`user_email`, `subscription`, `expiration`, and the RCP importer's `expiration_date`). A file exported
// in another language names none of them and is refused with that hint. Status active|pending|cancelled|expired;
// "Expiration Date" `none` is lifetime. Key: Membership ID, else the Gateway Subscription ID.
import { Header, invalidFile, type SourceFormat } from '../format.ts';

export const rcp: SourceFormat = {
  system: 'rcp',
  label: 'Restrict Content Pro memberships',
  bind(names) {
    const h = new Header(names);
    if (h.has('purchase type', 'transaction id', 'transaction_id', 'object_type')) {
      throw invalidFile("This is Restrict Content Pro's payments export; import the memberships export.");
    }
    if (!h.has('user email', 'user_email')) {
      throw invalidFile(
        `Not a ${this.label} file: no "User Email" column. Its headers are translated labels: export with the site language set to English.`,
      );
    }
    const email = h.optional('user email', 'user_email');
    const id = h.optional('membership id', 'id', 'membership_id');
    const gatewaySub = h.optional('gateway subscription id', 'profile_id', 'gateway_subscription_id');
    const levelId = h.optional('membership level id', 'subscription', 'membership_level_id');
    const levelName = h.optional('membership level name', 'membership_level_name', 'membership level');
    if (
      !h.has(
        'membership level id',
        'subscription',
        'membership_level_id',
        'membership level name',
        'membership_level_name',
        'membership level',
      )
    ) {
      throw invalidFile(`Not a ${this.label} file: no "Membership Level ID" or "Membership Level Name" column.`);
    }
    const username = h.optional('user login', 'user_login');
    const first = h.optional('first name', 'first_name');
    const last = h.optional('last name', 'last_name');
    const status = h.optional('status');
    const start = h.optional('created date', 'created_date');
    const end = h.optional('expiration date', 'expiration', 'expiration_date');
    return (cells) => {
      const own = id(cells);
      const gateway = gatewaySub(cells);
      return {
        key: own ? own : gateway ? `gateway:${gateway}` : null,
        email: email(cells),
        username: username(cells),
        firstName: first(cells),
        lastName: last(cells),
        plan: { id: levelId(cells), name: levelName(cells) },
        status: status(cells),
        start: start(cells),
        end: end(cells),
      };
    };
  },
};

// The mailer's part of GET /metrics: the campaign deliveries not handled yet, by state — as a mail server's exporter
// shows its queues (Postfix's incoming, active, deferred), so that messages waiting for a retry are not read as a
// backlog due now. The states part the rows the campaign stats call queued, so sum(atrium_mail_queue) is that figure
// over every campaign (and the one unlabelled series this gauge had before), and state="deferred" is the stats'
// deferred.
import { Gauge } from 'prom-client';
import { metricsFor } from '../../platform/metrics.ts';
import type { Platform } from '../../platform/platform.ts';

export const MAIL_QUEUE_STATES = ['queued', 'deferred', 'sending'] as const;

export function mailerMetrics(platform: Platform): void {
  new Gauge({
    name: 'atrium_mail_queue',
    help:
      'Campaign deliveries not handled yet, by state: queued (not tried yet), deferred (refused for now by the SMTP ' +
      'server, waiting for a retry), sending (claimed, in flight)',
    labelNames: ['state'],
    registers: [metricsFor(platform).registry],
    async collect() {
      const rows = await platform.sql
        .selectFrom('mailer_recipients')
        .where('status', 'in', ['queued', 'sending'])
        // The stats' rule (service/stats.ts): a queued row with a refusal behind it waits for its retry.
        .select((eb) => [
          eb
            .case()
            .when('status', '=', 'sending')
            .then('sending')
            .when('attempts', '>', 0)
            .then('deferred')
            .else('queued')
            .end()
            .as('state'),
          eb.fn.countAll<string>().as('count'),
        ])
        .groupBy('state')
        .execute();
      // Every state is set, 0 included, so a series does not vanish when its queue empties.
      for (const state of MAIL_QUEUE_STATES)
        this.set({ state }, Number(rows.find((r) => r.state === state)?.count ?? 0));
    },
  });
}

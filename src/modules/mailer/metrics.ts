// The mailer's part of GET /metrics: how many campaign deliveries wait to be sent.
import { Gauge } from 'prom-client';
import { metricsFor } from '../../platform/metrics.ts';
import type { Platform } from '../../platform/platform.ts';

export function mailerMetrics(platform: Platform): void {
  new Gauge({
    name: 'atrium_mail_queue',
    help: 'Campaign deliveries queued or being sent',
    registers: [metricsFor(platform).registry],
    async collect() {
      this.set(await platform.prisma.mailerRecipient.count({ where: { status: { in: ['queued', 'sending'] } } }));
    },
  });
}

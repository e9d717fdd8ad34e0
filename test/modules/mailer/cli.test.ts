// `atrium mailer subscribers list | add | import, campaigns list | send <id>, stats` on a throwaway database.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../src/platform/config.ts';
import { createCampaign } from '../../../src/modules/mailer/service/campaigns.ts';
import { createList } from '../../../src/modules/mailer/service/lists-tags.ts';
import { createSubscriber } from '../../../src/modules/mailer/service/subscribers.ts';
import { createAtrium } from '../../../src/server.ts';
import { cli, useCliDataDir } from '../../helpers/cli.ts';
import { startSmtpSink } from '../../helpers/smtp.ts';

vi.setConfig({ testTimeout: 120_000 }); // every command opens the database, slow under load

useCliDataDir('mailer-cli', { JOBS_ENABLED: 'false' });
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let campaignId: number;
let fileCampaignId: number;
let listId: number;

beforeAll(async () => {
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url; // restored by useCliDataDir
  // Seed through the services, in-process on the same data directory.
  const atrium = await createAtrium({ config: loadConfig({ ...process.env, NODE_ENV: 'test' }), bootstrap: false });
  try {
    const list = await createList(atrium.platform, { name: 'Readers' });
    listId = list.id;
    for (const [email, status] of [
      ['ann@example.com', 'subscribed'],
      ['bob@example.com', 'subscribed'],
      ['cy@example.com', 'unsubscribed'],
    ] as const) {
      await createSubscriber(atrium.platform, { email, listId: list.id, status });
    }
    campaignId = (
      await createCampaign(atrium.platform, {
        name: 'Launch',
        subject: 'Hi {{first_name|there}}',
        text: 'Hello',
        listIds: [list.id],
      })
    ).id;
    fileCampaignId = (
      await createCampaign(atrium.platform, { name: 'From the file', subject: 'Hi', text: 'Hello', listIds: [list.id] })
    ).id;
  } finally {
    await atrium.close();
  }
}, 180_000);
afterAll(() => sink?.close());

it('lists subscribers (with a status filter) as JSON', async () => {
  const res = await cli('mailer', 'subscribers', 'list', '--status', 'subscribed', '--format', 'json');
  expect(res.code, res.err).toBe(0);
  expect(
    JSON.parse(res.out)
      .map((r: { email: string }) => r.email)
      .sort(),
  ).toEqual(['ann@example.com', 'bob@example.com']);
});

it('sends a campaign in the foreground and reports the outcome; a second send is refused', async () => {
  const res = await cli('mailer', 'campaigns', 'send', String(campaignId));
  expect(res.code, res.err).toBe(0);
  expect(res.err).toContain(`campaign ${campaignId}: 2 sent, 0 failed of 2`);
  expect(sink.messages.map((m) => m.envelope.to[0]).sort()).toEqual(['ann@example.com', 'bob@example.com']);
  const again = await cli('mailer', 'campaigns', 'send', String(campaignId));
  expect(again.code).not.toBe(0);
  expect(again.err).toContain('cannot be sent');
  expect(sink.messages).toHaveLength(2);
});

it('lists campaigns with their stats, and prints dashboard counts', async () => {
  const list = await cli('mailer', 'campaigns', 'list', '--format', 'json');
  expect(JSON.parse(list.out)).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ id: campaignId, name: 'Launch', status: 'sent', recipients: 2, sent: 2, failed: 0 }),
    ]),
  );
  const stats = await cli('mailer', 'stats', '--format', 'json');
  expect(JSON.parse(stats.out)).toEqual(
    expect.arrayContaining([
      { group: 'status', name: 'subscribed', count: 2 },
      { group: 'status', name: 'unsubscribed', count: 1 },
      { group: 'total', name: 'all', count: 3 },
    ]),
  );
});

it("without SMTP_URL a send is refused naming the key and changes nothing; the env file gives the CLI the server's transport", async () => {
  const url = process.env.SMTP_URL!;
  delete process.env.SMTP_URL;
  const dir = mkdtempSync(path.join(tmpdir(), 'atrium-env-'));
  try {
    const refused = await cli('mailer', 'campaigns', 'send', String(fileCampaignId));
    expect(refused.code).not.toBe(0);
    expect(refused.err).toContain('SMTP_URL');
    const listed = JSON.parse((await cli('mailer', 'campaigns', 'list', '--format', 'json')).out);
    expect(listed.find((c: { id: number }) => c.id === fileCampaignId)).toMatchObject({
      status: 'draft',
      recipients: 0,
    });

    const file = path.join(dir, 'atrium.env');
    writeFileSync(file, `# the server's configuration\nSMTP_URL=${url}\n`);
    process.env.ATRIUM_ENV_FILE = file;
    const sent = await cli('mailer', 'campaigns', 'send', String(fileCampaignId));
    expect(sent.code, sent.err).toBe(0);
    expect(sent.err).toContain(`campaign ${fileCampaignId}: 2 sent, 0 failed of 2`);
  } finally {
    delete process.env.ATRIUM_ENV_FILE;
    process.env.SMTP_URL = url;
    rmSync(dir, { recursive: true, force: true });
  }
});

it('adds a subscriber and imports a CSV file, printing what they wrote', async () => {
  const added = await cli(
    '--format=json',
    'mailer',
    'subscribers',
    'add',
    ' Dee@Example.com ',
    '--first-name',
    'Dee',
    '--list',
    String(listId),
  );
  expect(added.code, added.err).toBe(0);
  expect(JSON.parse(added.out)).toEqual([
    expect.objectContaining({ email: 'dee@example.com', first_name: 'Dee', status: 'subscribed', source: 'admin' }),
  ]);
  expect(await cli('mailer', 'subscribers', 'add', 'dee@example.com')).toMatchObject({
    code: 1,
    out: '',
    err: expect.stringContaining('already exists'),
  });

  const dir = mkdtempSync(path.join(tmpdir(), 'atrium-import-'));
  try {
    const file = path.join(dir, 'people.csv');
    writeFileSync(
      file,
      [
        '\uFEFFEmail,First Name,Status',
        'eve@example.com,Eve,',
        'ann@example.com,Ann,', // already subscribed: left as it is
        'not-an-address,Nobody,',
        'fay@example.com,"Fay, Jr.",unsubscribed',
        'gus@example.com,Gus,sleeping',
        '',
      ].join('\n'),
    );
    const imported = await cli('--format=json', 'mailer', 'subscribers', 'import', file, '--list', String(listId));
    expect(imported.code, imported.err).toBe(0);
    expect(JSON.parse(imported.out)).toEqual([
      {
        rows: 5,
        created: 2,
        existing: 1,
        rejected: 2,
        errors: [
          { line: 4, email: 'not-an-address', error: expect.stringMatching(/email/) },
          { line: 6, email: 'gus@example.com', error: expect.stringMatching(/status/) },
        ],
      },
    ]);
    expect(imported.err).toContain('Warning: line 4 (not-an-address)');
    expect(imported.err).toContain(`Success: imported ${file}: 2 added, 1 already known, 2 rejected of 5`);
    const listed = JSON.parse((await cli('--format=json', 'mailer', 'subscribers', 'list')).out) as {
      email: string;
      first_name: string;
      status: string;
      lists: string;
    }[];
    expect(listed.filter((r) => ['eve@example.com', 'fay@example.com'].includes(r.email))).toEqual([
      expect.objectContaining({
        email: 'fay@example.com',
        first_name: 'Fay, Jr.',
        status: 'unsubscribed',
        lists: String(listId),
      }),
      expect.objectContaining({
        email: 'eve@example.com',
        first_name: 'Eve',
        status: 'subscribed',
        lists: String(listId),
      }),
    ]);

    const headless = path.join(dir, 'headless.csv');
    writeFileSync(headless, 'hal@example.com,Hal\n');
    expect(await cli('mailer', 'subscribers', 'import', headless)).toMatchObject({
      code: 1,
      out: '',
      err: expect.stringContaining('email'),
    });
    expect(await cli('mailer', 'subscribers', 'import', file, '--list', '999')).toMatchObject({
      code: 1,
      out: '',
      err: expect.stringContaining('List 999 not found'),
    });
    expect(await cli('mailer', 'subscribers', 'import', path.join(dir, 'missing.csv'))).toMatchObject({
      code: 1,
      out: '',
    });
    expect(JSON.parse((await cli('--format=json', 'mailer', 'subscribers', 'list', '--search', 'hal')).out)).toEqual(
      [],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

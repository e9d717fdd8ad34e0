// The operators' CLI, in-process on a throwaway database (wp-cli style output and exit codes).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, it, vi } from 'vitest';
import stringWidth from 'string-width';
import { openDatabase } from '../../src/db/connect.ts';
import { cli, useCliDataDir } from '../helpers/cli.ts';

vi.setConfig({ testTimeout: 120_000 }); // child processes and (on PostgreSQL runs) a fresh initdb are slow under load

const dir = useCliDataDir('cli');

it('creates, lists and promotes users', async () => {
  const created = await cli('users', 'create', 'ada', 'Ada@Example.com', 'editor', '--password', 'analytical-engine');
  expect(created).toMatchObject({ code: 0 });
  expect(created.err).toMatch(/^Success: created user 1 \(ada\)/);
  expect(created.out).not.toContain('analytical-engine'); // a password the operator typed is not echoed
  const generated = await cli('--format=json', 'users', 'create', 'bob', 'bob@example.com');
  expect(JSON.parse(generated.out)).toEqual([
    expect.objectContaining({
      id: 2,
      username: 'bob',
      roles: 'subscriber',
      password: expect.stringMatching(/^[A-Za-z0-9]{24}$/),
    }),
  ]);

  const json = await cli('--format=json', 'users', 'list');
  const rows = JSON.parse(json.out) as { username: string; email: string; roles: string }[];
  expect(rows.map((r) => [r.username, r.email, r.roles])).toEqual([
    ['ada', 'ada@example.com', 'editor'],
    ['bob', 'bob@example.com', 'subscriber'],
  ]);
  const csv = (await cli('--format=csv', 'users', 'list', '--role', 'editor')).out.trim().split('\n');
  expect(csv[0]).toBe('id,username,email,display_name,roles,registered');
  expect(csv.slice(1)).toEqual([expect.stringMatching(/^1,ada,ada@example\.com,ada,editor,\d{4}-/)]);
  const promoted = await cli('--format=json', 'users', 'set-role', 'bob', 'author,editor');
  expect(promoted.err).toContain('bob now has the role(s) author, editor');
  expect(JSON.parse(promoted.out)).toEqual([expect.objectContaining({ id: 2, roles: 'author,editor' })]);
});

it('gets, updates and deletes a user; every write prints the changed user', async () => {
  await cli('users', 'create', 'carol', 'carol@example.com', 'author', '--password', 'carol-password');
  const got = JSON.parse((await cli('--format=json', 'users', 'get', 'carol@example.com')).out) as {
    id: number;
    registered: string;
  }[];
  expect(got).toEqual([expect.objectContaining({ username: 'carol', roles: 'author', last_login: null })]);
  expect(got[0]!.registered).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

  const updated = await cli(
    '--format=json',
    'users',
    'update',
    'carol',
    '--display-name',
    '山田太郎 🎌',
    '--email',
    'Yamada@Example.com',
    '--roles',
    'editor',
  );
  expect(updated.err).toBe(`Success: updated user ${got[0]!.id} (carol)\n`);
  expect(JSON.parse(updated.out)).toEqual([
    expect.objectContaining({
      id: got[0]!.id,
      email: 'yamada@example.com',
      display_name: '山田太郎 🎌',
      roles: 'editor',
    }),
  ]);
  expect(await cli('users', 'update', 'carol')).toMatchObject({
    code: 1,
    out: '',
    err: expect.stringContaining('Nothing to change'),
  });
  expect((await cli('users', 'update', 'carol', '--password', 'short')).code).toBe(1);

  // Wide characters take two terminal cells: the columns after them stay aligned.
  const table = (await cli('users', 'list')).out.split('\n');
  const column = (line: string, word: string) => stringWidth(line.slice(0, line.indexOf(word)));
  expect(
    column(
      table.find((l) => l.includes('carol'))!,
      'editor',
    ),
  ).toBe(column(table[0]!, 'roles'));
  expect(
    column(
      table.find((l) => l.includes('ada'))!,
      'editor',
    ),
  ).toBe(column(table[0]!, 'roles'));

  // A post of carol's goes to ada on delete.
  const db = await openDatabase({ kind: 'embedded', dataDir: dir.path });
  try {
    await db.prisma.post.create({
      data: { title: 'Carol writes', authorId: got[0]!.id, createdAt: new Date(), updatedAt: new Date() },
    });
  } finally {
    await db.close();
  }
  expect(await cli('users', 'delete', 'carol')).toMatchObject({
    code: 1,
    out: '',
    err: expect.stringContaining('add --yes'),
  });
  const deleted = await cli('--format=json', 'users', 'delete', 'carol', '--reassign', 'ada', '--yes');
  expect(deleted.err).toBe(`Success: deleted user ${got[0]!.id} (carol); 1 posts now belong to user 1\n`);
  expect(JSON.parse(deleted.out)).toEqual([expect.objectContaining({ id: got[0]!.id, username: 'carol' })]);
  expect(await cli('users', 'get', 'carol')).toMatchObject({ code: 1, err: 'Error: No user matches "carol".\n' });
  const db2 = await openDatabase({ kind: 'embedded', dataDir: dir.path });
  try {
    expect(await db2.prisma.post.findMany({ select: { title: true, authorId: true } })).toEqual([
      { title: 'Carol writes', authorId: 1 },
    ]);
  } finally {
    await db2.close();
  }
  expect((await cli('users', 'delete', 'ada', '--reassign', 'ada', '--yes')).code).toBe(1);
});

it('manages application passwords and API keys; secrets are shown once', async () => {
  const ap = await cli('--format=json', 'app-passwords', 'create', 'ada', 'laptop');
  const pass = JSON.parse(ap.out) as { password: string }[];
  expect(pass[0]!.password).toMatch(/^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/);
  expect((await cli('app-passwords', 'list', 'ada')).out).toContain('laptop');

  const key = await cli('--format=json', 'keys', 'create', 'ada@example.com', 'deploy', '--scopes', 'edit_posts');
  const created = JSON.parse(key.out) as { id: number; key: string; scopes: string }[];
  expect(created[0]!.key).toMatch(/^svc_[0-9a-f]{40}$/);
  expect(created[0]!.scopes).toBe('edit_posts');
  const listed = await cli('--format=json', 'keys', 'list');
  expect(listed.out).not.toContain(created[0]!.key);
  expect((await cli('keys', 'revoke', String(created[0]!.id))).err).toContain('revoked API key');
  expect(JSON.parse((await cli('--format=json', 'keys', 'list')).out)[0].revoked).not.toBeNull();
});

it('lists and runs jobs', async () => {
  expect((await cli('jobs', 'list')).out).toContain('platform/cleanup');
  expect((await cli('jobs', 'run', 'platform/cleanup')).err).toContain('Success: platform/cleanup succeeded');
  const rows = JSON.parse((await cli('--format=json', 'jobs', 'list')).out) as {
    name: string;
    kind: string;
    state: string;
  }[];
  expect(rows.find((r) => r.name === 'platform/cleanup')).toMatchObject({ kind: 'schedule', state: 'succeeded' });
});

it("lists failed jobs and retries one (the CLI adds and reads jobs; servers' workers run them)", async () => {
  const db = await openDatabase({ kind: 'embedded', dataDir: dir.path });
  try {
    await db.prisma.$executeRaw`
      SELECT graphile_worker.add_job('mailer/on/subscription-requested', '{"email":"x@example.com"}'::json, max_attempts => 1)`;
    await db.prisma.$executeRaw`UPDATE graphile_worker._private_jobs SET attempts = 1, last_error = 'SMTP down'`;
  } finally {
    await db.close();
  }
  const failed = JSON.parse((await cli('--format=json', 'jobs', 'failed')).out) as {
    id: string;
    task: string;
    error: string;
  }[];
  expect(failed).toEqual([
    expect.objectContaining({
      task: 'mailer/on/subscription-requested',
      error: 'SMTP down',
      payload: { email: 'x@example.com' },
    }),
  ]);
  expect((await cli('jobs', 'list', '--state', 'failed')).out).toContain('mailer/on/subscription-requested');
  expect((await cli('jobs', 'retry', failed[0]!.id)).err).toContain(
    `Success: job ${failed[0]!.id} (mailer/on/subscription-requested) queued again`,
  );
  const queued = JSON.parse((await cli('--format=json', 'jobs', 'list', '--state', 'queued')).out) as {
    id: string;
    state: string;
    attempts: string;
  }[];
  expect(queued).toEqual([
    expect.objectContaining({ id: failed[0]!.id, kind: 'job', state: 'queued', attempts: '0/1' }),
  ]);
  expect(JSON.parse((await cli('--format=json', 'jobs', 'failed')).out)).toEqual([]);
  expect((await cli('jobs', 'retry', '999999')).err).toContain('No job has the id 999999');
  expect((await cli('jobs', 'list', '--state', 'lost')).code).toBe(1);
});

it('bad input: non-zero exit with a clear message', async () => {
  const dup = await cli('users', 'create', 'ada', 'other@example.com');
  expect(dup).toMatchObject({ code: 1, err: 'Error: That username is already taken.\n' });
  const badMail = await cli('users', 'create', 'carl', 'not-mail');
  expect(badMail.code).toBe(1);
  expect(badMail.err).toContain('email: Invalid email address.');
  expect((await cli('users', 'set-role', 'nobody', 'editor')).err).toContain('No user matches "nobody"');
  expect((await cli('users', 'create', 'x', 'x@example.com', 'wizard')).code).toBe(1);
  expect((await cli('jobs', 'run', 'no/such')).err).toContain('No job has the hook no/such');
  expect((await cli('keys', 'revoke', 'abc')).code).toBe(1);
  expect((await cli('--format=xml', 'users', 'list')).code).toBe(1);
  expect((await cli('frobnicate')).code).toBe(1);
});

it('the installed bin runs (help and a bad configuration)', () => {
  const bin = path.resolve(import.meta.dirname, '../../bin/atrium.js');
  const help = execFileSync(process.execPath, [bin, '--help'], { encoding: 'utf8' });
  expect(help).toContain('Usage: atrium');
  let status = 0;
  let stderr = '';
  try {
    execFileSync(process.execPath, [bin, 'users', 'list'], {
      env: { ...process.env, PORT: 'x' },
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (e) {
    status = (e as { status: number }).status;
    stderr = String((e as { stderr: string }).stderr);
  }
  expect(status).toBe(2);
  expect(stderr).toContain('PORT: must be an integer');
});

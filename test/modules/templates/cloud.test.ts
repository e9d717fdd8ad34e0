// The cloud catalog against a real local HTTP server: background refresh of a stale cache (awaited, never slept
// for), 304 with ETag, forced sync with its diff, every way the cloud can fail (500, timeout, malformed JSON, huge
// body) leaving the catalog whole, opt-out proven by the server receiving nothing, and the multi-instance claim.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toIsoSeconds } from '../../../src/platform/clock.ts';
import { modules } from '../../../src/modules/index.ts';
import { templatesOf } from '../../../src/modules/templates/runtime.ts';
import { createPlatform, type Platform } from '../../../src/platform/platform.ts';
import { graphql } from '../../gql/index.ts';
import { createTestApp, ROLES, type Caller, type TestApp } from '../../helpers/app.ts';
import { cloudEntry, etagOf, startCloudServer, type CloudServer } from './cloud-server.ts';
import { cloudIdle } from './setup.ts';

let cloud: CloudServer;
let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  cloud = await startCloudServer();
  t = await createTestApp({
    env: { TEMPLATES_CLOUD_URL: cloud.url, TEMPLATES_CLOUD_MAX_BYTES: '64kb' }, // default timeout: 5 s
  });
  admin = await t.as('administrator');
});
afterAll(async () => {
  await t?.close();
  await cloud?.close();
});
beforeEach(async () => {
  await cloudIdle(t);
  await t.platform.prisma.tplCloudEntry.deleteMany();
  await t.platform.prisma.tplCloudState.deleteMany();
  await t.platform.prisma.option.deleteMany({ where: { name: 'templates_cloud_optout' } });
  cloud.mode = { kind: 'catalog', templates: [cloudEntry('cloud-one'), cloudEntry('cloud-two')] };
  cloud.requests = [];
});

const catalog = async (query = '') => {
  const res = await t.http.get(`/wp-json/templates/v1/catalog?per_page=100${query}`).set(admin.headers);
  expect(res.status).toBe(200);
  return res.body as { key: string; source: string; title: string }[];
};
const cloudKeys = async () => (await catalog('&source=cloud')).map((e) => e.key);
const sync = async () => {
  const res = await t.http.post('/wp-json/templates/v1/sync').set(admin.headers).send({});
  expect(res.status).toBe(200);
  return res.body;
};
const check = (id: string, platform: Platform = t.platform) => platform.checks.find((c) => c.id === id)!.run(platform);
const TTL = { hours: 12 };

const Sync = graphql(`
  mutation TplSync {
    syncTemplates {
      status
      added
      updated
      removed
      unchanged
      error
      rejected {
        index
        key
        error
      }
      cloud {
        entries
        lastError
      }
    }
  }
`);
const Optout = graphql(`
  mutation TplOptout($optout: Boolean!) {
    setTemplatesCloudOptout(optout: $optout) {
      optout
      enabled
      configured
      entries
    }
  }
`);
const Status = graphql(`
  query TplStatus {
    templatesStatus {
      bundled
      problems {
        path
      }
      cloud {
        configured
        optout
        fetchedAt
        stale
        lastError
        entries
      }
    }
  }
`);

describe('background refresh of the cached catalog', () => {
  it('start-up makes no request; the first read serves bundled templates and refreshes in the background', async () => {
    expect(cloud.requests).toHaveLength(0);
    const first = await catalog();
    expect(first.every((e) => e.source === 'bundled')).toBe(true);
    await cloudIdle(t);
    expect(cloud.requests).toHaveLength(1);
    expect(cloud.requests[0]!.headers['if-none-match']).toBeUndefined();
    expect(cloud.requests[0]!.headers['user-agent']).toMatch(/^Atrium\/\d/);
    expect(await cloudKeys()).toEqual(['cloud-one', 'cloud-two']);
    const merged = await catalog();
    expect(merged.filter((e) => e.source === 'bundled').length).toBeGreaterThanOrEqual(6);
    // fresh: more reads make no request
    await catalog();
    t.clock.advance({ hours: 11 });
    await catalog();
    await cloudIdle(t);
    expect(cloud.requests).toHaveLength(1);
  });

  it('when stale, serves the cache and revalidates with If-None-Match; a 304 keeps the entries and renews freshness', async () => {
    await catalog();
    await cloudIdle(t);
    const etag = etagOf(JSON.stringify({ templates: [cloudEntry('cloud-one'), cloudEntry('cloud-two')] }));
    t.clock.advance(TTL);
    expect(await cloudKeys()).toEqual(['cloud-one', 'cloud-two']); // the stale copy still answers
    await cloudIdle(t);
    expect(cloud.requests).toHaveLength(2);
    expect(cloud.requests[1]!.headers['if-none-match']).toBe(etag);
    const status = await templatesOf(t.platform).cloud.status();
    expect(status).toMatchObject({ stale: false, entries: 2, lastError: null, fetchedAt: t.clock.now() });
    await catalog();
    await cloudIdle(t);
    expect(cloud.requests).toHaveLength(2);
  });

  it('a changed catalog replaces the cache on the next stale read', async () => {
    await catalog();
    await cloudIdle(t);
    cloud.mode = {
      kind: 'catalog',
      templates: [cloudEntry('cloud-two', { title: 'Renamed two' }), cloudEntry('cloud-three')],
    };
    t.clock.advance(TTL);
    await catalog();
    await cloudIdle(t);
    const entries = await catalog('&source=cloud');
    expect(entries.map((e) => [e.key, e.title])).toEqual([
      ['cloud-three', 'Cloud cloud-three'],
      ['cloud-two', 'Renamed two'],
    ]);
  });

  it('after a failed refresh it waits (5 min or the TTL) before trying again, and keeps the last good copy', async () => {
    await catalog();
    await cloudIdle(t);
    cloud.mode = { kind: 'status', status: 503 };
    t.clock.advance(TTL);
    await catalog();
    await cloudIdle(t);
    expect(cloud.requests).toHaveLength(2);
    expect(await cloudKeys()).toEqual(['cloud-one', 'cloud-two']);
    t.clock.advance({ minutes: 4 });
    await catalog();
    await cloudIdle(t);
    expect(cloud.requests).toHaveLength(2);
    t.clock.advance({ minutes: 1 });
    await catalog();
    await cloudIdle(t);
    expect(cloud.requests).toHaveLength(3);
    expect((await templatesOf(t.platform).cloud.status()).lastError).toBe('the cloud answered HTTP 503');
  });

  it('several instances finding the cache stale at once make one request between them (the claim)', async () => {
    const others = await Promise.all(
      [1, 2, 3].map(() => createPlatform({ config: t.platform.config, db: t.db, modules, clock: t.clock })),
    );
    const all = [t.platform, ...others];
    await Promise.all(all.map((p) => templatesOf(p).cloud.entries()));
    await Promise.all(all.map((p) => templatesOf(p).cloud.idle()));
    expect(cloud.requests).toHaveLength(1);
    // every instance then serves the entries the one request cached
    for (const p of all)
      expect((await templatesOf(p).cloud.entries()).map((e) => e.key)).toEqual(['cloud-one', 'cloud-two']);
  });
});

describe('POST /templates/v1/sync', () => {
  it('bypasses the cache (no If-None-Match) and answers what was added, updated and removed', async () => {
    const first = await sync();
    expect(first).toMatchObject({
      status: 'ok',
      added: ['cloud-one', 'cloud-two'],
      updated: [],
      removed: [],
      unchanged: 0,
      rejected: [],
      error: null,
    });
    expect(first.synced_at).toBe(toIsoSeconds(t.clock.now()));
    expect(first.cloud).toMatchObject({
      configured: true,
      optout: false,
      enabled: true,
      entries: 2,
      stale: false,
      last_error: null,
      refreshing: false,
    });
    expect(first.cloud.fetched_at).toBe(first.synced_at);

    cloud.mode = {
      kind: 'catalog',
      templates: [cloudEntry('cloud-two', { version: '1.1.0' }), cloudEntry('cloud-one'), cloudEntry('cloud-four')],
    };
    const second = await sync();
    expect(second).toMatchObject({
      status: 'ok',
      added: ['cloud-four'],
      updated: ['cloud-two'],
      removed: [],
      unchanged: 1,
    });
    cloud.mode = { kind: 'catalog', templates: [cloudEntry('cloud-four')] };
    expect(await sync()).toMatchObject({ added: [], updated: [], removed: ['cloud-one', 'cloud-two'], unchanged: 1 });
    expect(cloud.requests.every((r) => r.headers['if-none-match'] === undefined)).toBe(true);
    expect(cloud.requests).toHaveLength(3);
    expect(await cloudKeys()).toEqual(['cloud-four']);
  });

  it('skips invalid entries (reported), never lets a cloud entry shadow a bundled key, and escapes cloud text', async () => {
    cloud.mode = {
      kind: 'catalog',
      templates: [
        cloudEntry('cloud-one', {
          sections: [{ key: 's', title: 'S', blocks: [{ type: 'paragraph', text: '<script>alert(1)</script>' }] }],
        }),
        cloudEntry('evil-link', {
          sections: [
            {
              key: 's',
              title: 'S',
              blocks: [{ type: 'buttons', buttons: [{ text: 'x', url: 'javascript:alert(1)' }] }],
            },
          ],
        }),
        { key: 'no-sections', title: 'Broken', category: 'x' },
        cloudEntry('cloud-one'),
        cloudEntry('contact', { title: 'Cloud impostor' }),
        cloudEntry('unknown-block', {
          sections: [{ key: 's', title: 'S', blocks: [{ type: 'marquee', text: 'hi' }] }],
        }),
        cloudEntry('from-the-future', { schema: 2 }),
        'not even an object',
      ],
    };
    const res = await sync();
    expect(res.status).toBe('ok');
    expect(res.added).toEqual(['cloud-one', 'contact']);
    expect(res.rejected.map((r: { index: number; key: string | null }) => [r.index, r.key])).toEqual([
      [1, 'evil-link'],
      [2, 'no-sections'],
      [3, 'cloud-one'],
      [5, 'unknown-block'],
      [6, 'from-the-future'],
      [7, null],
    ]);
    expect(res.rejected[0].error).toMatch(/url: must be an http\(s\), mailto: or tel: URL/);
    expect(res.rejected[2].error).toBe('duplicate key');
    expect(res.rejected[4].error).toMatch(/schema: .*newer than this Atrium understands/);

    const contact = await t.http.get('/wp-json/templates/v1/catalog/contact').set(admin.headers);
    expect(contact.body).toMatchObject({ source: 'bundled', title: 'Contact page' });
    expect(await cloudKeys()).toEqual(['cloud-one']);

    const imported = await t.http.post('/wp-json/templates/v1/import/cloud-one').set(admin.headers).send({});
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({
      template: { key: 'cloud-one', source: 'cloud' },
      meta: { tpl_source: 'cloud' },
    });
    expect(imported.body.content).toContain('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(imported.body.content).not.toContain('<script>');
  });

  it('GraphQL syncs alike', async () => {
    const r = await t.gql(Sync, undefined, admin);
    expect(r.errors).toBeUndefined();
    expect(r.data!.syncTemplates).toMatchObject({
      status: 'ok',
      added: ['cloud-one', 'cloud-two'],
      cloud: { entries: 2, lastError: null },
    });
  });
});

describe('a slow, failing or malformed cloud never breaks the catalog', () => {
  async function syncWithShortTimeout() {
    const config = { ...t.platform.config, templates: { ...t.platform.config.templates, cloudTimeoutMs: 250 } };
    const p = await createPlatform({ config, db: t.db, modules, clock: t.clock });
    const r = await templatesOf(p).cloud.sync();
    const c = r.cloud;
    return {
      ...r,
      synced_at: toIsoSeconds(r.syncedAt),
      cloud: {
        entries: c.entries,
        stale: c.stale,
        last_error: c.lastError,
        last_error_at: c.lastErrorAt && toIsoSeconds(c.lastErrorAt),
      },
    };
  }

  const failures: [string, CloudServer['mode'], RegExp][] = [
    ['HTTP 500', { kind: 'status', status: 500 }, /^the cloud answered HTTP 500$/],
    ['a timeout', { kind: 'hang' }, /^no complete answer within 250 ms$/],
    ['malformed JSON', { kind: 'body', body: '{"templates": [ {"key": ' }, /^the answer is not valid JSON$/],
    ['JSON of the wrong shape', { kind: 'body', body: '{"items": []}' }, /^the answer has no "templates" array$/],
    [
      'a huge body with Content-Length',
      { kind: 'huge', bytes: 1024 * 1024, declareLength: true },
      /^the answer is larger than 65536 bytes$/,
    ],
    [
      'a huge chunked body',
      { kind: 'huge', bytes: 1024 * 1024, declareLength: false },
      /^the answer is larger than 65536 bytes$/,
    ],
  ];

  for (const [name, mode, error] of failures) {
    it(`${name}: sync answers failed, the last good copy and the bundled templates still answer, site health warns`, async () => {
      await sync();
      const good = await catalog();
      cloud.mode = mode;
      // The timeout case syncs through a second instance (same database) with a short timeout, so that no other
      // test depends on a request finishing within a few hundred milliseconds on a busy machine.
      const res = mode.kind === 'hang' ? await syncWithShortTimeout() : await sync();
      expect(res.status).toBe('failed');
      expect(res.error).toMatch(error);
      expect(res).toMatchObject({ added: [], updated: [], removed: [] });
      expect(res.cloud).toMatchObject({
        entries: 2,
        last_error: res.error,
        last_error_at: res.synced_at,
        stale: false,
      });
      expect(await catalog()).toEqual(good);
      const health = await check('templates_cloud');
      expect(health.status).toBe('warning');
      expect(health.detail).toContain(res.error);

      cloud.mode = { kind: 'catalog', templates: [cloudEntry('cloud-one')] };
      expect(await sync()).toMatchObject({ status: 'ok', removed: ['cloud-two'] });
      expect((await check('templates_cloud')).status).toBe('ok');
    });
  }

  it('a failing background refresh is reported in status and health, never thrown', async () => {
    cloud.mode = { kind: 'status', status: 500 };
    expect((await catalog()).length).toBeGreaterThanOrEqual(6);
    await cloudIdle(t);
    const r = await t.gql(Status, undefined, admin);
    expect(r.data!.templatesStatus.cloud).toMatchObject({
      configured: true,
      optout: false,
      fetchedAt: null,
      stale: true,
      lastError: 'the cloud answered HTTP 500',
      entries: 0,
    });
    expect(r.data!.templatesStatus.bundled).toBeGreaterThanOrEqual(6);
    expect((await check('templates_cloud')).status).toBe('warning');
  });

  it('site health says info when the cache is only stale', async () => {
    await sync();
    t.clock.advance(TTL);
    expect(await check('templates_cloud')).toMatchObject({ status: 'info' });
  });
});

describe('POST /templates/v1/cloud-optout', () => {
  it('stops every request to the cloud, removes cloud entries from the catalog, and is stored and reported', async () => {
    await sync();
    expect(await cloudKeys()).toEqual(['cloud-one', 'cloud-two']);
    const requests = cloud.requests.length;

    const off = await t.http.post('/wp-json/templates/v1/cloud-optout').set(admin.headers).send({});
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ configured: true, optout: true, enabled: false });
    expect(await t.platform.prisma.option.findUnique({ where: { name: 'templates_cloud_optout' } })).toMatchObject({
      value: true,
    });

    expect(await cloudKeys()).toEqual([]);
    expect((await catalog()).every((e) => e.source === 'bundled')).toBe(true);
    expect((await t.http.get('/wp-json/templates/v1/catalog/cloud-one').set(admin.headers)).status).toBe(404);
    expect((await t.http.post('/wp-json/templates/v1/import/cloud-one').set(admin.headers).send({})).status).toBe(404);
    expect(await sync()).toMatchObject({ status: 'disabled', added: [], error: null, cloud: { optout: true } });
    for (let i = 0; i < 3; i++) {
      t.clock.advance({ days: 1 });
      await catalog();
      await cloudIdle(t);
    }
    expect(await check('templates_cloud')).toMatchObject({
      status: 'ok',
      message: expect.stringContaining('turned off'),
    });
    expect(cloud.requests).toHaveLength(requests); // the cloud server received nothing after the opt-out

    const on = await t.http.post('/wp-json/templates/v1/cloud-optout').set(admin.headers).send({ optout: false });
    expect(on.body).toMatchObject({ optout: false, enabled: true });
    expect(await cloudKeys()).toEqual(['cloud-one', 'cloud-two']); // the cache answers at once...
    await cloudIdle(t);
    expect(cloud.requests).toHaveLength(requests + 1); // ...and, being stale, is refreshed
  });

  it('bad input 400; GraphQL alike', async () => {
    const bad = await t.http.post('/wp-json/templates/v1/cloud-optout').set(admin.headers).send({ optout: 'perhaps' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('rest_invalid_param');
    const r = await t.gql(Optout, { optout: true }, admin);
    expect(r.data!.setTemplatesCloudOptout).toEqual({ optout: true, enabled: false, configured: true, entries: 0 });
    expect((await t.gql(Optout, { optout: false }, admin)).data!.setTemplatesCloudOptout.optout).toBe(false);
  });
});

describe('configuration edge cases', () => {
  it('no TEMPLATES_CLOUD_URL: sync answers not_configured, the catalog is bundled only, health is ok', async () => {
    const config = { ...t.platform.config, templates: { ...t.platform.config.templates, cloudUrl: undefined } };
    const p = await createPlatform({ config, db: t.db, modules, clock: t.clock });
    await sync(); // the cache holds entries of the other URL
    expect(await templatesOf(p).cloud.entries()).toEqual([]);
    expect(await templatesOf(p).cloud.sync()).toMatchObject({
      status: 'not_configured',
      cloud: { configured: false, entries: 0 },
    });
    expect(await check('templates_cloud', p)).toMatchObject({ status: 'ok' });
  });

  it('a different URL voids the cached entries: nothing is served from them and the next sync adds all', async () => {
    await sync();
    const config = {
      ...t.platform.config,
      templates: { ...t.platform.config.templates, cloudUrl: `${cloud.url}?v=2` },
    };
    const p = await createPlatform({ config, db: t.db, modules, clock: t.clock });
    const rt = templatesOf(p);
    t.clock.advance({ minutes: 5 }); // the sync above was an attempt: the claim holds for 5 minutes, whatever the URL
    expect(await rt.cloud.entries()).toEqual([]);
    await rt.cloud.idle();
    expect(cloud.requests.at(-1)).toMatchObject({ path: '/catalog.json?v=2' });
    expect(cloud.requests.at(-1)!.headers['if-none-match']).toBeUndefined(); // never another URL's ETag
    expect((await rt.cloud.entries()).map((e) => e.key)).toEqual(['cloud-one', 'cloud-two']);
    const again = await rt.cloud.sync();
    expect(again).toMatchObject({ status: 'ok', added: [], unchanged: 2 });
  });
});

describe('capabilities of sync and cloud-optout', () => {
  it('anonymous 401, roles without manage_options 403 (nothing changes), administrator API key 200', async () => {
    for (const path of ['/sync', '/cloud-optout']) {
      expect((await t.http.post(`/wp-json/templates/v1${path}`).send({})).status, path).toBe(401);
      for (const role of ROLES.filter((r) => r !== 'administrator')) {
        expect(
          (
            await t.http
              .post(`/wp-json/templates/v1${path}`)
              .set((await t.as(role)).headers)
              .send({})
          ).status,
          `${role} ${path}`,
        ).toBe(403);
      }
    }
    expect(cloud.requests).toHaveLength(0);
    expect(await t.platform.prisma.option.count({ where: { name: 'templates_cloud_optout' } })).toBe(0);
    const key = await t.apiKey('administrator');
    expect((await t.http.post('/wp-json/templates/v1/sync').set(key.headers).send({})).status).toBe(200);
    expect(
      (await t.http.post('/wp-json/templates/v1/cloud-optout').set(key.headers).send({ optout: false })).status,
    ).toBe(200);
  });
});

// Platform core: hooks and the typed bus, after-commit events, settings, rate limits, meta-capabilities.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { mapPostCap } from '../../src/platform/authorize.ts';
import { Roles } from '../../src/platform/capabilities.ts';
import { hitRateLimit } from '../../src/platform/rate-limit.ts';
import { defineSetting } from '../../src/platform/settings.ts';
import { transaction } from '../../src/platform/transaction.ts';
import { AppError } from '../../src/platform/errors.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

declare module '../../src/platform/events.ts' {
  interface AtriumEvents {
    'test/thing/happened': { id: number };
  }
}

describe('actions, filters and the typed event bus', () => {
  it('a failing listener is logged and the others still run; typed and classic registrations both fire', async () => {
    const seen: string[] = [];
    const error = vi.spyOn(t.platform.logger, 'error').mockImplementation(() => {});
    const off = [
      t.platform.events.on('test/thing/happened', (p) => void seen.push(`typed:${p.id}`)),
      t.platform.hooks.addAction(
        'test/thing/happened',
        () => {
          throw new Error('listener broke');
        },
        5,
      ),
      t.platform.hooks.addAction('test/thing/happened', (p: { id: number }) => void seen.push(`classic:${p.id}`), 20),
    ];
    await t.platform.events.emit('test/thing/happened', { id: 7 });
    expect(seen).toEqual(['typed:7', 'classic:7']);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ hook: 'test/thing/happened' }),
      'action callback failed',
    );
    off.forEach((f) => f());
    error.mockRestore();
  });

  it('filters pass a value through in priority order', async () => {
    const off1 = t.platform.hooks.addFilter('test_paths', (v: string[]) => [...v, 'b'], 20);
    const off2 = t.platform.hooks.addFilter('test_paths', (v: string[]) => [...v, 'a'], 10);
    expect(await t.platform.hooks.applyFilters('test_paths', ['core'])).toEqual(['core', 'a', 'b']);
    off1();
    off2();
  });

  it('events wait for the commit and never fire for rolled-back work', async () => {
    const seen: number[] = [];
    const off = t.platform.events.on('test/thing/happened', (p) => void seen.push(p.id));
    await transaction(t.platform, async (tx, after) => {
      await tx.option.create({ data: { name: 'tx-ok', value: 1 } });
      after.emit('test/thing/happened', { id: 1 });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([1]);
    await expect(
      transaction(t.platform, async (tx, after) => {
        await tx.option.create({ data: { name: 'tx-rolled-back', value: 1 } });
        after.emit('test/thing/happened', { id: 2 });
        throw new AppError('test_failed', 'boom');
      }),
    ).rejects.toThrow('boom');
    expect(seen).toEqual([1]);
    expect(await t.platform.prisma.option.findUnique({ where: { name: 'tx-rolled-back' } })).toBeNull();
    off();
  });
});

describe('settings', () => {
  const flag = defineSetting({ name: 'test.flag', description: 'a flag', schema: z.boolean(), default: false });
  it('answer the default, store typed values and refuse bad ones', async () => {
    expect(await t.platform.settings.get(flag)).toBe(false);
    await t.platform.settings.set(flag, true);
    expect(await t.platform.settings.get(flag)).toBe(true);
    await expect(t.platform.settings.set(flag, 'yes')).rejects.toMatchObject({ code: 'rest_invalid_param' });
  });
});

describe('rate limits', () => {
  it('count per window in the database and answer 429 rate_limited with Retry-After', async () => {
    const rule = { name: 'test', limit: 3, windowSeconds: 60 };
    for (let i = 0; i < 3; i++) await hitRateLimit(t.platform, rule, '1.2.3.4');
    const err = await hitRateLimit(t.platform, rule, '1.2.3.4').catch((e: AppError) => e);
    expect(err).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(Number((err as AppError).headers['Retry-After'])).toBeGreaterThan(0);
    await hitRateLimit(t.platform, rule, '5.6.7.8');
    t.clock.advance({ seconds: 61 });
    await expect(hitRateLimit(t.platform, rule, '1.2.3.4')).resolves.toMatchObject({ count: 1 });
  });
});

describe('capabilities', () => {
  const roles = new Roles([{ administrator: ['member_manage'] }]);
  it('roles carry core capabilities and module grants', () => {
    expect(roles.capabilitiesOf(['subscriber'])).toEqual(new Set(['read']));
    expect(roles.capabilitiesOf(['administrator']).has('manage_options')).toBe(true);
    expect(roles.capabilitiesOf(['administrator']).has('member_manage')).toBe(true);
    expect(roles.capabilitiesOf(['editor']).has('manage_options')).toBe(false);
    expect(roles.capabilitiesOf(['shop_manager']).has('manage_woocommerce')).toBe(true);
    expect(roles.capabilitiesOf(['unknown'])).toEqual(new Set());
  });

  it('edit_post maps like core: own vs others, published or not, posts vs pages', () => {
    const post = (status: string, authorId: number, type = 'post') => ({ status, authorId, type });
    expect(mapPostCap('edit_post', 1, post('draft', 1))).toEqual(['edit_posts']);
    expect(mapPostCap('edit_post', 1, post('publish', 1))).toEqual(['edit_published_posts']);
    expect(mapPostCap('edit_post', 2, post('draft', 1))).toEqual(['edit_others_posts']);
    expect(mapPostCap('edit_post', 2, post('publish', 1))).toEqual(['edit_others_posts', 'edit_published_posts']);
    expect(mapPostCap('edit_post', 2, post('private', 1, 'page'))).toEqual(['edit_others_pages', 'edit_private_pages']);
    expect(mapPostCap('read_post', null, post('publish', 1))).toEqual(['read']);
    expect(mapPostCap('read_post', 2, post('private', 1))).toEqual(['read_private_posts']);
    expect(mapPostCap('delete_post', 1, post('publish', 1))).toEqual(['delete_published_posts']);
  });
});

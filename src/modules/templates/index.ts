// Templates (templates/v1): a catalog of bundled and cloud templates that import into real content.
// Extension points: filter tpl_extra_paths (folders of extra bundled templates, read at start) and action
// tpl_ready (fired once at start-up, after the catalog is loaded).
import type { Module } from '../module.ts';
import { templatesConfig } from './config.ts';
import { checks } from './checks.ts';
import { templatesCli } from './cli.ts';
import { templateFields } from './schema/fields.ts';
import { templatesOf } from './runtime.ts';

export interface TplReadyPayload {
  bundled: number;
  problems: number;
  cloud: number;
}

export const templates: Module = {
  name: 'templates',
  config: templatesConfig,
  schema: templateFields,
  checks,
  cli: templatesCli,
  async start(platform) {
    const rt = templatesOf(platform);
    const bundled = await rt.bundled();
    const cloud = await rt.cloud.status();
    const payload: TplReadyPayload = {
      bundled: bundled.templates.size,
      problems: bundled.problems.length,
      cloud: cloud.optout ? 0 : cloud.entries,
    };
    platform.logger.info(payload, 'templates catalog loaded');
    await platform.hooks.doAction('tpl_ready', payload);
  },
  async stop(platform) {
    await templatesOf(platform).cloud.idle(); // let a background refresh finish before the database closes
  },
};

// The cloud side of the catalog for one platform: serves the database cache, refreshes it in the background when
// stale (one refresh at a time in this process, one instance at a time through the claim), forces a sync on
// demand, and honours the opt-out. A slow, failing or malformed cloud only ever shows up as `lastError`.
import { z } from 'zod';
import { enumOf } from '../../input/vocabulary.ts';
import type { Platform } from '../../platform/platform.ts';
import { fetchCloudCatalog, type Rejected } from './cloud-fetch.ts';
import { applyOutcome, claimRefresh, readEntries, readState, type CloudState } from './cloud-store.ts';
import type { Template } from './entry.ts';
import { cloudOptout } from './settings.ts';

/** After a failed attempt, wait at most this long (or the TTL, if shorter) before trying again on a catalog read. */
const MAX_RETRY_MS = 5 * 60_000;

export interface CloudStatus {
  configured: boolean;
  optout: boolean;
  enabled: boolean;
  fetchedAt: Date | null;
  attemptedAt: Date | null;
  stale: boolean;
  lastError: string | null;
  lastErrorAt: Date | null;
  entries: number;
  refreshing: boolean;
}

const SYNC_STATUSES = ['ok', 'failed', 'disabled', 'not_configured'] as const;
export const SyncStatus = enumOf(
  'TemplateSyncStatus',
  SYNC_STATUSES,
  'ok, failed, disabled (opted out) or not_configured.',
  {
    ok: 'The cloud catalog was fetched and the cache updated.',
    failed: 'The cloud failed (error says how); the cache is untouched.',
    disabled: 'The site opted out of cloud templates; no request was made.',
    not_configured: 'No TEMPLATES_CLOUD_URL is set; no request was made.',
  },
);

/** The site's choice about cloud templates (setOptout). */
export const CloudOptoutArgs = {
  optout: z.boolean().default(true).describe('true turns cloud templates off (the default), false back on.'),
};

export interface SyncResult {
  status: (typeof SYNC_STATUSES)[number];
  syncedAt: Date;
  added: string[];
  updated: string[];
  removed: string[];
  unchanged: number;
  rejected: Rejected[];
  error: string | null;
  cloud: CloudStatus;
}

export class CloudCatalog {
  #inflight: Promise<void> | null = null;
  #memo: { key: string; templates: Template[] } | null = null;

  constructor(private readonly platform: Platform) {}

  get #url() {
    return this.platform.config.templates.cloudUrl;
  }
  get #ttlMs() {
    return this.platform.config.templates.cloudTtlSeconds * 1000;
  }

  optedOut(): Promise<boolean> {
    return this.platform.settings.get(cloudOptout);
  }

  #stale(state: CloudState): boolean {
    if (state.sourceUrl !== this.#url || !state.fetchedAt) return true;
    return state.fetchedAt.getTime() + this.#ttlMs <= this.platform.clock.now().getTime();
  }

  /** The cached entries of the configured URL, read again only when another write changed the revision. */
  async #cached(state: CloudState): Promise<Template[]> {
    if (!this.#url || state.sourceUrl !== this.#url) return [];
    const key = `${state.sourceUrl}#${state.revision}`;
    if (this.#memo?.key !== key) this.#memo = { key, templates: await readEntries(this.platform) };
    return this.#memo.templates;
  }

  /** What the catalog shows from the cloud right now; starts a background refresh when the cache is stale. */
  async entries(): Promise<Template[]> {
    if (!this.#url || (await this.optedOut())) return [];
    const state = await readState(this.platform);
    if (this.#stale(state) && !this.#inflight) {
      const retryMs = Math.min(this.#ttlMs, MAX_RETRY_MS);
      const due = !state.attemptedAt || state.attemptedAt.getTime() + retryMs <= this.platform.clock.now().getTime();
      if (due) this.#startRefresh(retryMs);
    }
    return this.#cached(state);
  }

  #startRefresh(retryMs: number): void {
    void this.#exclusive(async () => {
      if (!(await claimRefresh(this.platform, retryMs))) return;
      const state = await readState(this.platform);
      await this.#fetchAndApply(state.sourceUrl === this.#url ? state.etag : null);
    }).catch((err) => this.platform.logger.error({ err }, 'templates cloud refresh failed'));
  }

  /** Runs `work` when no other refresh or sync of this process is running, and marks it as running. */
  async #exclusive<T>(work: () => Promise<T>): Promise<T> {
    while (this.#inflight) await this.#inflight; // no await when idle: the marker is set synchronously
    const done = work();
    const marker = done
      .then(
        () => {},
        () => {},
      )
      .finally(() => {
        if (this.#inflight === marker) this.#inflight = null;
      });
    this.#inflight = marker;
    return done;
  }

  async #fetchAndApply(etag: string | null) {
    const url = this.#url!;
    const { cloudTimeoutMs: timeoutMs, cloudMaxBytes: maxBytes } = this.platform.config.templates;
    const outcome = await fetchCloudCatalog({ url, etag, timeoutMs, maxBytes });
    if (outcome.kind === 'failed') this.platform.logger.warn({ error: outcome.error }, 'templates cloud fetch failed');
    const diff = await applyOutcome(this.platform, url, outcome);
    return { outcome, diff };
  }

  /** Resolves once no background refresh is running (tests await this instead of sleeping). */
  async idle(): Promise<void> {
    while (this.#inflight) await this.#inflight;
  }

  /** A fresh fetch that bypasses the cached copy (no If-None-Match), answering what changed. */
  async sync(): Promise<SyncResult> {
    const base = { added: [], updated: [], removed: [], unchanged: 0, rejected: [], error: null };
    if (!this.#url)
      return { ...base, status: 'not_configured', syncedAt: this.platform.clock.now(), cloud: await this.status() };
    if (await this.optedOut())
      return { ...base, status: 'disabled', syncedAt: this.platform.clock.now(), cloud: await this.status() };
    const { outcome, diff } = await this.#exclusive(() => this.#fetchAndApply(null));
    const error = outcome.kind === 'failed' ? outcome.error : null;
    return {
      ...diff,
      status: error ? 'failed' : 'ok',
      error,
      syncedAt: this.platform.clock.now(),
      cloud: await this.status(),
    };
  }

  async setOptout(optout: boolean): Promise<CloudStatus> {
    await this.platform.settings.set(cloudOptout, optout);
    return this.status();
  }

  async status(): Promise<CloudStatus> {
    const [optout, state] = await Promise.all([this.optedOut(), readState(this.platform)]);
    const configured = Boolean(this.#url);
    const current = configured && state.sourceUrl === this.#url;
    return {
      configured,
      optout,
      enabled: configured && !optout,
      fetchedAt: current ? state.fetchedAt : null,
      attemptedAt: state.attemptedAt,
      stale: configured && this.#stale(state),
      lastError: state.lastError,
      lastErrorAt: state.lastErrorAt,
      entries: current ? (await this.#cached(state)).length : 0,
      refreshing: this.#inflight !== null,
    };
  }
}

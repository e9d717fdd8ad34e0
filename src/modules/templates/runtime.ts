// Per-platform state of the templates module: the bundled catalog (loaded once, on start or on first use, e.g. from
// the CLI) and the cloud side. Tests build many platforms in one process, so nothing here is a module global.
import type { Platform } from '../../platform/platform.ts';
import { loadBundled, type BundledCatalog } from './bundled.ts';
import { CloudCatalog } from './cloud.ts';

export interface TemplatesRuntime {
  bundled(): Promise<BundledCatalog>;
  cloud: CloudCatalog;
}

const runtimes = new WeakMap<Platform, TemplatesRuntime>();

export function templatesOf(platform: Platform): TemplatesRuntime {
  let rt = runtimes.get(platform);
  if (!rt) {
    let bundled: Promise<BundledCatalog> | undefined;
    rt = { bundled: () => (bundled ??= loadBundled(platform)), cloud: new CloudCatalog(platform) };
    runtimes.set(platform, rt);
  }
  return rt;
}

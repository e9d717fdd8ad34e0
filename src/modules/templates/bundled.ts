// Bundled templates: JSON files in this module's bundled/ folder plus every folder the filter tpl_extra_paths adds.
// Each file is validated on load; a broken one (unreadable, not JSON, wrong shape, duplicate key) is logged, kept
// in the problem list (admin field and site health) and skipped. Loading never throws.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Platform } from '../../platform/platform.ts';
import { parseTemplate, type Template } from './entry.ts';
import { CODE_DIR } from '../../paths.ts';

export const BUNDLED_DIR = path.join(CODE_DIR, 'modules/templates/bundled/');
/** A template file larger than this is refused unread. */
const MAX_FILE_BYTES = 1024 * 1024;

export interface LoadProblem {
  path: string;
  error: string;
}

export interface BundledCatalog {
  templates: Map<string, Template>;
  problems: LoadProblem[];
  folders: string[];
}

async function loadFile(file: string): Promise<{ template: Template } | { error: string }> {
  try {
    const info = await stat(file);
    if (info.size > MAX_FILE_BYTES) return { error: `larger than ${MAX_FILE_BYTES} bytes` };
    const text = await readFile(file, 'utf8');
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (err) {
      return { error: `not valid JSON (${(err as Error).message})` };
    }
    const parsed = parseTemplate(raw, 'bundled');
    return parsed.ok ? { template: parsed.template } : { error: parsed.error };
  } catch (err) {
    return { error: `cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})` };
  }
}

/** The folders to read: ours first, then what plugins add (strings only, each once, resolved to absolute paths). */
async function folders(platform: Platform): Promise<{ folders: string[]; problems: LoadProblem[] }> {
  const extra = await platform.hooks.applyFilters<unknown>('tpl_extra_paths', []);
  const problems: LoadProblem[] = [];
  const list = [BUNDLED_DIR];
  for (const p of Array.isArray(extra) ? extra : []) {
    if (typeof p !== 'string' || !p.trim())
      problems.push({ path: String(p), error: 'tpl_extra_paths gave something that is not a folder path' });
    else if (!list.includes(path.resolve(p))) list.push(path.resolve(p));
  }
  if (!Array.isArray(extra))
    problems.push({ path: 'tpl_extra_paths', error: 'the filter did not answer an array of folder paths' });
  return { folders: list, problems };
}

export async function loadBundled(platform: Platform): Promise<BundledCatalog> {
  const { folders: dirs, problems } = await folders(platform);
  const templates = new Map<string, Template>();
  const origin = new Map<string, string>();
  for (const dir of dirs) {
    let names: string[];
    try {
      names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
    } catch (err) {
      problems.push({ path: dir, error: `folder cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})` });
      continue;
    }
    for (const name of names) {
      const file = path.join(dir, name);
      const result = await loadFile(file);
      if ('error' in result) problems.push({ path: file, error: result.error });
      else if (templates.has(result.template.key)) {
        problems.push({
          path: file,
          error: `duplicate key "${result.template.key}" (already loaded from ${origin.get(result.template.key)})`,
        });
      } else {
        templates.set(result.template.key, result.template);
        origin.set(result.template.key, file);
      }
    }
  }
  for (const p of problems) platform.logger.warn({ path: p.path, error: p.error }, 'template file skipped');
  return { templates, problems, folders: dirs };
}

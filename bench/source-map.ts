// Where a frame of the built bundle (dist/) comes from, read through the bundle's source maps: the profilers' frames
// name a chunk and a column, which say nothing of the package or src/ file whose code it is.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/** A frame as V8's CPU and heap profiles give it (line and column from 0). */
export interface Frame {
  url: string;
  lineNumber: number;
  columnNumber: number;
}

const maps = new Map<string, SourceMap | null>();

/** The original file (its path as the map names it) and line (from 1) of a bundle frame; null for a frame of a file
 *  without a map (node's own, a package left out of the bundle) or a position the map does not cover. */
export function originalOf({ url, lineNumber, columnNumber }: Frame): { source: string; line: number } | null {
  // CPU profiles name a file by URL, heap profiles by path.
  if (!(url.startsWith('file://') || url.startsWith('/')) || !url.endsWith('.js')) return null;
  const file = url.startsWith('/') ? url : fileURLToPath(url);
  let map = maps.get(file);
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    } catch {
      map = null;
    }
    maps.set(file, map);
  }
  const entry = map?.findEntry(lineNumber, columnNumber) as
    { originalSource?: string; originalLine?: number } | undefined;
  return entry?.originalSource ? { source: entry.originalSource, line: entry.originalLine! + 1 } : null;
}

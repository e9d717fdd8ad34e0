// The CLI's access to Atrium: the platform opened on demand (migrations applied), output in the chosen format.
import { loadConfig } from '../config.ts';
import { openDatabase, targetFromConfig } from '../db/connect.ts';
import { modules } from '../modules/index.ts';
import type { CliContext } from '../platform/module.ts';
import { createPlatform, type Platform } from '../platform/platform.ts';
import { render, type Format } from './output.ts';

export function createCliContext(format: () => Format): CliContext & { close(): Promise<void> } {
  let opened: Promise<Platform> | undefined;
  return {
    platform() {
      opened ??= (async () => {
        const config = loadConfig(undefined, modules); // the environment, with the installed modules' keys
        const db = await openDatabase(targetFromConfig(config));
        try {
          await db.migrate();
          return await createPlatform({ config: { ...config, logLevel: 'warn' }, db, modules });
        } catch (err) {
          await db.close(); // or the embedded cluster would keep this process as its user
          throw err;
        }
      })();
      return opened;
    },
    print(rows, columns) {
      const list = Array.isArray(rows) ? rows : [rows];
      process.stdout.write(`${render(list, format(), columns)}\n`);
    },
    // Messages on stderr, data on stdout, whatever the format: `--format=json` output always parses.
    success(message) {
      process.stderr.write(`Success: ${message}\n`);
    },
    async close() {
      const platform = await opened?.catch(() => null); // a failed open was already reported
      await platform?.db.close();
    },
  };
}

// The CLI's access to Atrium: the platform opened on demand (migrations applied), the installed modules' GraphQL
// operations in-process, output in the chosen format. The platform, the modules and GraphQL are imported when a
// command first asks for them: `atrium --help` needs none of them.
import type { CliContext } from '../cli/context.ts';
import type { Platform } from '../platform/platform.ts';
import { render, type Format } from '../cli/output.ts';

export function createCliContext(format: () => Format): CliContext & { close(): Promise<void> } {
  let opened: Promise<Platform> | undefined;
  return {
    platform() {
      opened ??= (async () => {
        const [{ loadConfig }, { openDatabase, targetFromConfig }, { modules }, { createPlatform }] = await Promise.all(
          [
            import('../platform/config.ts'),
            import('../db/connect.ts'),
            import('../modules/index.ts'),
            import('../platform/platform.ts'),
          ],
        );
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
    async graphql<T>(document: string, variables?: Record<string, unknown>) {
      const platform = await this.platform();
      const [{ execute, parse }, { modules }, { createContext }, { buildSchema }, { SYSTEM }] = await Promise.all([
        import('graphql'),
        import('../modules/index.ts'),
        import('../graphql/context.ts'),
        import('../graphql/schema.ts'),
        import('../platform/principal.ts'),
      ]);
      const request = { ip: null, userAgent: 'atrium-cli', header: () => undefined, secure: false };
      const result = await execute({
        schema: buildSchema(modules),
        document: parse(document),
        variableValues: variables,
        contextValue: createContext(platform, { principal: SYSTEM, session: null }, request),
      });
      if (result.errors?.length) throw result.errors[0]!.originalError ?? result.errors[0];
      return result.data as T;
    },
    print(rows, columns) {
      const list = Array.isArray(rows) ? rows : [rows];
      process.stdout.write(`${render(list, format(), columns)}\n`);
    },
    // Messages on stderr, data on stdout, whatever the format: `--format=json` output always parses.
    success(message) {
      process.stderr.write(`Success: ${message}\n`);
    },
    changed(message, object, columns) {
      this.success(message);
      this.print(object, columns);
    },
    async close() {
      const platform = await opened?.catch(() => null); // a failed open was already reported
      await platform?.queue.stop(); // workers a command started (campaigns send)
      await platform?.mail.close();
      await platform?.db.close();
    },
  };
}

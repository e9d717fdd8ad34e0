// adapter-pg cannot decode PostgreSQL's internal "char" type (OID 18), which the schema engine's catalog queries
// return. Migrations through a PostgreSQL server read those columns as text. Runtime queries never see OID 18.
import { PrismaPg } from '@prisma/adapter-pg';

const CHAR_OID = 18;
const TEXT_OID = 25;
let patched = false;

/** A PrismaPg factory for the schema engine; `release()` closes every pool the engine opened through it. */
export async function migrationPgFactory(
  connectionString: string,
): Promise<{ factory: PrismaPg; release(): Promise<void> }> {
  const factory = new PrismaPg({ connectionString });
  if (!patched) {
    const probe = await factory.connect();
    let proto = Object.getPrototypeOf(probe);
    while (proto && !Object.hasOwn(proto, 'performIO')) proto = Object.getPrototypeOf(proto);
    if (proto) {
      const original = proto.performIO;
      proto.performIO = async function (this: unknown, ...args: unknown[]) {
        const result = await original.apply(this, args);
        for (const field of result?.fields ?? []) if (field.dataTypeID === CHAR_OID) field.dataTypeID = TEXT_OID;
        return result;
      };
      patched = true;
    }
    await probe.dispose();
  }
  const opened: { dispose(): Promise<void> }[] = [];
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    // adapter-pg splits a migration script at every ";", which breaks dollar-quoted bodies (trigger functions);
    // PostgreSQL's simple query protocol runs a whole script as sent, as Prisma's native engine does.
    const pg = adapter as unknown as { client: { query(sql: string): Promise<unknown> }; onError(err: unknown): never };
    adapter.executeScript = async (script: string) => {
      try {
        await pg.client.query(script);
      } catch (err) {
        pg.onError(err); // the adapter's own error mapping, which the schema engine reports from
      }
    };
    opened.push(adapter);
    return adapter;
  };
  return { factory, release: async () => void (await Promise.all(opened.map((a) => a.dispose().catch(() => {})))) };
}

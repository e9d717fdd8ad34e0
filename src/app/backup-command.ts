// `atrium db backup|restore` on the database as the server finds it (the embedded cluster of DATA_DIR, started for the
// command when no server runs it, or DATABASE_URL), without building the platform around it.
import { loadConfig } from '../platform/config.ts';
import { openDatabase, targetFromConfig } from '../db/connect.ts';
import { backup, restore } from './backup.ts';

async function withDatabase<T>(migrate: boolean, work: (url: string) => Promise<T>): Promise<T> {
  const db = await openDatabase(targetFromConfig(loadConfig()));
  try {
    if (migrate) await db.migrate(); // a restore loads rows into the schema of the migrations the backup names
    return await work(db.url);
  } finally {
    await db.close();
  }
}

export const backupTo = (file: string) => withDatabase(false, (url) => backup(url, file));
export const restoreFrom = (file: string) => withDatabase(true, (url) => restore(url, file));

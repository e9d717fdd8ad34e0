// First start with an empty database: create the administrator from ADMIN_USERNAME/ADMIN_PASSWORD/ADMIN_EMAIL, or
// generate a strong password and print it once. Instances starting at once on a fresh database race here: the unique
// username decides, and the others go on without an error (the winner printed the password).
import { AppError } from './errors.ts';
import type { Platform } from './platform.ts';
import { createUser } from './users/service.ts';

export async function bootstrapAdmin(
  platform: Platform,
  print: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
) {
  // On the pool, not through Prisma: serve answers before Prisma's query compiler is loaded (src/db/migrate.ts).
  if (await platform.sql.selectFrom('users').select('id').limit(1).executeTakeFirst()) return null;
  const { username, email, password } = platform.config.admin;
  let created: Awaited<ReturnType<typeof createUser>>;
  try {
    created = await createUser(platform, {
      username,
      email,
      password,
      roles: ['administrator'],
      displayName: 'Administrator',
    });
  } catch (err) {
    if (err instanceof AppError && (err.code === 'user_username_exists' || err.code === 'user_email_exists'))
      return null;
    throw err;
  }
  platform.logger.info({ userId: created.user.id, username }, 'created the first administrator');
  if (!password) {
    print('');
    print('  Atrium created the first administrator account:');
    print(`    username: ${username}`);
    print(`    password: ${created.password}`);
    print('  This password is shown once. Change it, or set ADMIN_PASSWORD before the first start.');
    print('');
  }
  return created.user;
}

// First start with an empty database: create the administrator from ADMIN_USERNAME/ADMIN_PASSWORD/ADMIN_EMAIL, or
// generate a strong password and print it once.
import type { Platform } from './platform.ts';
import { createUser } from './users/service.ts';

export async function bootstrapAdmin(platform: Platform, print: (line: string) => void = (l) => process.stdout.write(`${l}\n`)) {
  if ((await platform.prisma.user.count()) > 0) return null;
  const { username, email, password } = platform.config.admin;
  const created = await createUser(platform, { username, email, password, roles: ['administrator'], displayName: 'Administrator' });
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

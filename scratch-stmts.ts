import supertest from 'supertest';
import { loadConfig } from './src/config.ts';
import { createAtrium } from './src/server.ts';
import { createAppPassword } from './src/platform/auth/app-passwords.ts';
const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', JOBS_ENABLED: 'false', ADMIN_PASSWORD: 'bench-admin-password' });
const atrium = await createAtrium({ config });
const admin = await atrium.platform.prisma.user.findFirstOrThrow({ where: { username: 'admin' } });
const { password } = await createAppPassword(atrium.platform, admin.id, 'x');
const auth = `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
for (let i = 0; i < 12; i++) await atrium.platform.prisma.mailerSubscriber.create({ data: { email: `s${i}@x.test`, status: 'subscribed', createdAt: new Date(), updatedAt: new Date() } as any }).catch(e => console.log(String(e).slice(0,200)));
const a = supertest(atrium.app);
const reqs: [string, () => any][] = [
  ['list', () => a.get('/wp-json/mailer/v1/subscribers?per_page=10').set('Authorization', auth)],
  ['forms', () => a.get('/wp-json/forms/v1/forms')],
  ['viewer', () => a.post('/graphql').set('Authorization', auth).send({ query: '{ viewer { user { id } } }' })],
];
for (const [name, r] of reqs) {
  await r();
  atrium.platform.db.statements.log = [];
  const res = await r();
  console.log(name, res.status, atrium.platform.db.statements.log.length);
  for (const s of atrium.platform.db.statements.log) console.log('   ', s.replace(/\s+/g, ' ').slice(0, 300));
  atrium.platform.db.statements.log = null;
}
await atrium.close();

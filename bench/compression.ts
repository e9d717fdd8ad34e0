// `npx tsx bench/compression.ts`: what compression costs and saves on the request path (issue 30). Answers under the
// 1 kB threshold (src/app/http.ts) go out as they are, so a client that accepts gzip and brotli pays nothing for them:
// the small answer's req/s with `Accept-Encoding: gzip, br` should match its req/s with `identity` (ratio ≈ 1), and
// it carries no Content-Encoding. A large answer (a page of 100 subscribers) is compressed: its bytes on the wire
// shrink, at the CPU cost the table shows. Data as `npm run bench` seeds it (bench/request-path.ts);
// BENCH_SECONDS (default 5) per scenario, both encodings loaded in turn for BENCH_ROUNDS rounds (default 2).
import { request } from 'node:http';
import { load, report, startAtrium, type LoadResult, type Row } from './lib.ts';
import { seedRequestPath } from './request-path.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const COMPRESSED = 'gzip, br';

/** Bytes on the wire and the Content-Encoding of one answer (node:http leaves the body as sent). */
function wire(url: string, headers: Record<string, string>): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'none') }));
    })
      .on('error', reject)
      .end();
  });
}

const best = (rs: LoadResult[]) => rs.reduce((a, b) => (b.rps > a.rps ? b : a));

const seeded = await seedRequestPath();
const atrium = await startAtrium(seeded.dir);
try {
  const auth = { Authorization: seeded.authorization };
  const scenarios = [
    { name: 'small: GET /wp/v2/users/me', url: `${atrium.url}/wp-json/wp/v2/users/me` },
    {
      name: 'large: GET /mailer/v1/subscribers?per_page=100',
      url: `${atrium.url}/wp-json/mailer/v1/subscribers?per_page=100`,
    },
  ];
  const rows: Row[] = [];
  for (const s of scenarios) {
    const plain = await wire(s.url, { ...auth, 'Accept-Encoding': 'identity' });
    const packed = await wire(s.url, { ...auth, 'Accept-Encoding': COMPRESSED });
    const identity: LoadResult[] = [];
    const compressed: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      identity.push(await load(s.url, { headers: { ...auth, 'Accept-Encoding': 'identity' }, seconds: SECONDS }));
      compressed.push(await load(s.url, { headers: { ...auth, 'Accept-Encoding': COMPRESSED }, seconds: SECONDS }));
    }
    rows.push({
      name: `${s.name}, Accept-Encoding: ${COMPRESSED} (baseline: identity)`,
      result: best(compressed),
      baseline: best(identity),
      note: `${plain.bytes} bytes as identity; ${packed.bytes} bytes with Content-Encoding ${packed.encoding}`,
    });
  }
  process.stdout.write(`${report('Compression: small answers stay as they are, large ones shrink', rows)}\n`);
} finally {
  await atrium.stop();
  seeded.remove();
}

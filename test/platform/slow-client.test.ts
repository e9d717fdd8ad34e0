// A client that sends its body slowly loses the connection after REQUEST_TIMEOUT (408), not after Node's 300 s.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ env: { REQUEST_TIMEOUT: '1', HEADERS_TIMEOUT: '1' } });
  port = ((await t.atrium.listen(0, '127.0.0.1')).address() as AddressInfo).port;
});
afterAll(() => t?.close());

it('cuts off a body that never completes with 408 once REQUEST_TIMEOUT has passed', async () => {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (d) => (answer += d.toString()));
  socket.write(
    'POST /wp-json/forms/v1/forms/1/submit HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"na',
  );
  await new Promise((resolve) => socket.on('close', resolve)); // Node's default would keep it 300 s: past the test's timeout
  expect(answer).toMatch(/^HTTP\/1\.1 408/);
});

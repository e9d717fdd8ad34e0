// Long CLI work shows a cli-progress bar on a terminal and nothing elsewhere (pipes, logs).
import { PassThrough } from 'node:stream';
import { expect, it } from 'vitest';
import { progressBar } from '../../src/cli/progress.ts';

const stream = (tty: boolean) => {
  const s = Object.assign(new PassThrough(), {
    isTTY: tty,
    columns: 80,
    cursorTo: () => true,
    clearLine: () => true,
    moveCursor: () => true,
  });
  let out = '';
  s.on('data', (d: Buffer) => (out += d.toString()));
  return { s: s as unknown as NodeJS.WriteStream, out: () => out };
};

it('draws on a terminal, with the count and the total', () => {
  const t = stream(true);
  const bar = progressBar(200, 'campaign 7', t.s);
  bar.update(50);
  bar.stop();
  expect(t.out()).toContain('campaign 7');
  expect(t.out()).toMatch(/\d+\/200/);
});

it('writes nothing when not on a terminal', () => {
  const t = stream(false);
  const bar = progressBar(200, 'campaign 7', t.s);
  bar.update(50);
  bar.stop();
  expect(t.out()).toBe('');
});

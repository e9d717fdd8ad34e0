import { createReadStream } from 'node:fs';
import { readCsv } from './src/modules/member/importer/csv.ts';
import { pmpro } from './src/modules/member/importer/formats/pmpro.ts';
import { prepare } from './src/modules/member/importer/prepare.ts';
import { Zone } from './src/modules/member/importer/dates.ts';
import { email } from './src/platform/validate.ts';
const file = process.argv[2]!;
let t = performance.now(); let n = 0; let read: any;
const cells: string[][] = [];
for await (const r of readCsv(createReadStream(file))) { if ('cells' in r) { if (!read) read = pmpro.bind(r.cells); else { n++; if (cells.length < 100000) cells.push(r.cells); } } }
console.log('csv', n, (performance.now() - t).toFixed(0), 'ms');
t = performance.now(); const zone = new Zone('UTC'); const now = new Date();
for (const c of cells) prepare('pmpro', read(c), 1, zone, now);
console.log('prepare', (performance.now() - t).toFixed(0), 'ms');
const e = email(); t = performance.now();
for (let i = 0; i < 100000; i++) e.safeParse(`member${i}@example.com`);
console.log('email', (performance.now() - t).toFixed(0), 'ms');

// The keys a run has seen, to refuse a key's second row (it would overwrite the first, and make every later run
// "update" both). A Map of 100,000 strings costs ~14 MB and grows with the file; this keeps two 32-bit hashes and the
// line of each key in typed arrays (~24 bytes a key at half load). Two keys share both hashes with a chance of about
// n² / 2⁶⁵ (3 in 100 million for a million rows); such a row would be reported as a duplicate, never written twice.

function hash(s: string, seed: number, prime: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), prime) >>> 0;
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d) >>> 0;
  return (h ^ (h >>> 12)) >>> 0;
}

export class SeenKeys {
  #a = new Uint32Array(1024);
  #b = new Uint32Array(1024);
  #line = new Int32Array(1024); // 0: empty slot (lines start at 1)
  #size = 0;

  /** The line the key was first seen on, or null (and the key is remembered with `line`). */
  firstLine(key: string, line: number): number | null {
    const a = hash(key, 0x811c9dc5, 0x01000193);
    const b = hash(key, 0x9e3779b9, 0x85ebca6b) || 1;
    const found = this.#find(a, b);
    if (this.#line[found]) return this.#line[found]!;
    this.#a[found] = a;
    this.#b[found] = b;
    this.#line[found] = line;
    if (++this.#size * 2 > this.#line.length) this.#grow();
    return null;
  }

  #find(a: number, b: number): number {
    const mask = this.#line.length - 1;
    let i = a & mask;
    while (this.#line[i] && (this.#a[i] !== a || this.#b[i] !== b)) i = (i + 1) & mask;
    return i;
  }

  #grow() {
    const [a, b, line] = [this.#a, this.#b, this.#line];
    this.#a = new Uint32Array(a.length * 2);
    this.#b = new Uint32Array(a.length * 2);
    this.#line = new Int32Array(a.length * 2);
    for (let i = 0; i < line.length; i++) {
      if (!line[i]) continue;
      const slot = this.#find(a[i]!, b[i]!);
      this.#a[slot] = a[i]!;
      this.#b[slot] = b[i]!;
      this.#line[slot] = line[i]!;
    }
  }
}

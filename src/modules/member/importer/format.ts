// What every source format turns a CSV row into, and the header binding they share. A format knows its header
// variants (aliases of each field); the row it answers is still raw text, checked and typed by prepare.ts.
import { AppError } from '../../../platform/errors.ts';
import type { SourceSystem } from './statuses.ts';

export interface PlanCells {
  /** The source's plan id (PMPro level, MemberPress product, RCP level, WooCommerce plan). */
  id: string | null;
  name: string | null;
  /** Billing, when the export gives it: for plans the importer creates. */
  price?: string | null;
  interval?: string | null;
  intervalCount?: string | null;
}

export interface SourceRow {
  /** The source's idempotency key for this membership, without the system prefix (null: missing). */
  key: string | null;
  email: string | null;
  /** Used to find a user when the row has no e-mail (MemberPress' importer format allows either). */
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  plan: PlanCells;
  /** The source's status, verbatim (null: the export has no status column; `derived` stands in: by_end is active
   *  until the end date, then expired). */
  status: string | null;
  derived?: 'active' | 'expired' | 'by_end';
  start: string | null;
  end: string | null;
  /** Set when the format already knows the row is no membership (e.g. a payment of a subscription). */
  reject?: string;
}

export interface SourceFormat {
  system: SourceSystem;
  label: string;
  /** Binds the header row; throws invalidFile() when the header is not one of this format's variants. */
  bind(header: string[]): (cells: string[]) => SourceRow;
}

export const invalidFile = (message: string) => new AppError('member_import_invalid_file', message, { status: 400 });

/** Header names as compared: trimmed, lower-case, inner spaces single. */
export const headerName = (h: string) =>
  h
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');

/** Looks up cells by any of a field's header names; the first column of a repeated name wins. */
export class Header {
  readonly #index = new Map<string, number>();

  constructor(readonly names: string[]) {
    names.forEach((n, i) => {
      const key = headerName(n);
      if (!this.#index.has(key)) this.#index.set(key, i);
    });
  }

  has(...aliases: string[]): boolean {
    return aliases.some((a) => this.#index.has(a));
  }

  /** A reader for the first alias present (null when none is). */
  column(...aliases: string[]): ((cells: string[]) => string | null) | null {
    for (const a of aliases) {
      const i = this.#index.get(a);
      if (i !== undefined) return (cells) => cell(cells[i]);
    }
    return null;
  }

  /** Like column(), but a missing column reads as null. */
  optional(...aliases: string[]): (cells: string[]) => string | null {
    return this.column(...aliases) ?? (() => null);
  }

  /** Like column(), but the header must have it. */
  required(label: string, field: string, ...aliases: string[]): (cells: string[]) => string | null {
    const read = this.column(...aliases);
    if (!read)
      throw invalidFile(`Not a ${label} file: no ${field} column (${aliases.map((a) => `"${a}"`).join(' or ')}).`);
    return read;
  }
}

/** A trimmed cell; empty is null. */
function cell(v: string | undefined): string | null {
  const s = v?.trim();
  return s ? s : null;
}

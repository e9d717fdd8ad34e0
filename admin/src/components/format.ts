// Display formats: money in the plan's currency from minor units, dates in the browser's locale.

const minorDigits = (currency: string) => {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
};

export function formatMoney(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(minor / 10 ** digits);
  } catch {
    return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
  }
}

/** Major units as typed in a form (e.g. "19.90") to minor units, or null when it is not a number. */
export function toMinor(major: number | string, currency: string): number | null {
  const n = typeof major === 'number' ? major : Number(major);
  return Number.isFinite(n) ? Math.round(n * 10 ** minorDigits(currency)) : null;
}

export const toMajor = (minor: number, currency: string) => minor / 10 ** minorDigits(currency);

export const formatDate = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString() : '—');
export const formatDateTime = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
export const formatPercent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;

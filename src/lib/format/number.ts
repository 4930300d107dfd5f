/**
 * Numbers the Norwegian way, written by hand: Chromium has no number data for `nn-NO` and falls
 * back to English ('4.3'), so Intl cannot be trusted with the decimal comma.
 */

/** 4.25 → '4,3' (one decimal), 4 → '4'; thousands grouped with a narrow no-break space: 12 500 → '12 500'. */
export function formatDecimal(value: number, maximumFractionDigits = 1): string {
  if (!Number.isFinite(value)) return '';
  const factor = 10 ** maximumFractionDigits;
  const rounded = Math.round(Math.abs(value) * factor) / factor;
  const [whole = '0', fraction] = String(rounded).split('.');
  const grouped = whole.length > 4 ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f') : whole;
  const sign = value < 0 && rounded !== 0 ? '−' : '';
  return fraction ? `${sign}${grouped},${fraction}` : `${sign}${grouped}`;
}

/** A price in whole kroner: 120 → '120 kr', 12500 → '12 500 kr' (a no-break space before kr), 0 → 'Gratis'. */
export function formatPrice(kroner: number): string {
  if (!Number.isFinite(kroner) || kroner < 0) return '';
  return kroner === 0 ? 'Gratis' : `${formatDecimal(kroner, 0)}\u00a0kr`;
}

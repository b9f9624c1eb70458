// Number formats of the public pages (en-US, as the prices are in dollars).

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Whole dollars when the amount is whole (to the cent), else dollars and cents: $1,313 / $23.20. */
export function formatMoney(value: number): string {
  // Half a cent rounds away from zero (-28.375 -> -28.38), as people round by hand.
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * 100)) / 100 || 0;
  return Number.isInteger(rounded) ? dollars.format(rounded) : cents.format(rounded);
}

/** At most one decimal: 62.5, 750. */
/** Hours with one decimal; a small non-zero figure reads '< 0.1', not '0' beside a non-zero saving. */
export function formatHours(value: number): string {
  return value > 0 && value < 0.05 ? '< 0.1' : oneDecimal.format(value);
}

export function formatCount(value: number): string {
  return whole.format(value);
}

/** A whole percentage with thousands separators: 5,557%. */
export function formatPercent(value: number): string {
  return `${whole.format(Math.round(value))}%`;
}

// The expiry choices of a new API key, as the create dialog offers them.

export const expiryChoices = [
  { value: 'never', label: 'Never (until revoked)' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In 1 year' },
] as const;
export type ExpiryChoice = (typeof expiryChoices)[number]['value'];

/** The ISO time a choice means from `nowMs`, or null for a key that does not expire. */
export function expiryFromChoice(choice: ExpiryChoice, nowMs: number): string | null {
  if (choice === 'never') return null;
  return new Date(nowMs + Number(choice) * 24 * 60 * 60 * 1000).toISOString();
}

import { describe, expect, it } from 'vitest';
import { statusActions, statusOnReactivation } from './business-status';

describe('business status rules', () => {
  it.each([
    ['trial', 'trial'],
    ['active', 'active'],
    ['inactive', 'inactive'],
    [null, 'active'],
    ['suspended', 'active'],
  ] as const)('reactivating a business suspended from %s returns it to %s', (before, after) => {
    expect(statusOnReactivation(before)).toBe(after);
  });

  it.each([
    ['trial', { suspend: true, reactivate: false, activate: true }],
    ['active', { suspend: true, reactivate: false, activate: false }],
    ['inactive', { suspend: true, reactivate: false, activate: true }],
    ['suspended', { suspend: false, reactivate: true, activate: false }],
  ] as const)('%s offers %o', (status, actions) => {
    expect(statusActions(status)).toEqual(actions);
  });
});

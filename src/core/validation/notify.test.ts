import { describe, expect, it } from 'vitest';
import { notifyFormSchema } from './notify';

const messagesOf = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('notifyFormSchema', () => {
  it.each([
    [{ email: 'ann@x.com', feature: 'two-way-sync' }, []],
    [{ email: 'ann@x.com', feature: ' Two-Way-Sync ' }, []],
    [{ email: '', feature: 'two-way-sync' }, ['email: Please enter a valid email address']],
    [{ email: 'ann', feature: 'two-way-sync' }, ['email: Please enter a valid email address']],
    [{ email: 'ann@x.com', feature: 'sms' }, ['feature: Unknown feature.']],
  ])('%j', (input, expected) => {
    expect(messagesOf(notifyFormSchema.safeParse(input))).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { notifyFormSchema } from './notify';

const messagesOf = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('notifyFormSchema', () => {
  it.each([
    [{ email: 'ann@x.com', feature: 'sms' }, []],
    [{ email: '', feature: 'sms' }, ['email: Please enter a valid email address']],
    [{ email: 'ann', feature: 'sms' }, ['email: Please enter a valid email address']],
  ])('%j', (input, expected) => {
    expect(messagesOf(notifyFormSchema.safeParse(input))).toEqual(expected);
  });
});

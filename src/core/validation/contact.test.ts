import { describe, expect, it } from 'vitest';
import { contactFormSchema } from './contact';

const messagesOf = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('contactFormSchema', () => {
  const valid = { name: 'Ann', email: 'ann@x.com', message: 'Hello' };
  it('fills optional fields and the interest', () => {
    expect(contactFormSchema.parse(valid)).toEqual({ ...valid, company: '', phone: '', interest: 'general' });
    expect(contactFormSchema.parse({ ...valid, interest: 'demo', company: ' Acme ' })).toMatchObject({ interest: 'demo', company: 'Acme' });
  });
  it.each([
    [{ name: ' ' }, ['name: Please fill in all required fields.']],
    [{ email: '' }, ['email: Please fill in all required fields.']],
    [{ message: '' }, ['message: Please fill in all required fields.']],
    [{ email: 'ann@' }, ['email: Please enter a valid email address']],
    [{ interest: 'sales' }, ['interest: Invalid option: expected one of "general"|"demo"|"pricing"|"enterprise"|"support"']],
  ])('%j', (patch, expected) => {
    expect(messagesOf(contactFormSchema.safeParse({ ...valid, ...patch }))).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { classifySmsReply, composeUrgentText, isUrgentUpdate, maskPhone, normalizePhone, SMS_MAX_LENGTH } from './sms';

describe('texts for urgent updates', () => {
  it('reads phone numbers as a sheet holds them into E.164, and refuses what cannot be texted', () => {
    expect(normalizePhone('+1 (415) 555-0134')).toBe('+14155550134');
    expect(normalizePhone('415.555.0134')).toBe('+14155550134');
    expect(normalizePhone('1 415 555 0134')).toBe('+14155550134');
    expect(normalizePhone('0044 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
    for (const bad of ['', '  ', '555-0134', 'call me', '+0123456789', '+1234567890123456', '020 7946 0958']) expect(normalizePhone(bad)).toBeNull();
  });

  it('masks a number to its country code and last 4 digits, revealing no digit of an area code', () => {
    expect(maskPhone('+14155550134')).toBe('+1 •••• 0134');
    expect(maskPhone('+442079460958')).toBe('+44 •••• 0958');
    expect(maskPhone('+79161234567')).toBe('+7 •••• 4567');
    expect(maskPhone('+353861234567')).toBe('+353 •••• 4567');
    expect(maskPhone('+4915123456789')).toBe('+49 •••• 6789');
    expect(maskPhone('+61412345678')).toBe('+61 •••• 5678');
    expect(maskPhone('+971501234567')).toBe('+971 •••• 4567');
  });

  it('an update is urgent when the status changed to one marked urgent, or for a client of urgent priority', () => {
    const sms = { urgentStatuses: ['action needed'], urgentPriorities: ['urgent', '1'] };
    expect(isUrgentUpdate({ status: { from: 'In Progress', to: 'Action Needed' } }, '', sms)).toBe(true);
    expect(isUrgentUpdate({ status: { from: 'In Progress', to: 'Review' } }, 'Urgent ', sms)).toBe(true);
    expect(isUrgentUpdate({ status: { from: 'In Progress', to: 'Review' } }, 'low', sms)).toBe(false);
    // Changed back within the window, a removed client, or news without a status change: no text.
    expect(isUrgentUpdate({ status: { from: 'Action needed', to: 'action needed' } }, 'urgent', sms)).toBe(false);
    expect(isUrgentUpdate({ status: { from: 'A', to: 'Action Needed' }, removed: true }, '', sms)).toBe(false);
    expect(isUrgentUpdate({ queue: { from: 5, to: 1 } }, 'urgent', sms)).toBe(false);
  });

  it('a text says who, the status and its line, the link and how to stop, within two segments', () => {
    const link = 'https://statuslink.example/p/abc?t=0123456789abcdef';
    expect(composeUrgentText({ companyName: 'Owner & Co', status: ' Action Needed ', line: 'Please send your W-2.', link })).toBe(
      `Owner & Co: your project is now Action Needed. Please send your W-2. ${link} Reply STOP to stop texts.`,
    );
    const long = composeUrgentText({ companyName: 'Owner & Co', status: 'Action Needed', line: 'x'.repeat(400), link });
    expect(long.length).toBe(SMS_MAX_LENGTH);
    expect(long).toContain(`… ${link} Reply STOP to stop texts.`);
  });

  it('understands STOP, START and HELP replies in any case', () => {
    expect(classifySmsReply(' Stop ')).toBe('stop');
    expect(classifySmsReply('UNSUBSCRIBE please')).toBe('stop');
    expect(classifySmsReply('start')).toBe('start');
    expect(classifySmsReply('Help?')).toBe('help');
    expect(classifySmsReply('when will it be done')).toBe('other');
  });
});

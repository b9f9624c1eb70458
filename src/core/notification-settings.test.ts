import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, defaultStatusLine, fillNotificationText, notificationSettingsSchema, readNotificationSettings, unknownNotificationPlaceholders } from './notification-settings';

describe('notification settings', () => {
  it('reads back defaults for anything missing or invalid', () => {
    expect(readNotificationSettings(undefined)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    const read = readNotificationSettings({ windowMinutes: 'ten', triggers: { status: false }, statusLines: { ' In  Review ': 'x', Empty: ' ' } });
    expect(read.windowMinutes).toBe(10);
    expect(read.triggers).toEqual(DEFAULT_NOTIFICATION_SETTINGS.triggers); // a part that does not parse takes its default
    expect(read.statusLines).toEqual({ 'in review': 'x' });
  });

  it('refuses an unknown placeholder, naming it', () => {
    const result = notificationSettingsSchema.safeParse({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      templates: { ...DEFAULT_NOTIFICATION_SETTINGS.templates, invitationBody: 'Hi {{ clientName }}, see {{portalLink}} and {{first name}}' },
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(
      'Unknown placeholder {{portalLink}}, {{first name}} in the invitation text. You can use {{clientName}}, {{companyName}}, {{status}}, {{position}}, {{estimate}} and {{headline}}.',
    );
    expect(result.error!.issues[0]!.path).toEqual(['templates', 'invitationBody']);
  });

  it.each([
    ['{{clientName}} {{ status }}', []],
    ['{{nope}} {{clientName}} {{nope}}', ['nope']],
    ['{{}}', ['']],
  ])('unknown placeholders in %s', (text, unknown) => {
    expect(unknownNotificationPlaceholders(text)).toEqual(unknown);
  });

  it('fills placeholders', () => {
    expect(fillNotificationText('Hello {{clientName}}, {{ position }}{{estimate}}', { clientName: 'Ann', position: '3' })).toBe('Hello Ann, 3');
  });

  it.each([
    ['Completed', 'Your project is complete. Thank you for working with us!'],
    ['Canceled', 'Your project has been cancelled. If this is unexpected, please get in touch.'],
    ['On hold', 'Your project is on hold for now. We will be in touch about what happens next.'],
    ['In Review', 'Your project is being reviewed. We will let you know if we need anything from you.'],
    ['Working on it', 'We are working on your project now.'],
    ['Waiting', 'Your project is in our queue. We will start on it soon.'],
    ['Documents received', ''],
  ])('default line for %s', (status, line) => {
    expect(defaultStatusLine(status)).toBe(line);
  });

  it('quiet hours need two different times written as HH:MM', () => {
    const bad = notificationSettingsSchema.shape.quietHours.safeParse({ enabled: true, start: '8pm', end: '08:00' });
    expect(bad.error!.issues[0]!.message).toBe('Times are written as HH:MM (24-hour), e.g. 20:00');
    expect(notificationSettingsSchema.shape.quietHours.safeParse({ enabled: true, start: '08:00', end: '08:00' }).success).toBe(false);
  });
});

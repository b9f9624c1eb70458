import { describe, expect, it } from 'vitest';
import { classifyMailFailure, type MailFailureKind } from './mail-failure';

describe('mail failures', () => {
  it.each<[string, Parameters<typeof classifyMailFailure>[0], MailFailureKind]>([
    ['connection refused', { code: 'ECONNECTION' }, 'channel_down'],
    ['time-out', { code: 'ETIMEDOUT' }, 'channel_down'],
    ['bad credentials (535)', { code: 'EAUTH', responseCode: 535, command: 'AUTH PLAIN' }, 'channel_down'],
    ['421 at the greeting', { code: 'EPROTOCOL', responseCode: 421, command: 'CONN' }, 'channel_down'],
    ['sender refused (553 on MAIL FROM)', { code: 'EENVELOPE', responseCode: 553, command: 'MAIL FROM' }, 'channel_down'],
    ['421 on the recipient', { code: 'EENVELOPE', responseCode: 421, command: 'RCPT TO' }, 'temporary'],
    ['451 after the content', { code: 'EMESSAGE', responseCode: 451, command: 'DATA' }, 'temporary'],
    ['550 on the recipient', { code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO' }, 'bounce'],
    ['554 on the content', { code: 'EMESSAGE', responseCode: 554, command: 'DATA' }, 'rejected'],
    ['something else', { code: 'EUNKNOWN' }, 'temporary'],
  ])('%s', (_label, failure, kind) => {
    expect(classifyMailFailure(failure)).toBe(kind);
  });
});

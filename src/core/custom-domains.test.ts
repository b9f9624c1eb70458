import { describe, expect, it } from 'vitest';
import {
  domainCheckProblems,
  domainMessages,
  domainNameProblem,
  domainRecords,
  domainServed,
  nextDomainState,
  normalizeDomainName,
  platformDomainsOf,
} from './custom-domains';

const platform = platformDomainsOf(['app.statuslink.app', 'portals.statuslink.app']);
const problem = (input: string) => domainNameProblem(normalizeDomainName(input), platform);

describe('domain names', () => {
  it('accepts a subdomain and an apex, normalised', () => {
    expect(normalizeDomainName('  Status.HarborTax.com. ')).toBe('status.harbortax.com');
    expect(problem('status.harbortax.com')).toBeNull();
    expect(problem('harbortax.co.uk')).toBeNull();
    expect(problem('a-1.b2.example')).toBeNull();
  });

  it('refuses what is not one name of the business', () => {
    expect(problem('')).toBe(domainMessages.empty);
    expect(problem('https://status.harbortax.com')).toBe(domainMessages.notAName);
    expect(problem('status.harbortax.com/portal')).toBe(domainMessages.notAName);
    expect(problem('status.harbortax.com:8443')).toBe(domainMessages.notAName);
    expect(problem('*.harbortax.com')).toBe(domainMessages.wildcard);
    expect(problem('harbortax')).toBe(domainMessages.singleLabel);
    expect(problem('192.168.1.10')).toBe(domainMessages.ipAddress);
    expect(problem('-status.harbortax.com')).toBe(domainMessages.badLabel);
    expect(problem('status..harbortax.com')).toBe(domainMessages.badLabel);
    expect(problem('stätus.harbortax.com')).toBe(domainMessages.badLabel);
    expect(problem(`${'a'.repeat(64)}.com`)).toBe(domainMessages.badLabel);
    expect(problem(`${'a.'.repeat(127)}com`)).toBe(domainMessages.tooLong);
  });

  it("refuses the platform's own domain and names under it", () => {
    expect(platform).toEqual(['localhost', 'statuslink.app']);
    expect(problem('statuslink.app')).toBe(domainMessages.reserved);
    expect(problem('acme.statuslink.app')).toBe(domainMessages.reserved);
    expect(problem('portal.localhost')).toBe(domainMessages.reserved);
    expect(problem('notstatuslink.app')).toBeNull();
    expect(platformDomainsOf(['127.0.0.1', 'example.com'])).toEqual(['localhost', 'example.com']);
  });
});

describe('records and checks', () => {
  const target = 'portals.statuslink.app';
  const token = 'sl-verify-abc';
  const none = { cname: [], txt: [], addresses: [], targetAddresses: ['203.0.113.7'] };

  it('names the two records', () => {
    expect(domainRecords('status.harbortax.com', target, token)).toEqual([
      { type: 'CNAME', name: 'status.harbortax.com', value: target },
      { type: 'TXT', name: '_statuslink-challenge.status.harbortax.com', value: token },
    ]);
  });

  it('says exactly what is missing or wrong', () => {
    expect(domainCheckProblems('s.h.com', target, token, none)).toEqual([
      'No CNAME record found for s.h.com: add a CNAME record with the value portals.statuslink.app.',
      'No TXT record found at _statuslink-challenge.s.h.com: add a TXT record there with the value sl-verify-abc.',
    ]);
    expect(domainCheckProblems('s.h.com', target, token, { ...none, cname: ['elsewhere.net.'], txt: ['old'] })).toEqual([
      'The CNAME record of s.h.com points to elsewhere.net: change its value to portals.statuslink.app.',
      'The TXT record at _statuslink-challenge.s.h.com holds old: set its value to sl-verify-abc.',
    ]);
    expect(domainCheckProblems('s.h.com', target, token, { ...none, addresses: ['198.51.100.1'], txt: [token] })).toEqual([
      's.h.com points somewhere else (198.51.100.1): replace that record with a CNAME record whose value is portals.statuslink.app.',
    ]);
  });

  it('passes with both records, or an apex whose addresses are the target’s', () => {
    expect(domainCheckProblems('s.h.com', target, token, { ...none, cname: ['Portals.StatusLink.app.'], txt: ['other', ` ${token}`] })).toEqual([]);
    expect(domainCheckProblems('h.com', target, token, { ...none, addresses: ['203.0.113.7'], txt: [token] })).toEqual([]);
  });
});

describe('state over time', () => {
  const DAY = 86_400_000;
  it('a verified name that fails is flagged and served 7 more days, then goes back to pending', () => {
    const failing = nextDomainState({ status: 'verified', servedUntil: null }, false, 0);
    expect(failing).toEqual({ status: 'failing', servedUntil: new Date(7 * DAY), flagged: true });
    expect(domainServed(failing, 7 * DAY - 1)).toBe(true);
    expect(nextDomainState(failing, false, 3 * DAY)).toEqual({ ...failing, flagged: false });
    expect(domainServed(failing, 7 * DAY)).toBe(false);
    expect(nextDomainState(failing, false, 7 * DAY)).toEqual({ status: 'pending', servedUntil: null, flagged: false });
    expect(nextDomainState(failing, true, 3 * DAY)).toEqual({ status: 'verified', servedUntil: null, flagged: false });
    expect(domainServed({ status: 'pending', servedUntil: null }, 0)).toBe(false);
  });
});

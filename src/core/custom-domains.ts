// Custom domains (issue 23, decision D14 / 0014): the rules for a name a business may point at its portal, the two
// DNS records that prove it, and what a check found. Pure: the server does the lookups and keeps the state.

/** The TXT record's name is this label in front of the domain. */
export const CHALLENGE_LABEL = '_statuslink-challenge';
/** A verified name that stops pointing at us keeps being served this long before it goes. */
export const DOMAIN_GRACE_DAYS = 7;
/** Verified names are checked again this often. */
export const DOMAIN_RECHECK_MS = 24 * 60 * 60 * 1000;
export const DOMAIN_NAME_MAX_LENGTH = 253;

/**
 * pending: added, not proven yet (not served). verified: both records found (served). failing: a re-check of a
 * verified name found a record missing; still served until `servedUntil`, then back to pending.
 */
export type DomainStatus = 'pending' | 'verified' | 'failing';

export interface DnsRecord {
  type: 'CNAME' | 'TXT';
  name: string;
  value: string;
}

export const domainMessages = {
  empty: 'Enter the name to use, e.g. status.yourcompany.com.',
  notAName: 'Enter the name only, e.g. status.yourcompany.com (no https://, path or port).',
  tooLong: `A domain name has at most ${DOMAIN_NAME_MAX_LENGTH} characters.`,
  badLabel: 'Each part of the name may hold letters, digits and hyphens (not at its start or end), 63 characters at most.',
  wildcard: 'Wildcard names are not supported: enter one name, e.g. status.yourcompany.com.',
  singleLabel: 'Enter a full name with its domain, e.g. status.yourcompany.com.',
  ipAddress: 'Enter a name, not an IP address.',
  reserved: 'Names under the platform’s own domain cannot be used: use a name of your own domain.',
  onePerPortal: (existing: string) => `This portal already uses ${existing}. Remove it first to use another name.`,
  taken: (name: string) => `${name} is already in use by another portal.`,
  notFound: 'This portal has no such domain.',
} as const;

/** The name as stored: trimmed, lower case, without the root's trailing dot. */
export function normalizeDomainName(input: string): string {
  return input.trim().toLowerCase().replace(/\.$/, '');
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Whether `name` is `domain` itself or a name under it. */
export function isUnder(name: string, domain: string): boolean {
  return name === domain || name.endsWith(`.${domain}`);
}

/**
 * The platform's own domains, from its hosts (APP_URL's and PORTAL_DOMAIN_TARGET): a host of three labels or more
 * stands for its parent domain (app.statuslink.app -> statuslink.app); IP addresses stand for nothing.
 */
export function platformDomainsOf(hosts: readonly string[]): string[] {
  const out = new Set<string>(['localhost']);
  for (const raw of hosts) {
    const host = normalizeDomainName(raw);
    if (!host || /^[\d.]+$/.test(host) || host.includes(':')) continue;
    const labels = host.split('.');
    out.add(labels.length >= 3 ? labels.slice(1).join('.') : host);
  }
  return [...out];
}

/** Why the name cannot be used, or null when it can (given already normalised). */
export function domainNameProblem(name: string, platformDomains: readonly string[]): string | null {
  if (name === '') return domainMessages.empty;
  if (/[/:@?#\s]/.test(name)) return domainMessages.notAName;
  if (name.length > DOMAIN_NAME_MAX_LENGTH) return domainMessages.tooLong;
  if (name.includes('*')) return domainMessages.wildcard;
  if (/^[\d.]+$/.test(name)) return domainMessages.ipAddress;
  const labels = name.split('.');
  if (labels.length < 2) return domainMessages.singleLabel;
  if (!labels.every((l) => LABEL.test(l))) return domainMessages.badLabel;
  if (platformDomains.some((d) => isUnder(name, d))) return domainMessages.reserved;
  return null;
}

/** The two records the business creates: the CNAME to the platform and the TXT with the portal's token. */
export function domainRecords(name: string, target: string, token: string): DnsRecord[] {
  return [
    { type: 'CNAME', name, value: target },
    { type: 'TXT', name: `${CHALLENGE_LABEL}.${name}`, value: token },
  ];
}

/** What a lookup of the records found: the CNAME's target(s), the TXT values, and (for an apex) its addresses. */
export interface DnsFindings {
  cname: string[];
  txt: string[];
  /** The name's own addresses when it has no CNAME (a flattened CNAME / ALIAS at a domain's apex). */
  addresses: string[];
  /** The target's addresses, to compare with `addresses`. */
  targetAddresses: string[];
}

/**
 * Exactly what is missing or wrong, one sentence per record; empty when both are right. A name without a CNAME is
 * accepted when its addresses are the target's (an apex with a provider's ALIAS or CNAME flattening).
 */
export function domainCheckProblems(name: string, target: string, token: string, found: DnsFindings): string[] {
  const problems: string[] = [];
  const cnames = found.cname.map(normalizeDomainName);
  const flattened = cnames.length === 0 && found.addresses.length > 0 && found.targetAddresses.length > 0 && sameSet(found.addresses, found.targetAddresses);
  if (cnames.length === 0 && !flattened) {
    problems.push(
      found.addresses.length > 0
        ? `${name} points somewhere else (${found.addresses.join(', ')}): replace that record with a CNAME record whose value is ${target}.`
        : `No CNAME record found for ${name}: add a CNAME record with the value ${target}.`,
    );
  } else if (cnames.length > 0 && !cnames.includes(normalizeDomainName(target))) {
    problems.push(`The CNAME record of ${name} points to ${cnames.join(', ')}: change its value to ${target}.`);
  }
  const txtName = `${CHALLENGE_LABEL}.${name}`;
  if (found.txt.length === 0) problems.push(`No TXT record found at ${txtName}: add a TXT record there with the value ${token}.`);
  else if (!found.txt.map((v) => v.trim()).includes(token)) problems.push(`The TXT record at ${txtName} holds ${found.txt.join(', ')}: set its value to ${token}.`);
  return problems;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const setB = new Set(b);
  return a.length === setB.size && a.every((x) => setB.has(x));
}

/** Whether a name in this state is served (and may get a certificate) at `nowMs`. */
export function domainServed(domain: { status: DomainStatus; servedUntil: Date | null }, nowMs: number): boolean {
  if (domain.status === 'verified') return true;
  return domain.status === 'failing' && domain.servedUntil !== null && domain.servedUntil.getTime() > nowMs;
}

/** A check's outcome for a name's state: the next status and, for a failing one, until when it is still served. */
export function nextDomainState(
  current: { status: DomainStatus; servedUntil: Date | null },
  passed: boolean,
  nowMs: number,
): { status: DomainStatus; servedUntil: Date | null; flagged: boolean } {
  if (passed) return { status: 'verified', servedUntil: null, flagged: false };
  if (current.status === 'verified') return { status: 'failing', servedUntil: new Date(nowMs + DOMAIN_GRACE_DAYS * 86_400_000), flagged: true };
  if (current.status === 'failing' && domainServed(current, nowMs)) return { ...current, flagged: false };
  return { status: 'pending', servedUntil: null, flagged: false };
}

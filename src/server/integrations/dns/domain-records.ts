import { Resolver } from 'node:dns/promises';
import type { DnsFindings } from '@core/custom-domains';
import { CHALLENGE_LABEL } from '@core/custom-domains';

/** A lookup that could not be answered (the DNS server failed or did not answer), unlike "no such record". */
export class DnsLookupError extends Error {
  constructor(
    readonly domain: string,
    readonly code: string,
  ) {
    super(`DNS lookup of ${domain} failed (${code})`);
  }
}

/** Answers that mean "there is no such record" rather than "the lookup failed". */
const ABSENT = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

async function orEmpty<T>(name: string, lookup: Promise<T[]>): Promise<T[]> {
  try {
    return await lookup;
  } catch (err) {
    const code = (err as { code?: string }).code ?? 'EUNKNOWN';
    if (ABSENT.has(code)) return [];
    throw new DnsLookupError(name, code);
  }
}

/** A resolver on `server` (host:port) when given, else on the system's resolvers; a few seconds per question. */
export function createResolver(server: string | undefined): Resolver {
  const resolver = new Resolver({ timeout: 2_000, tries: 2 });
  if (server) resolver.setServers([server]);
  return resolver;
}

async function addressesOf(resolver: Resolver, name: string): Promise<string[]> {
  const [v4, v6] = await Promise.all([orEmpty(name, resolver.resolve4(name)), orEmpty(name, resolver.resolve6(name))]);
  return [...v4, ...v6];
}

/** What DNS says about a custom domain: its CNAME, the challenge TXT, and (without a CNAME) its and the target's addresses. */
export async function lookupDomainRecords(resolver: Resolver, name: string, target: string): Promise<DnsFindings> {
  const txtName = `${CHALLENGE_LABEL}.${name}`;
  const [cname, txt] = await Promise.all([orEmpty(name, resolver.resolveCname(name)), orEmpty(txtName, resolver.resolveTxt(txtName))]);
  if (cname.length > 0) return { cname, txt: txt.map((chunks) => chunks.join('')), addresses: [], targetAddresses: [] };
  const [addresses, targetAddresses] = await Promise.all([addressesOf(resolver, name), addressesOf(resolver, target)]);
  return { cname, txt: txt.map((chunks) => chunks.join('')), addresses, targetAddresses };
}

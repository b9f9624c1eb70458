import dns from 'node:dns';
import net from 'node:net';

// Outbound calls to addresses a business gives (webhooks) must never reach the platform's own network (SSRF,
// guides/security.md 29): loopback, private, shared (CGNAT), link-local (the cloud metadata service at
// 169.254.169.254), multicast, reserved and documentation ranges, in IPv4 and IPv6, and IPv4 wrapped in IPv6.
// The check runs on the address actually connected to: `guardedLookup` is the socket's DNS lookup, so a name that
// resolves to a public address when checked and to a private one when connecting (DNS rebinding) cannot slip by.

const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped, -compatible or NAT64 IPv6 address, else null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** True for an address a webhook must never reach. Anything that is not an IP address is refused too. */
export function isBlockedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const inner = embeddedIpv4(address);
  if (inner) return blocked.check(inner, 'ipv4');
  return blocked.check(address, 'ipv6');
}

export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
  constructor(readonly host: string, readonly address: string) {
    super(host === address ? `${address} is a private or reserved address` : `${host} resolves to ${address}, a private or reserved address`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for sockets: resolves the name, and fails the connection (EBLOCKEDADDRESS) when any address it gives
 * is one a webhook must not reach. Passed to every webhook request (and its keep-alive agent).
 */
export function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => isBlockedAddress(a.address));
    if (bad || list.length === 0) return callback(new BlockedAddressError(hostname, bad?.address ?? 'no address') as unknown as NodeJS.ErrnoException, '');
    if (options.all) return callback(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
}

/** The refusal for a URL whose host is an IP literal (sockets skip the lookup for those), else null. */
export function literalAddressProblem(hostname: string): BlockedAddressError | null {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) === 0) return null;
  return isBlockedAddress(host) ? new BlockedAddressError(host, host) : null;
}

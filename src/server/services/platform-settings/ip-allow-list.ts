import net from 'node:net';

/** The address without an IPv4-mapped IPv6 prefix (::ffff:10.0.0.1 is 10.0.0.1). */
export function normalizeIp(ip: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return m ? m[1]! : ip;
}

/** True when the address is one of the entries (addresses or CIDR ranges, IPv4 or IPv6). */
export function ipAllowed(ip: string, entries: string[]): boolean {
  const address = normalizeIp(ip.trim());
  const family = net.isIP(address);
  if (!family) return false;
  const list = new net.BlockList();
  for (const entry of entries) {
    const [base, prefix] = entry.split('/');
    const baseFamily = net.isIP(base ?? '');
    if (!baseFamily) continue;
    const type = baseFamily === 6 ? 'ipv6' : 'ipv4';
    if (prefix !== undefined) list.addSubnet(base!, Number(prefix), type);
    else list.addAddress(base!, type);
  }
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

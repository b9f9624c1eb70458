import dgram from 'node:dgram';
import { isIPv4 } from 'node:net';

// A small authoritative DNS server over UDP for the custom domain tests (RFC 1035 messages: one question; A, AAAA,
// CNAME and TXT answers; NXDOMAIN for unknown names). The app's resolver is pointed at it with DNS_RESOLVER.

export interface ZoneEntry {
  A?: string[];
  AAAA?: string[];
  CNAME?: string;
  TXT?: string[];
  /** Answer SERVFAIL for this name (a DNS server that cannot answer). */
  fail?: boolean;
}

const TYPES = { A: 1, CNAME: 5, TXT: 16, AAAA: 28 } as const;
type RecordType = keyof typeof TYPES;
const typeByCode = new Map<number, RecordType>(Object.entries(TYPES).map(([k, v]) => [v, k as RecordType]));

function encodeName(name: string): Buffer {
  const parts = name.replace(/\.$/, '').split('.').filter(Boolean);
  return Buffer.concat([...parts.map((p) => Buffer.concat([Buffer.from([p.length]), Buffer.from(p, 'ascii')])), Buffer.from([0])]);
}

function readQuestion(msg: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let at = 12;
  while (msg[at]! > 0) {
    const len = msg[at]!;
    labels.push(msg.subarray(at + 1, at + 1 + len).toString('ascii'));
    at += len + 1;
  }
  return { name: labels.join('.').toLowerCase(), type: msg.readUInt16BE(at + 1), end: at + 5 };
}

function ipv6Bytes(address: string): Buffer {
  const [head = '', tail = ''] = address.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
  const out = Buffer.alloc(16);
  groups.forEach((g, i) => out.writeUInt16BE(parseInt(g, 16), i * 2));
  return out;
}

function rdata(type: RecordType, value: string): Buffer {
  if (type === 'A') return Buffer.from(value.split('.').map(Number));
  if (type === 'AAAA') return ipv6Bytes(value);
  if (type === 'CNAME') return encodeName(value);
  return Buffer.concat([Buffer.from([Buffer.byteLength(value)]), Buffer.from(value)]);
}

function record(name: string, type: RecordType, value: string): Buffer {
  const data = rdata(type, value);
  const fixed = Buffer.alloc(10);
  fixed.writeUInt16BE(TYPES[type], 0);
  fixed.writeUInt16BE(1, 2);
  fixed.writeUInt32BE(60, 4);
  fixed.writeUInt16BE(data.length, 8);
  return Buffer.concat([encodeName(name), fixed, data]);
}

function valuesOf(entry: ZoneEntry, type: RecordType): string[] {
  if (type === 'CNAME') return entry.CNAME ? [entry.CNAME] : [];
  return entry[type] ?? [];
}

export interface TestDnsServer {
  /** `host:port` for DNS_RESOLVER. */
  address: string;
  zone: Map<string, ZoneEntry>;
  set(name: string, entry: ZoneEntry): void;
  /** Questions asked so far, as "TYPE name". */
  questions: string[];
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1:`port` (0: any free port). */
export async function startDnsServer(port = 0): Promise<TestDnsServer> {
  const zone = new Map<string, ZoneEntry>();
  const questions: string[] = [];
  const socket = dgram.createSocket('udp4');
  const answer = (msg: Buffer): Buffer => {
    const q = readQuestion(msg);
    const type = typeByCode.get(q.type);
    questions.push(`${type ?? q.type} ${q.name}`);
    const entry = zone.get(q.name);
    const answers: Buffer[] = [];
    if (entry && !entry.fail && type) {
      if (entry.CNAME && type !== 'CNAME') {
        answers.push(record(q.name, 'CNAME', entry.CNAME));
        const target = zone.get(entry.CNAME.toLowerCase());
        for (const v of target ? valuesOf(target, type) : []) answers.push(record(entry.CNAME, type, v));
      } else {
        for (const v of valuesOf(entry, type)) answers.push(record(q.name, type, v));
      }
    }
    const header = Buffer.alloc(12);
    header.writeUInt16BE(msg.readUInt16BE(0), 0);
    header.writeUInt16BE(0x8400 | (msg.readUInt16BE(2) & 0x0100) | 0x0080 | (entry?.fail ? 2 : entry ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    return Buffer.concat([header, msg.subarray(12, q.end), ...answers]);
  };
  socket.on('message', (msg, remote) => {
    try {
      socket.send(answer(msg), remote.port, remote.address);
    } catch {
      // A malformed question gets no answer.
    }
  });
  await new Promise<void>((resolve) => socket.bind(port, '127.0.0.1', resolve));
  const bound = socket.address();
  return {
    address: `127.0.0.1:${bound.port}`,
    zone,
    questions,
    set(name, entry) {
      for (const a of entry.A ?? []) if (!isIPv4(a)) throw new Error(`not an IPv4 address: ${a}`);
      zone.set(name.toLowerCase(), entry);
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

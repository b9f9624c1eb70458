import fs from 'node:fs';
import path from 'node:path';
import { E2E_TMP } from './constants';

/** Where the e2e SMTP server drops each received message as JSON. */
export const mailboxDir = path.resolve(import.meta.dirname, '../../..', E2E_TMP, 'mail');

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

export function readMailbox(): ReceivedMail[] {
  if (!fs.existsSync(mailboxDir)) return [];
  return fs
    .readdirSync(mailboxDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(mailboxDir, f), 'utf8')) as ReceivedMail);
}

/** Waits for a message to an address (and matching a subject pattern) to arrive. */
export async function waitForMail(to: string, subject: RegExp = /./, timeoutMs = 15_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = readMailbox()
      .reverse()
      .find((m) => m.to.some((t) => t.toLowerCase() === to.toLowerCase()) && subject.test(m.subject));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No e-mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}

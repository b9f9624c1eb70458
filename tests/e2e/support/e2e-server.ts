// Starts what the browser tests need, as one process for Playwright's webServer:
// a local SMTP server that stores each message in .tmp/e2e/mail, a platform operator, and the app
// on its own fresh embedded database.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { mailboxDir } from './mailbox';
import { E2E_ADMIN, E2E_PORT, E2E_SHEETS_PORT, E2E_SMTP_PORT, E2E_STRIPE_PORT, E2E_STRIPE_WEBHOOK_SECRET, E2E_TMP } from './constants';
import { startStripeStandIn } from '../../support/stripe-stand-in';
import { startSheetsServer } from './sheets-server';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = path.join(root, E2E_TMP, 'data');
fs.rmSync(path.join(root, E2E_TMP), { recursive: true, force: true });
fs.mkdirSync(mailboxDir, { recursive: true });

const addresses = (a: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((x) => x.value.map((v) => v.address ?? ''));

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const record = {
          to: addresses(mail.to),
          from: addresses(mail.from)[0] ?? '',
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          receivedAt: new Date().toISOString(),
        };
        const file = path.join(mailboxDir, `${Date.now()}-${crypto.randomBytes(3).toString('hex')}.json`);
        fs.writeFileSync(file, JSON.stringify(record, null, 2));
        callback();
      })
      .catch(callback);
  },
});
smtp.listen(E2E_SMTP_PORT, '127.0.0.1');

const env = {
  ...process.env,
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  APP_URL: `http://localhost:${E2E_PORT}`,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
  MAIL_FROM: 'no-reply@statuslink.test',
  SALES_EMAIL: 'sales@statuslink.test',
  LOG_LEVEL: 'warn',
  // Each test sends its own X-Forwarded-For (support/test.ts), so per-IP limits count tests separately.
  TRUST_PROXY: 'true',
  GOOGLE_SHEETS_BASE_URL: `http://127.0.0.1:${E2E_SHEETS_PORT}`,
  // Webhooks to a receiver on this machine (tests/e2e/developers.spec.ts).
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
  // Stripe's stand-in (tests/support/stripe-stand-in.ts): connected only once a test saves the keys in the back office.
  STRIPE_API_BASE_URL: `http://127.0.0.1:${E2E_STRIPE_PORT}`,
  STRIPE_SECRET_KEY: '',
  STRIPE_WEBHOOK_SECRET: '',
};
const sheets = startSheetsServer(E2E_SHEETS_PORT);
const stripe = await startStripeStandIn({ port: E2E_STRIPE_PORT, webhookSecret: E2E_STRIPE_WEBHOOK_SECRET });
stripe.deliver = async (payload, signature) => {
  const res = await fetch(`http://127.0.0.1:${E2E_PORT}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
  if (!res.ok) throw new Error(`Stripe webhook answered ${res.status}: ${await res.text()}`);
};

const admin = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'scripts/admin-create.ts', '--email', E2E_ADMIN.email, '--password', E2E_ADMIN.password, '--name', E2E_ADMIN.name],
  { cwd: root, env, stdio: 'inherit' },
);
if (admin.status !== 0) process.exit(admin.status ?? 1);

const app = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env, stdio: 'inherit' });
const stop = () => {
  app.kill('SIGTERM');
  smtp.close();
  sheets.close();
  void stripe.close();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
app.on('exit', (code) => {
  smtp.close();
  sheets.close();
  void stripe.close();
  process.exit(code ?? 0);
});

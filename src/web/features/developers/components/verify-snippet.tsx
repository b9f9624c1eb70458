import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { CopyButton } from './copy-button';

/** A receiver that checks the signature with the standardwebhooks package (Express, raw body). */
export const VERIFY_SNIPPET = `import express from 'express';
import { Webhook } from 'standardwebhooks';

// The endpoint's signing secret (whsec_...), from an environment variable.
const wh = new Webhook(process.env.STATUSLINK_WEBHOOK_SECRET);
const app = express();

// Verify the raw body: parsing and re-serialising JSON would change the signed bytes.
app.post('/webhooks/statuslink', express.raw({ type: 'application/json' }), (req, res) => {
  let event;
  try {
    // Throws unless a signature matches and the timestamp is within 5 minutes.
    event = wh.verify(req.body, req.headers);
  } catch {
    return res.status(400).send('invalid signature');
  }
  // The same event may come twice (a retry): skip a webhook-id you have seen.
  console.log(req.headers['webhook-id'], event.type, event.data);
  res.sendStatus(204);
});

app.listen(3000);`;

/** "Verify a webhook": how a receiver checks what StatusLink sends. */
export function VerifySnippet() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Verify a webhook</CardTitle>
        <CardDescription>
          Every delivery is signed per Standard Webhooks: the <code className="font-mono">webhook-id</code>, <code className="font-mono">webhook-timestamp</code> and{' '}
          <code className="font-mono">webhook-signature</code> headers. Any Standard Webhooks library checks them; in Node.js (
          <code className="font-mono">npm install standardwebhooks</code>):
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <pre className="max-h-96 overflow-auto rounded-md border border-border bg-muted p-3 text-xs leading-relaxed text-foreground" data-testid="verify-snippet">
          <code>{VERIFY_SNIPPET}</code>
        </pre>
        <CopyButton text={VERIFY_SNIPPET} label="Copy code" />
        <p className="text-xs text-muted-foreground">
          Answer with any 2xx within 15 seconds. Other answers are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h (a Retry-After asking for
          longer is honoured); 410 Gone disables the endpoint, and so do five days without a delivery getting through. Redirects are not followed.
        </p>
      </CardContent>
    </Card>
  );
}

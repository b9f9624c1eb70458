import { ShieldCheckIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { PasswordInput } from '@web/components/password-input';
import { Spinner } from '@web/components/spinner';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { usePublicConfig } from '@web/features/config/api/use-public-config';
import { errorMessage } from '@web/lib/api-client';
import { useTwoFactorSetup } from '../api/admin-session';

/** The secret of an otpauth:// URI, for typing into an authenticator app. */
function secretOf(uri: string): string {
  try {
    return new URL(uri).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}

/**
 * Shown instead of the back office while the platform requires two-factor sign-in and the operator has not set
 * it up: confirm the password, add the key to an authenticator app, enter its first code.
 */
export function TwoFactorSetup() {
  const { config } = usePublicConfig();
  const { enable, verify } = useTwoFactorSetup();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const setup = enable.data;

  function onEnable(event: FormEvent) {
    event.preventDefault();
    if (!password) return;
    enable.mutate({ password, issuer: config.platformName });
  }
  function onVerify(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return;
    verify.mutate(code.trim());
  }

  return (
    <div className="mx-auto max-w-xl">
      <Card>
        <CardHeader>
          <div className="mb-2 flex size-11 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <ShieldCheckIcon aria-hidden="true" className="size-6" />
          </div>
          <CardTitle>Set Up Two-Factor Sign-In</CardTitle>
          <CardDescription>
            The platform requires operators to sign in with a code from an authenticator app. Set it up once to continue to the back office.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          {!setup ? (
            <form onSubmit={onEnable} className="space-y-4">
              <div className="space-y-2">
                <Label htmlFor="tfa-password">Your password</Label>
                <PasswordInput id="tfa-password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
              </div>
              {enable.isError ? (
                <Alert variant="destructive">
                  <AlertDescription>{errorMessage(enable.error)}</AlertDescription>
                </Alert>
              ) : null}
              <Button type="submit" disabled={enable.isPending || !password}>
                {enable.isPending ? <Spinner /> : null} Continue
              </Button>
            </form>
          ) : (
            <form onSubmit={onVerify} className="space-y-4">
              <ol className="list-decimal space-y-2 pl-5 text-sm">
                <li>
                  In your authenticator app, add an account with this key (time-based):
                  <code data-testid="totp-secret" className="mt-1 block break-all rounded-md bg-muted px-3 py-2 font-mono text-sm">
                    {secretOf(setup.totpURI)}
                  </code>
                  <a className="mt-1 inline-block text-link underline-offset-4 hover:underline" href={setup.totpURI}>
                    Open in an authenticator app on this device
                  </a>
                </li>
                <li>Enter the 6-digit code the app shows.</li>
              </ol>
              <div className="space-y-2">
                <Label htmlFor="tfa-code">Authentication code</Label>
                <Input id="tfa-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
              </div>
              {verify.isError ? (
                <Alert variant="destructive">
                  <AlertDescription>{errorMessage(verify.error, 'That code is not right. Please try again.')}</AlertDescription>
                </Alert>
              ) : null}
              <Button type="submit" disabled={verify.isPending || code.length !== 6}>
                {verify.isPending ? <Spinner /> : null} Verify and continue
              </Button>
              <details className="text-sm">
                <summary className="cursor-pointer text-muted-foreground">Backup codes (keep them somewhere safe)</summary>
                <ul className="mt-2 grid grid-cols-2 gap-1 font-mono">
                  {setup.backupCodes.map((c) => (
                    <li key={c}>{c}</li>
                  ))}
                </ul>
              </details>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

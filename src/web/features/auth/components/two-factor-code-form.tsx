import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FieldError } from '@web/components/field-error';
import { Spinner } from '@web/components/spinner';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { api, errorMessage } from '@web/lib/api-client';
import { refreshSession } from '../api/session-cache';

/**
 * The second step of signing in when the account has two-factor sign-in (operators, when the platform requires
 * it): a code from the authenticator app, or one of the backup codes.
 */
export function TwoFactorCodeForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [backup, setBackup] = useState(false);
  const verify = useMutation({
    mutationFn: (value: string) =>
      backup ? api.post<unknown>('/api/auth/two-factor/verify-backup-code', { code: value }) : api.post<unknown>('/api/auth/two-factor/verify-totp', { code: value }),
    onSuccess: async () => {
      await refreshSession(queryClient);
      onDone();
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const value = code.trim();
    if (!value) return;
    verify.mutate(value);
  }
  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <p className="text-sm text-muted-foreground">
        {backup ? 'Enter one of your backup codes.' : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <div className="space-y-2">
        <Label htmlFor="two-factor-code">{backup ? 'Backup code' : 'Authentication code'}</Label>
        <Input
          id="two-factor-code"
          autoFocus
          inputMode={backup ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(backup ? e.target.value : e.target.value.replace(/\D/g, '').slice(0, 6))}
        />
      </div>
      <FieldError id="two-factor-error" message={verify.isError ? errorMessage(verify.error, 'That code is not right. Please try again.') : undefined} />
      <Button type="submit" className="w-full" disabled={verify.isPending || !code.trim()}>
        {verify.isPending ? <Spinner /> : null} Verify
      </Button>
      <div className="flex justify-between text-sm">
        <button type="button" className="text-link underline-offset-4 hover:underline" onClick={() => { setBackup((b) => !b); setCode(''); verify.reset(); }}>
          {backup ? 'Use the authenticator app' : 'Use a backup code'}
        </button>
        <button type="button" className="text-link underline-offset-4 hover:underline" onClick={onCancel}>
          Start over
        </button>
      </div>
    </form>
  );
}

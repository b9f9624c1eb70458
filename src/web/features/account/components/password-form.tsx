import { useState, type FormEvent } from 'react';
import { messages } from '@core/messages';
import { changePasswordSchemaFor, type PasswordPolicy } from '@core/validation/auth';
import { passwordWeakness } from '@core/validation/password-strength';
import { Spinner } from '@web/components/spinner';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { usePublicConfig } from '@web/features/config/api/use-public-config';
import { errorMessage } from '@web/lib/api-client';
import { useChangePassword } from '../api/account';
import { TextField } from '@web/components/text-field';
import { fieldErrors } from '@web/lib/form-errors';

type Fields = { currentPassword: string; newPassword: string; confirmPassword: string };
const empty: Fields = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** 'At least 8 characters, with a number and a special character. Not a common password or ...' */
export function policyText(policy: PasswordPolicy): string {
  const extras = [policy.requireNumber ? 'a number' : null, policy.requireSpecial ? 'a special character' : null].filter(Boolean);
  return `At least ${policy.minLength} characters${extras.length ? `, with ${extras.join(' and ')}` : ''}. ${messages.password.strengthHint}`;
}

/** Current, new and confirmation; the platform's password policy is checked here and again by the server. */
export function PasswordForm() {
  const { config } = usePublicConfig();
  const change = useChangePassword();
  const [fields, setFields] = useState<Fields>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [checkingPassword, setCheckingPassword] = useState(false);

  const set = (name: keyof Fields) => (value: string) => {
    setFields((f) => ({ ...f, [name]: value }));
    if (change.isSuccess) change.reset();
    setErrors((e) => {
      if (!(name in e)) return e;
      const next = { ...e };
      delete next[name];
      return next;
    });
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    change.reset();
    const parsed = changePasswordSchemaFor(config.passwordPolicy).safeParse(fields);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setCheckingPassword(true);
    const weakness = await passwordWeakness(parsed.data.newPassword).finally(() => setCheckingPassword(false));
    if (weakness) {
      setErrors({ newPassword: weakness });
      return;
    }
    setErrors({});
    change.mutate(
      { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.newPassword },
      { onSuccess: () => setFields(empty) },
    );
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5" aria-label="Change password">
      <TextField
        id="account-current-password"
        label="Current Password"
        password
        autoComplete="current-password"
        value={fields.currentPassword}
        onChange={(e) => set('currentPassword')(e.target.value)}
        error={errors.currentPassword}
      />
      <TextField
        id="account-new-password"
        label="New Password"
        password
        autoComplete="new-password"
        value={fields.newPassword}
        onChange={(e) => set('newPassword')(e.target.value)}
        error={errors.newPassword}
        hint={policyText(config.passwordPolicy)}
      />
      <TextField
        id="account-confirm-password"
        label="Confirm New Password"
        password
        autoComplete="new-password"
        value={fields.confirmPassword}
        onChange={(e) => set('confirmPassword')(e.target.value)}
        error={errors.confirmPassword}
      />
      {change.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(change.error)}</AlertDescription>
        </Alert>
      ) : null}
      {change.isSuccess ? (
        <Alert variant="success">
          <AlertDescription>Your password has been changed. You have been signed out on your other devices.</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" disabled={change.isPending || checkingPassword}>
        {change.isPending || checkingPassword ? <Spinner /> : null} Change Password
      </Button>
    </form>
  );
}

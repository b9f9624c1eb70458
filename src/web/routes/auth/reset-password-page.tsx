import { messages } from '@core/messages';
import { RESET_LINK_MINUTES, resetPasswordSchemaFor } from '@core/validation/auth';
import { passwordWeakness } from '@core/validation/password-strength';
import { CircleCheckBigIcon, KeyRoundIcon, LinkIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '@web/components/spinner';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { useResetLinkCheck, useResetPassword } from '@web/features/auth/api/use-reset-password';
import { usePublicConfig } from '@web/features/config/api/use-public-config';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { paths } from '@web/lib/paths';
import { AuthCard, authLinkClass } from './auth-card';
import { fieldErrors } from '@web/lib/form-errors';
import { TextField } from '@web/components/text-field';

function isInvalidTokenError(error: unknown): boolean {
  return error instanceof ApiError && /TOKEN/i.test(error.code);
}

/** /reset-password: the target of the e-mailed link (`?token=...`, or `?error=INVALID_TOKEN`). */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const { config } = usePublicConfig();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [checkingPassword, setCheckingPassword] = useState(false);

  const token = searchParams.get('token');
  const linkError = searchParams.get('error');
  // A business added by a platform operator gets this page to choose its first password (`?welcome=1`).
  const welcome = searchParams.get('welcome') === '1';
  // A used or expired link is said when the page opens (not only when the form is sent).
  const check = useResetLinkCheck(linkError === null ? token : null);
  const invalidLink = !token || linkError !== null || check.data?.usable === false || (reset.isError && isInvalidTokenError(reset.error));

  // The token is in the address: keep it out of Referer headers (security guide 3).
  const head = (title: string) => (
    <>
      <title>{`${title} | ${config.platformName}`}</title>
      <meta name="referrer" content="no-referrer" />
    </>
  );

  if (reset.isSuccess) {
    return (
      <>
        {head(welcome ? 'Password Saved' : 'Password Reset')}
        <AuthCard
          title={welcome ? 'Password Saved' : 'Password Reset'}
          icon={<CircleCheckBigIcon aria-hidden="true" className="size-6" />}
          description={welcome ? 'Your password is set. Sign in with it to open your account.' : 'Your password has been changed. Sign in with your new password.'}
        >
          <div role="status" className="sr-only">
            {welcome ? 'Your password has been saved.' : 'Your password has been reset.'}
          </div>
          <Button asChild className="w-full">
            <Link to={paths.login} replace>
              Sign In
            </Link>
          </Button>
        </AuthCard>
      </>
    );
  }

  if (invalidLink) {
    return (
      <>
        {head('Invalid Reset Link')}
        <AuthCard
          title="Invalid or Expired Link"
          icon={<LinkIcon aria-hidden="true" className="size-6" />}
        >
          <Alert variant="destructive" className="mb-5">
            This password reset link is invalid or has expired. Reset links can be used only once and expire after{' '}
            {RESET_LINK_MINUTES} minutes.
          </Alert>
          <Button asChild className="w-full">
            <Link to={paths.forgotPassword}>Request a New Link</Link>
          </Button>
          <p className="mt-6 text-center text-sm">
            <Link to={paths.login} className={authLinkClass}>
              Back to Login
            </Link>
          </p>
        </AuthCard>
      </>
    );
  }

  if (check.isPending && check.fetchStatus !== 'idle') {
    return (
      <>
        {head(welcome ? 'Choose Your Password' : 'Reset Password')}
        <AuthCard title={welcome ? 'Choose Your Password' : 'Reset Password'} icon={<KeyRoundIcon aria-hidden="true" className="size-6" />}>
          <p role="status" className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Checking your link...
          </p>
        </AuthCard>
      </>
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    reset.reset();
    const parsed = resetPasswordSchemaFor(config.passwordPolicy).safeParse({ password, confirmPassword });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setCheckingPassword(true);
    const weakness = await passwordWeakness(parsed.data.password).finally(() => setCheckingPassword(false));
    if (weakness) {
      setErrors({ password: weakness });
      return;
    }
    setErrors({});
    reset.mutate({ newPassword: parsed.data.password, token: token ?? '' });
  }

  function clearError(name: string) {
    setErrors((e) => {
      if (!(name in e)) return e;
      const next = { ...e };
      delete next[name];
      return next;
    });
  }

  return (
    <>
      {head(welcome ? 'Choose Your Password' : 'Reset Password')}
      <AuthCard
        title={welcome ? 'Choose Your Password' : 'Reset Password'}
        description={welcome ? 'Welcome! Choose the password you will sign in with.' : 'Choose a new password for your account.'}
        icon={<KeyRoundIcon aria-hidden="true" className="size-6" />}
      >
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5">
          <TextField
            id="reset-password"
            label="New Password"
            password
            autoComplete="new-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              clearError('password');
            }}
            error={errors.password}
            hint={messages.password.strengthHint}
          />
          <TextField
            id="reset-confirm-password"
            label="Confirm New Password"
            password
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(e) => {
              setConfirmPassword(e.target.value);
              clearError('confirmPassword');
            }}
            error={errors.confirmPassword}
          />
          {reset.isError ? (
            <Alert variant="destructive">{errorMessage(reset.error, messages.common.unexpectedTryAgain)}</Alert>
          ) : null}
          <Button type="submit" className="w-full" disabled={reset.isPending || checkingPassword}>
            {reset.isPending || checkingPassword ? (
              <>
                <Spinner /> {welcome ? 'Saving password...' : 'Resetting password...'}
              </>
            ) : welcome ? (
              'Save Password'
            ) : (
              'Reset Password'
            )}
          </Button>
        </form>
        <p className="mt-6 text-center text-sm">
          <Link to={paths.login} className={authLinkClass}>
            Back to Login
          </Link>
        </p>
      </AuthCard>
    </>
  );
}

import { messages } from '@core/messages';
import { forgotPasswordSchema, RESET_LINK_MINUTES } from '@core/validation/auth';
import { KeyRoundIcon, MailCheckIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@web/components/spinner';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { useRequestPasswordReset } from '@web/features/auth/api/use-request-password-reset';
import { usePublicConfig } from '@web/features/config/api/use-public-config';
import { errorMessage } from '@web/lib/api-client';
import { paths } from '@web/lib/paths';
import { AuthCard, authLinkClass } from './auth-card';
import { fieldErrors } from '@web/lib/form-errors';
import { TextField } from '@web/components/text-field';

/** /forgot-password (spec 2.12): form, sending, 'Check Your Email'. */
export function ForgotPasswordPage() {
  const { config } = usePublicConfig();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    request.reset();
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(fieldErrors(parsed.error).email ?? messages.forgotPassword.emailInvalid);
      return;
    }
    setFieldError(undefined);
    request.mutate(parsed.data.email, { onSuccess: () => setSentTo(parsed.data.email) });
  }

  function tryDifferentEmail() {
    request.reset();
    setSentTo(null);
    setEmail('');
  }

  if (sentTo !== null) {
    return (
      <>
        <title>{`Check Your Email | ${config.platformName}`}</title>
        <AuthCard
          title="Check Your Email"
          icon={<MailCheckIcon aria-hidden="true" className="size-6" />}
          description={
            <>
              If an account exists for <span className="font-medium text-foreground">{sentTo}</span>, we have sent it a
              link to reset your password. The link can be used once and expires in {RESET_LINK_MINUTES} minutes.
            </>
          }
        >
          <div role="status" className="sr-only">
            Check your email for a password reset link.
          </div>
          <div className="flex flex-col gap-3">
            <Button variant="outline" onClick={tryDifferentEmail}>
              Try Different Email
            </Button>
            <Button asChild>
              <Link to={paths.login}>Back to Login</Link>
            </Button>
          </div>
        </AuthCard>
      </>
    );
  }

  return (
    <>
      <title>{`Forgot Password | ${config.platformName}`}</title>
      <AuthCard
        title="Forgot Password"
        description="Enter the email address of your account and we will send you a link to reset your password."
        icon={<KeyRoundIcon aria-hidden="true" className="size-6" />}
      >
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <TextField
            id="forgot-email"
            label="Email Address"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setFieldError(undefined);
            }}
            error={fieldError}
          />
          {request.isError ? (
            <Alert variant="destructive">{errorMessage(request.error, messages.forgotPassword.failed)}</Alert>
          ) : null}
          <Button type="submit" className="w-full" disabled={request.isPending}>
            {request.isPending ? (
              <>
                <Spinner /> Sending...
              </>
            ) : (
              'Send Reset Link'
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

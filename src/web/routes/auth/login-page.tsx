import { messages } from '@core/messages';
import { loginSchema } from '@core/validation/auth';
import { LogInIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { FieldError } from '@web/components/field-error';
import { PasswordInput } from '@web/components/password-input';
import { Spinner } from '@web/components/spinner';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useMeIfSignedIn } from '@web/features/auth/api/use-me';
import { useSignIn } from '@web/features/auth/api/use-sign-in';
import { SocialSignInButtons } from '@web/features/auth/components/social-sign-in-buttons';
import { TwoFactorCodeForm } from '@web/features/auth/components/two-factor-code-form';
import { usePublicConfig } from '@web/features/config/api/use-public-config';
import { errorMessage } from '@web/lib/api-client';
import { paths, returnPathFromState } from '@web/lib/paths';
import { AuthCard, authLinkClass } from './auth-card';

/** /login (spec 2.9): 'Business Login'. */
export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const me = useMeIfSignedIn();
  const signIn = useSignIn();
  const { config } = usePublicConfig();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  // Accounts with two-factor sign-in: the password step answers twoFactorRedirect, then a code is asked.
  const [needsCode, setNeedsCode] = useState(false);

  const target = returnPathFromState(location.state);

  if (me.data && !signIn.isPending) return <Navigate to={target} replace />;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    signIn.reset();
    const parsed = loginSchema.safeParse({ email, password });
    if (!parsed.success) {
      setFormError(messages.login.bothRequired);
      return;
    }
    signIn.mutate(parsed.data, {
      onSuccess: (data) => {
        if ((data as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect) setNeedsCode(true);
        else void navigate(target, { replace: true });
      },
    });
  }

  const error = formError ?? (signIn.isError ? errorMessage(signIn.error, messages.common.unexpectedTryAgain) : null);

  return (
    <>
      <title>{`Business Login | ${config.platformName}`}</title>
      <AuthCard
        title="Business Login"
        description="Sign in to manage your client portals."
        icon={<LogInIcon aria-hidden="true" className="size-6" />}
      >
        {needsCode ? (
          <TwoFactorCodeForm
            onDone={() => void navigate(target, { replace: true })}
            onCancel={() => {
              setNeedsCode(false);
              setPassword('');
              signIn.reset();
            }}
          />
        ) : (
        <>
        <SocialSignInButtons providers={config.oauthProviders} verb="Continue with" />
        <form noValidate onSubmit={onSubmit} className="space-y-5" aria-describedby={error ? 'login-error' : undefined}>
          <div className="space-y-2">
            <Label htmlFor="login-email">Email</Label>
            <Input
              id="login-email"
              name="email"
              type="email"
              autoComplete="username"
              inputMode="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={formError !== null && email.trim() === '' ? true : undefined}
            />
          </div>
          <div className="space-y-2">
            <div className="flex items-center justify-between gap-2">
              <Label htmlFor="login-password">Password</Label>
              <Link to={paths.forgotPassword} className={`${authLinkClass} text-sm`}>
                Forgot password?
              </Link>
            </div>
            <PasswordInput
              id="login-password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={formError !== null && password === '' ? true : undefined}
            />
          </div>
          <FieldError id="login-error" message={error ?? undefined} />
          <Button type="submit" className="w-full" disabled={signIn.isPending}>
            {signIn.isPending ? (
              <>
                <Spinner /> Signing in...
              </>
            ) : (
              'Sign In'
            )}
          </Button>
        </form>
        </>
        )}
        <div className="mt-6 space-y-3 text-center text-sm text-muted-foreground">
          <p>
            Don&apos;t have an account?{' '}
            <Link to={paths.signup} className={authLinkClass}>
              Sign up
            </Link>
          </p>
          <p>
            <Link to={paths.home} className={authLinkClass}>
              Back to home
            </Link>
          </p>
        </div>
      </AuthCard>
    </>
  );
}

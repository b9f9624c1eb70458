import { messages } from '@core/messages';
import { useEffect } from 'react';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/spinner';
import { errorMessage } from '@web/lib/api-client';
import type { OAuthProvider } from '@web/features/config/api/public-config';
import { useSocialSignIn } from '../api/use-social-sign-in';

const providerNames: Record<OAuthProvider, string> = { google: 'Google', facebook: 'Facebook' };

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4">
      <path fill="#4285F4" d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z" />
      <path fill="#34A853" d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z" />
      <path fill="#FBBC05" d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.94l3.66-2.84z" />
      <path fill="#EA4335" d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.3 9.14 5.38 12 5.38z" />
    </svg>
  );
}

function FacebookMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4">
      <path fill="#1877F2" d="M24 12.07C24 5.4 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.41c0-3.02 1.8-4.7 4.54-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.51c-1.49 0-1.95.93-1.95 1.88v2.27h3.33l-.53 3.49h-2.8V24C19.62 23.1 24 18.1 24 12.07z" />
    </svg>
  );
}

/**
 * Google / Facebook buttons, only for the providers the server has configured (D6).
 * `verb` gives 'Sign up with Google' (sign-up, spec 2.10) or 'Continue with Google' (login).
 */
export function SocialSignInButtons({ providers, verb }: { providers: OAuthProvider[]; verb: 'Sign up with' | 'Continue with' }) {
  const social = useSocialSignIn();
  const { reset } = social;

  // Coming back with the browser's Back button restores this page from the back/forward cache, still busy.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  if (providers.length === 0) return null;
  const busyProvider = social.isPending ? social.variables : undefined;

  return (
    <div className="space-y-3">
      <div className="grid gap-3">
        {providers.map((provider) => (
          <Button
            key={provider}
            variant="outline"
            className="w-full"
            disabled={social.isPending}
            onClick={() => social.mutate(provider)}
          >
            {busyProvider === provider ? <Spinner /> : provider === 'google' ? <GoogleMark /> : <FacebookMark />}
            {verb} {providerNames[provider]}
          </Button>
        ))}
      </div>
      {social.isError ? (
        <Alert variant="destructive">{errorMessage(social.error, messages.login.socialFailed)}</Alert>
      ) : null}
      <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
    </div>
  );
}

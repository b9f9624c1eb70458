import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { paths } from '@web/lib/paths';
import type { OAuthProvider } from '@web/features/config/api/public-config';

interface SocialSignInAnswer {
  url?: string;
  redirect?: boolean;
}

/** POST /api/auth/sign-in/social, then leaves for the provider's consent page. */
export function useSocialSignIn() {
  return useMutation({
    mutationFn: async (provider: OAuthProvider) => {
      const answer = await api.post<SocialSignInAnswer>('/api/auth/sign-in/social', {
        provider,
        callbackURL: paths.app.dashboard,
      });
      if (!answer?.url) throw new Error('No redirect URL');
      window.location.assign(answer.url);
      // Stay pending while the browser leaves the page.
      await new Promise<never>(() => {});
    },
  });
}

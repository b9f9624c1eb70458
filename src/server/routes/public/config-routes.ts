import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicConfigSchema, type OAuthProvider } from '@core/api/account';
import { passwordPolicyFromSettings } from '@core/validation/admin-settings';

/** What the public web app needs before anyone signs in. */
export async function publicConfigRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/public/config',
    {
      schema: {
        tags: ['public'],
        summary: 'Platform name, configured sign-in providers, the password policy, the public contact addresses and the upload limit',
        response: {
          200: publicConfigSchema,
        },
      },
    },
    async () => {
      const { env } = app.ctx;
      const s = await app.ctx.settings.get();
      const oauthProviders: OAuthProvider[] = [];
      if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) oauthProviders.push('google');
      if (env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET) oauthProviders.push('facebook');
      return {
        platformName: s.general.platformName,
        oauthProviders,
        passwordPolicy: passwordPolicyFromSettings(s.security),
        trialDays: s.general.trialDays,
        contact: { salesEmail: s.general.salesEmail || null, supportEmail: s.general.supportEmail || null },
        uploadMaxMb: env.SHEETS_MAX_MB,
      };
    },
  );
}

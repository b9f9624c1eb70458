import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
          200: z.object({
            platformName: z.string(),
            oauthProviders: z.array(z.enum(['google', 'facebook'])),
            passwordPolicy: z.object({ minLength: z.number(), requireNumber: z.boolean(), requireSpecial: z.boolean() }),
            trialDays: z.number(),
            contact: z
              .object({ salesEmail: z.string().nullable(), supportEmail: z.string().nullable() })
              .describe('The addresses set in Platform Settings; null when not set (the site then offers the contact form)'),
            uploadMaxMb: z.number().describe('Largest CSV upload or sheet, in MB (SHEETS_MAX_MB)'),
          }),
        },
      },
    },
    async () => {
      const { env } = app.ctx;
      const s = await app.ctx.settings.get();
      const oauthProviders: ('google' | 'facebook')[] = [];
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

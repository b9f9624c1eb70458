import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resetLinkStateSchema } from '@core/api/account';
import { isResetTokenUsable } from '../../auth/reset-token';

const errorShape = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/**
 * POST /api/public/reset-link/check: whether a password link (reset or welcome) can still be used, so the page says
 * "used or expired" when it opens instead of after the form is sent. The token travels in the body, not the address.
 */
export async function resetLinkRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/public/reset-link/check',
    {
      schema: {
        tags: ['public'],
        summary: 'Whether a password reset link can still be used (not used, not expired)',
        body: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: resetLinkStateSchema, 400: errorShape, 429: errorShape },
      },
    },
    async (req) => ({ usable: await isResetTokenUsable(app.ctx.db, req.body.token, app.ctx.clock.now()) }),
  );
}

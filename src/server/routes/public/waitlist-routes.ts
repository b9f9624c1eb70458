import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema } from '@core/api/common';
import { notifyFormSchema } from '@core/validation/notify';
import { joinWaitlist } from '../../services/inbox/join-waitlist';

const errorShape = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** POST /api/public/waitlist: the coming-soon page's notify-me form (rate-limited per IP). */
export async function publicWaitlistRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/public/waitlist',
    {
      schema: {
        tags: ['public'],
        summary: "Join a coming-soon feature's waitlist (signing up twice answers the same)",
        body: notifyFormSchema,
        response: { 201: okSchema, 400: errorShape, 429: errorShape },
      },
    },
    async (req, reply) => {
      await joinWaitlist(app.ctx, req.body, { ipAddress: req.ip });
      return reply.status(201).send({ ok: true as const });
    },
  );
}

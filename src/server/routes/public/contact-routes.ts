import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema } from '@core/api/common';
import { contactFormSchema } from '@core/validation/contact';
import { submitContactMessage } from '../../services/inbox/submit-contact-message';

const errorShape = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** POST /api/public/contact: the public contact form (rate-limited per IP in plugins/rate-limit.ts). */
export async function publicContactRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/public/contact',
    {
      schema: {
        tags: ['public'],
        summary: 'Send a message to the sales team (stored, and e-mailed to the platform sales address)',
        body: contactFormSchema,
        response: { 201: okSchema, 400: errorShape, 429: errorShape },
      },
    },
    async (req, reply) => {
      await submitContactMessage(app.ctx, req.body, { ipAddress: req.ip });
      return reply.status(201).send({ ok: true as const });
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { workloadSettingsSchema } from '@core/workload-settings';
import { businessApi } from '../../plugins/api-key-auth';
import { previewWorkload } from '../../services/workload/preview-workload';
import { sessionBusiness } from './business-context';
import { errorShape, portalIdParams, portalSchema } from './portal-schemas';

const figures = z.object({
  activeProjects: z.number().int(),
  estimatedDays: z.number(),
  workingDaysToFree: z.number().int(),
  nextAvailableDate: z.string(),
  capacityUtilisation: z.number().int(),
  capacityBand: z.enum(['green', 'yellow', 'red']),
});

const previewSchema = z.object({
  hasSource: z.boolean(),
  settings: portalSchema.shape.workloadSettings,
  current: figures,
  proposed: figures,
  queue: z.array(z.object({ clientId: z.string(), name: z.string(), position: z.number().int(), currentEstimate: z.string(), proposedEstimate: z.string() })),
  changedEstimates: z.number().int(),
});

/** Workload figures and the preview of new settings (spec 2.15 Workload Management, spec 9). */
export async function workloadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  businessApi(r);
  r.post(
    '/api/v1/portals/:portalId/workload/preview',
    {
      schema: {
        tags: ['business app'],
        summary: 'Workload figures under the saved settings and under the given ones, and how queue estimates would change (nothing saved)',
        params: portalIdParams,
        body: z.object({ settings: workloadSettingsSchema.optional() }),
        response: { 200: previewSchema, 400: errorShape, 401: errorShape, 403: errorShape, 404: errorShape },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      return previewWorkload(app.ctx.db, business.id, business.timeZone, req.params.portalId, req.body.settings);
    },
  );
}

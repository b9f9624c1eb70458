import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { workloadPreviewSchema } from '@core/api/dashboard';
import { workloadSettingsSchema } from '@core/workload-settings';
import { businessApi } from '../../plugins/api-key-auth';
import { previewWorkload } from '../../services/workload/preview-workload';
import { sessionBusiness } from './business-context';
import { errorShape, portalIdParams } from './portal-schemas';

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
        response: { 200: workloadPreviewSchema, 400: errorShape, 401: errorShape, 403: errorShape, 404: errorShape },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      return previewWorkload(app.ctx.db, business.id, business.timeZone, req.params.portalId, req.body.settings);
    },
  );
}

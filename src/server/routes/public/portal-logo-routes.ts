import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPublicLogo } from '../../services/portals/get-public-logo';

const errorShape = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const wellFormed = (portalId: string) => /^[A-Za-z0-9_-]{1,64}$/.test(portalId);
/** The version in the address: the first 16 hex digits of the image's SHA-256. */
const versionOf = (sha256: string) => sha256.slice(0, 16);

/** A portal's uploaded logo, public (the portal page shows it). Versioned addresses are cached for a year. */
export async function publicPortalLogoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/public/portals/:portalId/logo',
    {
      schema: {
        tags: ['public'],
        summary: "A portal's uploaded logo with its image type; ?v= (the hash in the configuration's logoUrl) makes it cacheable for a year",
        params: z.object({ portalId: z.string().min(1).max(200) }),
        querystring: z.object({ v: z.string().max(64).optional() }),
        produces: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
        response: { 200: z.any().describe('The image bytes'), 304: z.null().describe('Not modified'), 404: errorShape },
      },
    },
    async (req, reply) => {
      const logo = wellFormed(req.params.portalId) ? await getPublicLogo(app.ctx, req.params.portalId) : null;
      reply.header('x-content-type-options', 'nosniff');
      if (!logo) {
        reply.header('cache-control', 'no-store');
        return reply.status(404).send({ error: { code: 'not_found', message: 'This portal has no uploaded logo.' } });
      }
      const version = versionOf(logo.sha256);
      const etag = `"${logo.sha256}"`;
      reply
        .header('etag', etag)
        .header('cache-control', req.query.v === version ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('content-disposition', 'inline');
      const match = req.headers['if-none-match'];
      if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.status(304).send(null);
      return reply.type(logo.contentType).send(logo.bytes);
    },
  );
}

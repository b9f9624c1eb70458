import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { removedLogoSchema, uploadedLogoSchema } from '@core/api/portals';
import { LOGO_MAX_BYTES } from '@core/portal-logo';
import { businessApi } from '../../plugins/api-key-auth';
import { deletePortalLogo } from '../../services/portals/delete-portal-logo';
import { LogoRejectedError, savePortalLogo } from '../../services/portals/save-portal-logo';
import { sessionBusiness } from './business-context';
import { errorShape, portalIdParams } from './portal-schemas';

/**
 * Reads a raw upload body as bytes, up to the logo limit (the type is judged from the bytes, not from the
 * declared content type). Past the limit the upload stops with a clear 413.
 */
function readLimited(req: FastifyRequest, payload: NodeJS.ReadableStream, done: (err: Error | null, body?: Buffer) => void) {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > LOGO_MAX_BYTES) {
    done(new LogoRejectedError('tooLarge'));
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let finished = false;
  const finish = (err: Error | null, body?: Buffer) => {
    if (finished) return;
    finished = true;
    done(err, body);
  };
  payload.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > LOGO_MAX_BYTES) {
      finish(new LogoRejectedError('tooLarge'));
      return;
    }
    if (!finished) chunks.push(chunk);
  });
  payload.on('end', () => finish(null, Buffer.concat(chunks)));
  payload.on('error', (err: Error) => finish(err));
}

/** A portal's uploaded logo (issue 6 item 7): PUT the image as the raw body, DELETE to remove it. */
export async function portalLogoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  businessApi(r);
  // Only in this plugin: image bodies (and an untyped binary body) are read as bytes.
  app.addContentTypeParser(/^image\/[a-z0-9.+-]+$/i, readLimited);
  app.addContentTypeParser('application/octet-stream', readLimited);

  r.put(
    '/api/v1/portals/:portalId/logo',
    {
      schema: {
        tags: ['portals'],
        summary: `Uploads the portal's logo: the image as the raw body (PNG, JPEG, WebP or GIF, checked by its bytes; SVG refused; at most ${LOGO_MAX_BYTES / 1024} KB). The configuration's logoUrl then points at it.`,
        consumes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/octet-stream'],
        params: portalIdParams,
        response: { 200: uploadedLogoSchema, 400: errorShape, 401: errorShape, 403: errorShape, 404: errorShape, 413: errorShape, 415: errorShape },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      // Bytes as uploaded; no body is empty; a body some other parser read (JSON) is not an image (null).
      const bytes = Buffer.isBuffer(req.body) ? req.body : req.body === undefined || req.body === null ? Buffer.alloc(0) : null;
      return savePortalLogo(app.ctx, business.id, req.params.portalId, bytes, { userId: req.sessionUser!.id, ipAddress: req.ip });
    },
  );

  r.delete(
    '/api/v1/portals/:portalId/logo',
    {
      schema: {
        tags: ['portals'],
        summary: "Removes the portal's uploaded logo (a logoUrl pointing at it is cleared)",
        params: portalIdParams,
        response: { 200: removedLogoSchema, 401: errorShape, 403: errorShape, 404: errorShape },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      return { removed: await deletePortalLogo(app.ctx, business.id, req.params.portalId, { userId: req.sessionUser!.id, ipAddress: req.ip }) };
    },
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { columnMappingSchema, type ColumnMapping } from '@core/columns';
import { messages } from '@core/messages';
import { extractSheetGid, sheetGidSchema, sheetUrlSchema } from '@core/validation/sheet-url';
import { AppError, ValidationError } from '../../errors';
import { sheetSourceFor } from '../../integrations/sheets/google-sheets';
import { businessApi } from '../../plugins/api-key-auth';
import { getPortal, getPortalRow } from '../../services/portals/get-portal';
import { analyzeCsv, analyzeSheet } from '../../services/sheet-sync/analyze-sheet';
import { listSyncRuns } from '../../services/sheet-sync/list-sync-runs';
import { runSync, type SyncResult } from '../../services/sheet-sync/run-sync';
import { readUpload } from '../../services/sheet-sync/uploaded-files';
import { switchToManaged } from '../../services/managed-clients/switch-to-managed';
import { actorOf } from './managed-client-routes';
import { sessionBusiness } from './business-context';
import { savedSourceSchema, syncRunListSchema } from '@core/api/portals';
import {
  analysisSchema,
  analyzeBody,
  applyUploadedFileBody,
  errorShape,
  importQuery,
  importReportSchema,
  portalIdParams,
  saveSourceBody,
  syncBody,
  uploadedFileQuery,
} from './portal-schemas';

const CSV_TYPES = ['text/csv', 'application/csv'];
const CSV_REQUIRED = messages.sync.csvBodyRequired;

/** The request body of the CSV routes: the file's bytes (UTF-8, or Windows-1252 as Excel writes it). */
const csvFile = z
  .custom<Buffer>((v) => Buffer.isBuffer(v) && v.length > 0, { error: CSV_REQUIRED })
  .describe(`The CSV file, up to SHEETS_MAX_MB (20 MB by default); the first row holds the headers`);

function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid request';
}

/** { sheetUrl, sheetId } from an address, with the spec's two messages; the tab from `gid` or the address. */
function readSheetAddress(sheetUrl: string, gid: string | null | undefined) {
  const parsed = sheetUrlSchema.safeParse(sheetUrl);
  if (!parsed.success) throw new ValidationError(firstIssue(parsed.error), 'invalid_sheet_url');
  const tab = gid?.trim() ? gid.trim() : extractSheetGid(parsed.data.sheetUrl);
  if (tab !== null) {
    const checked = sheetGidSchema.safeParse(tab);
    if (!checked.success) throw new ValidationError(firstIssue(checked.error), 'invalid_gid');
  }
  return { ...parsed.data, gid: tab };
}

function readMappingParam(text: string | undefined): ColumnMapping | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ValidationError(messages.sheets.mappingIncomplete, 'invalid_mapping');
  }
  const parsed = columnMappingSchema.safeParse(value);
  if (!parsed.success) throw new ValidationError(firstIssue(parsed.error), 'invalid_mapping');
  return parsed.data;
}

function csvBody(req: FastifyRequest): Buffer {
  const body = req.body;
  if (!Buffer.isBuffer(body) || body.length === 0) throw new ValidationError(CSV_REQUIRED, 'csv_required');
  return body;
}

/** A Content-Disposition attachment header for a file name: an ASCII fallback and the exact name (RFC 6266). */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const exact = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

const report = (result: SyncResult) => ({
  ...result.run,
  applied: result.applied,
  headers: result.headers,
  columnMapping: result.columnMapping,
  previewRows: result.previewRows,
  confidence: result.confidence,
});

/**
 * A portal's data source: analyse a Google Sheet or a CSV file, connect a sheet (saved when its first sync
 * applies), import a CSV upload, sync on demand, and the sync history. Uploads are text/csv up to SHEETS_MAX_MB.
 */
export async function sheetSourceRoutes(app: FastifyInstance) {
  const maxBytes = app.ctx.env.SHEETS_MAX_MB * 1024 * 1024;
  app.addContentTypeParser(CSV_TYPES, { parseAs: 'buffer', bodyLimit: maxBytes }, (_req, body, done) => done(null, body));
  businessApi(app);
  sheetRoutes(app);
  csvImportRoutes(app, maxBytes);
  uploadedFileRoutes(app);
}

/** What a sync needs: the app context and the sheet source for its settings. */
const syncDeps = (app: FastifyInstance) => ({ ...app.ctx, sheetSource: sheetSourceFor(app.ctx.env) });

/** A Google Sheet: analyse it, connect it (saved when its first sync applies), sync it now. */
function sheetRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/v1/portals/:portalId/source/analyze',
    {
      schema: {
        tags: ['portal data'],
        summary: "Reads a Google Sheet's tab and suggests a column mapping (nothing is saved)",
        description:
          "The sheet is fetched only from GOOGLE_SHEETS_BASE_URL with the id taken from the address. A private sheet (an HTML sign-in page) answers 422 'Failed to access spreadsheet: ...'; Google's 404 or 500 answers 502 'Failed to fetch sheet data: {status}'.",
        params: portalIdParams,
        body: analyzeBody,
        response: { 200: analysisSchema, 400: errorShape, 404: errorShape, 422: errorShape, 502: errorShape },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      const portal = await getPortalRow(app.ctx.db, business.id, req.params.portalId);
      const address = readSheetAddress(req.body.sheetUrl, req.body.gid);
      return analyzeSheet(syncDeps(app).sheetSource, { sheetId: address.sheetId, gid: address.gid, portal, dateOrder: portal.dateOrder });
    },
  );

  r.put(
    '/api/v1/portals/:portalId/source',
    {
      schema: {
        tags: ['portal data'],
        summary: 'Connects a Google Sheet with its column mapping and syncs it, or makes StatusLink the source of its clients',
        description:
          '{ type: managed } (Business and Enterprise plans; 403 plan_feature otherwise): the clients are kept in StatusLink (same keys, access links and history), written through Client Management and the clients API; sync is null. Back to a sheet: this route with the sheet; to a file: POST .../import. With a sheet: The source is saved only when this first sync applies. 409 confirm_drop when more than half of the current clients would be removed (send confirmDrop: true to apply); 422 when a mapped column is missing or a client id repeats; 502 when Google fails. 503 sync_unfinished (embedded database only): a large change was checked and committed but stopped while being applied; it is finished automatically (decision 0022). With dryRun: true the sheet is only read and checked with this mapping (the set-up wizard checks with it before Finalize): nothing is saved, no sync is recorded, and a large drop answers 200 with sync.status needs_confirmation and its message.',
        params: portalIdParams,
        body: saveSourceBody,
        response: {
          200: savedSourceSchema,
          400: errorShape,
          403: errorShape,
          404: errorShape,
          409: errorShape,
          422: errorShape,
          502: errorShape,
          503: errorShape,
        },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      await getPortalRow(app.ctx.db, business.id, req.params.portalId);
      if (req.body.type === 'managed') {
        await switchToManaged(app.ctx, { businessId: business.id, plan: business.plan, portalId: req.params.portalId, timeZone: business.timeZone, actor: actorOf(req), userId: req.sessionUser!.id, ipAddress: req.ip });
        return { portal: await getPortal(app.ctx.db, business.id, req.params.portalId), sync: null };
      }
      const address = readSheetAddress(req.body.sheetUrl, req.body.gid);
      const result = await runSync(syncDeps(app), {
        portalId: req.params.portalId,
        businessId: business.id,
        timeZone: business.timeZone,
        trigger: 'setup',
        actorUserId: req.sessionUser!.id,
        confirmDrop: req.body.confirmDrop,
        dryRun: req.body.dryRun,
        dateOrder: req.body.dateOrder,
        newSheet: {
          sheetId: address.sheetId,
          sheetUrl: address.sheetUrl,
          gid: address.gid,
          mapping: req.body.columnMapping,
          setupMethod: req.body.setupMethod ?? 'import',
        },
      });
      return { portal: await getPortal(app.ctx.db, business.id, req.params.portalId), sync: report(result) };
    },
  );

  r.post(
    '/api/v1/portals/:portalId/sync',
    {
      schema: {
        tags: ['portal data'],
        summary: "Syncs the portal's Google Sheet now ('Sync now')",
        description:
          'On failure the last good data stays and the error is recorded with the time (GET .../syncs, and lastError on the portal). 409 sync_in_progress when a sync is running; 409 confirm_drop as for PUT source. 503 sync_unfinished (embedded database only): a large change was checked and committed but stopped while being applied; it is finished automatically (decision 0022).',
        params: portalIdParams,
        body: syncBody,
        response: { 200: importReportSchema, 404: errorShape, 409: errorShape, 422: errorShape, 502: errorShape, 503: errorShape },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      const portal = await getPortalRow(app.ctx.db, business.id, req.params.portalId);
      if (portal.sourceType !== 'google_sheet') throw new AppError(422, 'no_sheet', messages.sync.noSheet);
      const result = await runSync(syncDeps(app), {
        portalId: portal.id,
        businessId: business.id,
        timeZone: business.timeZone,
        trigger: 'manual',
        actorUserId: req.sessionUser!.id,
        confirmDrop: req.body?.confirmDrop,
      });
      return report(result);
    },
  );
}

/** A CSV upload analysed and imported in one request, and the history of syncs and imports. */
function csvImportRoutes(app: FastifyInstance, maxBytes: number) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/v1/portals/:portalId/import/analyze',
    {
      bodyLimit: maxBytes,
      schema: {
        tags: ['portal data'],
        summary: 'Reads a CSV file (text/csv body) and suggests a column mapping (nothing is saved)',
        consumes: CSV_TYPES,
        params: portalIdParams,
        body: csvFile,
        response: { 200: analysisSchema, 400: errorShape, 404: errorShape, 413: errorShape, 422: errorShape },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      const portal = await getPortalRow(app.ctx.db, business.id, req.params.portalId);
      return analyzeCsv(csvBody(req), { portal, dateOrder: portal.dateOrder });
    },
  );

  r.post(
    '/api/v1/portals/:portalId/import',
    {
      bodyLimit: maxBytes,
      schema: {
        tags: ['portal data'],
        summary: 'Imports a CSV upload (text/csv body) as the portal data',
        description:
          'Unless `columnMapping` is given as a JSON query parameter, the columns are detected from the file\'s own headers, keeping the saved mapping\'s choices where the new headers have the same columns (a saved column the file lacks is reported, never dropped silently). Rows without an e-mail are skipped. A client is known by its Client ID cell, or by its e-mail when the file has no id column, never by its row (D9); a row whose id cell is blank is matched to the client with its e-mail, or skipped and reported. A missing name or status becomes Unknown; of rows sharing an e-mail the later one is used. Clients missing from the file are marked removed (kept 30 days). Validated first, then applied in one transaction (on the embedded database a large change is applied in steps after a commit point, and always finished). 503 sync_unfinished (embedded database only): a large change was checked and committed but stopped while being applied; it is finished automatically (decision 0022).',
        consumes: CSV_TYPES,
        params: portalIdParams,
        querystring: importQuery,
        body: csvFile,
        response: { 200: importReportSchema, 400: errorShape, 404: errorShape, 409: errorShape, 413: errorShape, 422: errorShape, 503: errorShape },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      await getPortalRow(app.ctx.db, business.id, req.params.portalId);
      const bytes = csvBody(req);
      const result = await runSync(syncDeps(app), {
        portalId: req.params.portalId,
        businessId: business.id,
        timeZone: business.timeZone,
        trigger: 'upload',
        actorUserId: req.sessionUser!.id,
        confirmDrop: req.query.confirmDrop,
        dryRun: req.query.dryRun,
        dateOrder: req.query.dateOrder,
        upload: { bytes, mapping: readMappingParam(req.query.columnMapping), setupMethod: req.query.setupMethod, fileName: req.query.fileName },
      });
      return report(result);
    },
  );

  r.get(
    '/api/v1/portals/:portalId/syncs',
    {
      schema: {
        tags: ['portal data'],
        summary: 'The latest syncs and imports, newest first, with their counts, errors and (while running) progress',
        params: portalIdParams,
        response: { 200: syncRunListSchema, 404: errorShape },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      const portal = await getPortalRow(app.ctx.db, business.id, req.params.portalId);
      return { syncs: await listSyncRuns(app.ctx.db, portal.id) };
    },
  );
}

/** A CSV file kept first, then analysed and applied (the wizard's upload). */
function uploadedFileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/portals/:portalId/import/file',
    {
      schema: {
        tags: ['portal data'],
        summary: "Downloads a CSV portal's kept file: the one its data comes from, or (slot=held) the upload held back for its large drop",
        description: "The file as it was uploaded. A portal keeps its last applied upload and at most one held one; a Google Sheet portal keeps none (404 no_file).",
        params: portalIdParams,
        querystring: uploadedFileQuery,
        produces: ['text/csv'],
        response: { 200: z.any().describe('The CSV file (text/csv, as an attachment)'), 404: errorShape },
      },
    },
    async (req, reply) => {
      const business = await sessionBusiness(req);
      const portal = await getPortalRow(app.ctx.db, business.id, req.params.portalId);
      const file = await readUpload(app.ctx.db, portal.id, req.query.slot);
      const name = file.packed.fileName ?? `${portal.name}.csv`;
      return reply
        .header('content-type', 'text/csv')
        .header('content-disposition', attachment(name))
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  );

  r.post(
    '/api/v1/portals/:portalId/import/file/analyze',
    {
      schema: {
        tags: ['portal data'],
        summary: "Reads a CSV portal's kept file again and suggests a column mapping (to change the mapping without uploading again)",
        params: portalIdParams,
        querystring: uploadedFileQuery,
        response: { 200: analysisSchema, 404: errorShape, 422: errorShape },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      const portal = await getPortalRow(app.ctx.db, business.id, req.params.portalId);
      const file = await readUpload(app.ctx.db, portal.id, req.query.slot);
      const dateOrder = (req.query.slot === 'held' ? file.packed.options.dateOrder : undefined) ?? portal.dateOrder;
      return analyzeCsv(file.bytes, { portal, dateOrder });
    },
  );

  r.post(
    '/api/v1/portals/:portalId/import/file/apply',
    {
      schema: {
        tags: ['portal data'],
        summary: "Imports a CSV portal's kept file again: with a new column mapping, or (slot=held) to confirm an upload held back for its large drop",
        description:
          "As POST .../import with the kept file as the body. Without columnMapping (or dateOrder) a held upload uses what it was sent with, the applied file the portal's saved ones. 404 no_file when there is no such file; 409 file_changed when expectedSha256 names another file than the one kept now; 409 confirm_drop when more than half of the clients would be removed (send confirmDrop: true); 503 sync_unfinished as for POST .../import. With dryRun: true the file is only checked with this mapping: nothing changes, and a large drop answers 200 with status needs_confirmation.",
        params: portalIdParams,
        body: applyUploadedFileBody,
        response: { 200: importReportSchema, 400: errorShape, 404: errorShape, 409: errorShape, 422: errorShape, 503: errorShape },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      const portal = await getPortalRow(app.ctx.db, business.id, req.params.portalId);
      const body = req.body ?? { slot: 'applied' as const };
      const file = await readUpload(app.ctx.db, portal.id, body.slot);
      // What the business saw is what applies: another tab may have uploaded (or applied) a file since.
      if (body.expectedSha256 && body.expectedSha256 !== file.packed.sha256) throw new AppError(409, 'file_changed', messages.sync.keptFileChanged);
      // A held upload applies as it was sent (unless told otherwise now); the applied file with the portal's settings.
      const held = body.slot === 'held';
      const options = {
        columnMapping: body.columnMapping ?? (held ? file.packed.options.columnMapping : undefined),
        dateOrder: body.dateOrder ?? (held ? file.packed.options.dateOrder : undefined),
        setupMethod: held ? file.packed.options.setupMethod : (portal.setupMethod ?? undefined),
      };
      const result = await runSync(syncDeps(app), {
        portalId: portal.id,
        businessId: business.id,
        timeZone: business.timeZone,
        trigger: 'upload',
        actorUserId: req.sessionUser!.id,
        confirmDrop: body.confirmDrop,
        dryRun: body.dryRun,
        dateOrder: options.dateOrder,
        upload: {
          bytes: file.bytes,
          mapping: options.columnMapping,
          setupMethod: options.setupMethod,
          fileName: file.packed.fileName,
          // The kept file as it is (its name, date and compressed bytes), with how it is applied now.
          packed: { ...file.packed, options },
        },
      });
      return report(result);
    },
  );
}

import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { messages } from '@core/messages';
import { planHas } from '@core/plan-features';
import { portalAnswerTexts } from '@core/portal-texts';
import { maskEmail } from '@core/validation/email';
import { parsePortalQuery } from '@core/validation/portal-search';
import type { AppContext } from '../../context';
import { clientAccessTokens } from '../../db/schema';
import { DEMO_PORTAL_ID } from '../../db/seed/demo-business';
import { AppError, ValidationError } from '../../errors';
import { openCardSession } from '../client-access/card-session';
import { type CardSession, hashAccessToken, linkReference, sessionIsFor, signCardSession, type SessionVia } from '../client-access/secrets';
import { consumeVerificationCode, issueVerificationCode } from '../client-access/verification-codes';
import { usageMeterFor, type LookupResult } from '../usage/usage-meter';
import { buildClientCard, type ClientCard } from './client-card';
import { refreshQueue } from './fresh-queue';
import { checkLookupLimits } from './lookup-limits';
import { notFound, portalUnavailable, sessionExpired } from './lookup-errors';
import { cardEmailUpdates } from '../notifications/email-updates-choice';
import { cardTextUpdates } from '../notifications/sms-card-opt-in';
import type { CardTextUpdates } from '@core/api/notifications';
import { runLookupQuery, type LookupKind, type LookupRow } from './lookup-queries';
import { currentPortalSettings } from './portal-settings';
import { portalOpen } from '../billing/business-standing';
import { businessPlanId } from '../business/plan-access';
import type { WorkloadSettings } from '@core/workload-settings';
import type { StoredEstimate } from '../estimates/client-estimate-view';
import { markEstimateSeen } from '../estimates/mark-seen';

type LookupCtx = Pick<AppContext, 'db' | 'env' | 'logger' | 'mailer' | 'settings' | 'rateStore' | 'clock' | 'afterAnswer' | 'clientEvents' | 'syncCapabilities' | 'portalMeta'>;

/** What a visitor of the portal asks. Exactly one way in: a search, an access link's token, or a card session. */
export type LookupRequest =
  | { query: string; code?: string; verify?: boolean }
  | { token: string }
  | { session: string };

export type LookupOutcome =
  | {
      type: 'card';
      client: ClientCard;
      /** True when the visitor proved who they are (access link or e-mailed code). */
      verified: boolean;
      /** A short-lived proof for refresh and updates, when verified. */
      session?: string;
      /** The portal accepts updates from clients. */
      updatesAllowed: boolean;
      /** Verified cards of a portal that sends e-mail updates: whether this client gets them (the card's switch). */
      emailUpdates?: boolean;
      /** Verified cards of a portal that texts urgent updates to a number this client has: their choice. */
      textUpdates?: CardTextUpdates;
    }
  /** `demoCode`: on the demo portal only, whose clients are made up, the code is shown instead of e-mailed. */
  | { type: 'verification_sent'; demoCode?: string };

const TOKEN_TOUCH_MS = 60 * 60_000;

/** Which rows a request asks for: a search's e-mail or name, an access link's hash, or a card session's client. */
async function lookupKeyOf(
  ctx: LookupCtx,
  portalId: string,
  request: LookupRequest,
): Promise<{ kind: LookupKind; key: string; cardSession: CardSession | null }> {
  if ('query' in request) {
    const parsed = parsePortalQuery(request.query);
    if (!parsed) throw new ValidationError(messages.portal.searchTooShort);
    return { kind: parsed.kind, key: parsed.kind === 'email' ? parsed.email : parsed.name, cardSession: null };
  }
  if ('token' in request) return { kind: 'token', key: hashAccessToken(request.token), cardSession: null };
  const session = await openCardSession(ctx, portalId, request.session);
  if (!session) throw sessionExpired();
  return { kind: 'clientId', key: session.clientId, cardSession: session };
}

/** Records an access link's use, at most once per TOKEN_TOUCH_MS (a link opened often writes rarely). */
async function touchAccessToken(ctx: LookupCtx, tokenHash: string, lastUsedAt: Date | null): Promise<void> {
  const now = ctx.clock.now();
  const touchedBefore = new Date(now.getTime() - TOKEN_TOUCH_MS);
  if (lastUsedAt && lastUsedAt >= touchedBefore) return;
  await ctx.db
    .update(clientAccessTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(clientAccessTokens.tokenHash, tokenHash), or(isNull(clientAccessTokens.lastUsedAt), lt(clientAccessTokens.lastUsedAt, touchedBefore))));
}

/** The rows a lookup finds, brought up to date first when the portal's queue was computed for another day. */
async function findRows(ctx: LookupCtx, portalId: string, kind: LookupKind, key: string): Promise<{ portal: LookupRow; rows: LookupRow[]; today: string }> {
  let rows = await runLookupQuery(ctx, kind, portalId, key);
  const first = rows[0];
  if (!first) throw notFound();
  if (!(await portalOpen(ctx, first))) throw portalUnavailable();
  const today = ctx.clock.today(first.timeZone);
  // Positions and estimates are precomputed; once a day (or after a settings change) they are brought up to date.
  if (first.clientId !== null && first.lastSyncedAt !== null && first.queueComputedFor !== today) {
    await refreshQueue(ctx, portalId, first.timeZone);
    rows = await runLookupQuery(ctx, kind, portalId, key);
    if (!rows[0]) throw notFound();
  }
  return { portal: rows[0]!, rows, today };
}

type PortalSettings = Awaited<ReturnType<typeof currentPortalSettings>>;

/** What every way of answering a lookup shares: the portal, its settings, and how a card is built and counted. */
interface Answering {
  ctx: LookupCtx;
  portalId: string;
  /** The lookup's key (an access link's hash for a token). */
  key: string;
  portal: LookupRow;
  settings: PortalSettings;
  /** The owner looking at their own portal: not metered, no estimate marked seen, no code needed. */
  ownersLook: boolean;
  /** Meters the lookup's outcome (not the owner's own look). */
  count(outcome: LookupResult): Promise<void>;
  card(row: LookupRow): Promise<ClientCard>;
  verifiedCard(row: LookupRow, via: SessionVia, session?: string): Promise<LookupOutcome>;
}

function answering(ctx: LookupCtx, portalId: string, key: string, found: { portal: LookupRow; today: string }, settings: PortalSettings, viewerUserId: string | null): Answering {
  const { portal, today } = found;
  const meter = usageMeterFor(ctx);
  const ownersLook = viewerUserId !== null && viewerUserId === portal.ownerUserId;
  const a: Answering = {
    ctx,
    portalId,
    key,
    portal,
    settings,
    ownersLook,
    async count(outcome) {
      if (!ownersLook) await meter.record({ businessId: portal.businessId, portalId, timeZone: portal.timeZone, plan: portal.plan, outcome });
    },
    async card(row) {
      const built = buildClientCard(
        {
          name: row.name!,
          email: row.email!,
          status: row.status!,
          dueDate: row.dueDate,
          dueDateText: row.dueDateText ?? '',
          notes: row.notes ?? '',
          queueState: row.queueState,
          queuePosition: row.queuePosition,
          estimatedWorkingDays: row.estimatedWorkingDays,
          estimatedCompletion: row.estimatedCompletion,
          estimate: storedEstimateOf(row),
        },
        { config: settings.config, workload: settings.workload, calendar: settings.calendar, today, staleEstimates: row.queueComputedFor !== today, estimatesUpdatedAt: row.estimatesUpdatedAt, estimatesPace: row.estimatesPace, now: ctx.clock.now() },
      );
      if (!ownersLook) await noteEstimateSeen(ctx, portalId, row, built, settings.workload);
      return built;
    },
    verifiedCard: async (row, via, session) => ({
      type: 'card',
      client: await a.card(row),
      verified: true,
      session: session ?? signCardSession(ctx.env, { portalId, clientId: row.clientId!, via, emailNormalized: row.emailNormalized!, link: via === 'link' ? linkReference(key) : undefined }),
      updatesAllowed: settings.config.allowClientUpdates,
      ...(settings.config.emailNotifications ? { emailUpdates: await cardEmailUpdates(ctx.db, portalId, row.emailNormalized!) } : {}),
      textUpdates: await cardTextUpdates(ctx, row),
    }),
  };
  return a;
}

/** An access link: its client's card, verified; the link's use recorded. */
async function answerToken(a: Answering, matches: LookupRow[]): Promise<LookupOutcome> {
  const row = matches[0] as (LookupRow & { tokenLastUsedAt?: Date | null }) | undefined;
  await a.count(row ? 'card' : 'miss');
  if (!row) throw notFound();
  await touchAccessToken(a.ctx, a.key, row.tokenLastUsedAt ?? null);
  return a.verifiedCard(row, 'link');
}

/** A card session: its client's card again, while the client id still names the same person. */
async function answerSession(a: Answering, matches: LookupRow[], cardSession: CardSession, session: string): Promise<LookupOutcome> {
  const row = matches[0];
  // The client id now names someone else (a row above it was deleted from an id-less sheet): the session is
  // over, and nothing was found for it.
  const stillTheirs = row !== undefined && sessionIsFor(a.ctx.env, cardSession, row.emailNormalized!);
  await a.count(stillTheirs ? 'card' : 'miss');
  if (!row) throw notFound();
  if (!stillTheirs) throw sessionExpired();
  return a.verifiedCard(row, cardSession.via, session);
}

/** Verification (D3): the same answer whether or not anything matched; a code goes to each match's address. */
async function answerVerification(a: Answering, matches: LookupRow[], code: string | undefined): Promise<LookupOutcome> {
  const { ctx, portalId } = a;
  if (code) {
    const clientId = await consumeVerificationCode(ctx, portalId, matches.map((m) => m.clientId!), code);
    const row = matches.find((m) => m.clientId === clientId);
    if (!clientId || !row) throw new AppError(400, 'invalid_code', portalAnswerTexts.invalidCode);
    await a.count('card');
    return a.verifiedCard(row, 'code');
  }
  await a.count(matches.length > 0 ? 'code_sent' : 'miss');
  const sender = { name: a.settings.config.companyName.trim() || a.portal.businessName, whiteLabel: planHas(businessPlanId(a.portal), 'whiteLabel') };
  const recipients = matches.map((m) => ({ portalId, clientId: m.clientId!, name: m.name!, email: m.email! }));
  // The demo portal's clients are made up: its code is shown in the answer instead of e-mailed.
  if (portalId === DEMO_PORTAL_ID) {
    let demoCode: string | undefined;
    for (const r of recipients) demoCode = (await issueVerificationCode(ctx, r, sender, { deliver: false })) ?? demoCode;
    return { type: 'verification_sent', ...(demoCode ? { demoCode } : {}) };
  }
  // Codes are written and e-mailed after the answer, so its time does not tell whether anyone matched.
  ctx.afterAnswer.run('portal verification codes', async () => {
    for (const r of recipients) await issueVerificationCode(ctx, r, sender);
  });
  return { type: 'verification_sent' };
}

/** A search without verification: the one match's card, unverified (an address found by name is masked). */
async function answerSearch(a: Answering, matches: LookupRow[], kind: LookupKind): Promise<LookupOutcome> {
  await a.count(matches.length === 1 ? 'card' : 'miss');
  if (matches.length === 0) throw notFound();
  if (matches.length > 1) throw new AppError(409, 'ambiguous_name', portalAnswerTexts.ambiguousName);
  const found = await a.card(matches[0]!);
  // Found by name: the visitor did not show they know the address, so it is masked (D3: a guessed name must not
  // reveal it). An e-mail search shows the address typed; access links and codes show it in full.
  if (kind === 'name') found.email = maskEmail(found.email);
  return { type: 'card', client: found, verified: false, updatesAllowed: a.settings.config.allowClientUpdates };
}

/**
 * Answers a portal lookup (decisions D3, D4, D5; security 16-18). `viewerUserId`: the signed-in user behind the
 * request, if any; the business owner looking at their own portal (View Portal) is not metered as a client lookup.
 */
export async function lookupClient(ctx: LookupCtx, portalId: string, request: LookupRequest, ip: string, viewerUserId: string | null = null): Promise<LookupOutcome> {
  await checkLookupLimits(ctx.rateStore, ip, portalId, { search: 'query' in request });
  const { kind, key, cardSession } = await lookupKeyOf(ctx, portalId, request);
  const found = await findRows(ctx, portalId, kind, key);
  const settings = await currentPortalSettings(ctx.db, found.portal.portalId, found.portal.portalUpdatedAt);
  const matches = found.rows.filter((r) => r.clientId !== null);
  const a = answering(ctx, portalId, key, found, settings, viewerUserId);
  if (kind === 'token') return answerToken(a, matches);
  if (kind === 'clientId') return answerSession(a, matches, cardSession!, (request as { session: string }).session);
  const search = request as { query: string; code?: string; verify?: boolean };
  // The owner looking at their own portal (View Portal from Client Management) sees the card without a code: a code
  // would be e-mailed to the client, who asked for nothing; the owner sees all their clients in the app anyway.
  if (search.verify || (settings.config.requireVerification && !a.ownersLook)) return answerVerification(a, matches, search.code);
  return answerSearch(a, matches, kind);
}

function storedEstimateOf(row: LookupRow): StoredEstimate | null {
  if (row.estimateLikely === null || row.estimateLow === null || row.estimateHigh === null || row.estimateBasis === null) return null;
  return { likely: row.estimateLikely, low: row.estimateLow, high: row.estimateHigh, basis: row.estimateBasis, reason: row.estimateReason };
}

/** The card showed an estimate whose date the client has not seen yet: what it saw is recorded (the slip reasons). */
async function noteEstimateSeen(ctx: Pick<LookupCtx, 'db' | 'clock'>, portalId: string, row: LookupRow, shown: ClientCard, workload: WorkloadSettings): Promise<void> {
  const estimate = shown.estimate;
  if (!estimate || estimate.likely === row.estimateSeenLikely || row.queuePosition === null) return;
  await markEstimateSeen(ctx.db, { portalId, clientId: row.clientId!, likely: estimate.likely, position: row.queuePosition, basis: estimate.basis }, workload, ctx.clock.now());
}

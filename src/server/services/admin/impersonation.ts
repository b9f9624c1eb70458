import { getCurrentAdapter, runWithTransaction } from '@better-auth/core/context';
import type { Auth } from '../../auth/create-auth';
import { currentRequestContext } from '../../lib/request-context';
import type { ActivityInput } from '../activity/record-activity';

/** What the route passes on: the operator's (or the impersonated session's) request headers and the audit row. */
interface SessionChange {
  auth: Auth;
  headers: Headers;
  audit: ActivityInput;
}

type AuthResult = { headers: Headers | null };

/**
 * Runs a better-auth session change (start or stop an impersonation) and writes its audit row in ONE database
 * transaction: better-auth's own transaction (runWithTransaction), which its adapter calls join, and the audit
 * row goes through the same transaction adapter (the activity model is registered with better-auth in
 * create-auth.ts for this). If the audit row cannot be written, the session change rolls back and no cookie is
 * returned, so there is never an impersonation (or a return from one) without its row; and a refused change writes
 * no row. (PGlite rule: nothing in here may use the outer db handle, only the transaction adapter.)
 */
async function withAudit(change: SessionChange, call: () => Promise<AuthResult>): Promise<Headers | null> {
  const authContext = await change.auth.$context;
  return runWithTransaction(authContext.adapter, async () => {
    const result = await call();
    const adapter = await getCurrentAdapter(authContext.adapter);
    const a = change.audit;
    await adapter.create({
      model: 'activityEvent',
      data: {
        type: a.type,
        actorUserId: a.actorUserId ?? null,
        businessId: a.businessId ?? null,
        ipAddress: a.ipAddress ?? null,
        detail: a.detail ?? {},
        createdAt: new Date(),
      },
    });
    // This row names the operator: no generic one after the answer (plugins/impersonation-audit.ts).
    const context = currentRequestContext();
    if (context) context.operatorAudited = true;
    return result.headers;
  });
}

/** 'Login as this business': the impersonation session and its 'admin.impersonation_started' row, together. */
export function startImpersonation(change: SessionChange & { userId: string }): Promise<Headers | null> {
  return withAudit(change, () =>
    change.auth.api.impersonateUser({ body: { userId: change.userId }, headers: change.headers, returnHeaders: true }),
  );
}

/** 'Back to admin': the impersonation session ends, the operator's comes back, and 'admin.impersonation_stopped' is written, together. */
export function stopImpersonation(change: SessionChange): Promise<Headers | null> {
  return withAudit(change, () => change.auth.api.stopImpersonating({ headers: change.headers, returnHeaders: true }));
}

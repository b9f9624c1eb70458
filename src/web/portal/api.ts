// The portal page's calls to /api/public/portals/*, with plain fetch (no query library: the page is its own small
// bundle). The answer types are inferred from the schemas the server validates them with (src/core/api/public-portal.ts).

import { MAINTENANCE_ERROR } from '@core/api/error-codes';
import type { CodeSent, LookupAnswer, PublicPortal } from '@core/api/public-portal';
import type { MaintenanceState } from '@core/api/system';

export type { ClientCard, LookupAnswer, PublicPortal, PublicPortalConfig, StatusClass } from '@core/api/public-portal';

export type LookupResult =
  | { kind: 'card'; answer: LookupAnswer }
  | { kind: 'code_sent'; message: string; demoCode?: string }
  | { kind: 'error'; status: number; code: string; message: string };

export type LookupBody = { query: string; code?: string; verify?: boolean } | { token: string } | { session: string };

export const base = (portalId: string) => `/api/public/portals/${encodeURIComponent(portalId)}`;

/** An answer that is not the expected one: its status, code and message (when the server sent our error shape). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function readError(res: Response): Promise<ApiError> {
  try {
    const body = (await res.json()) as { error?: { code?: string; message?: string } };
    return new ApiError(res.status, body.error?.code ?? 'error', body.error?.message ?? '');
  } catch {
    return new ApiError(res.status, 'error', '');
  }
}

/** The portal's public configuration; null when there is no such portal. Throws on other failures. */
export async function fetchPortal(portalId: string, signal?: AbortSignal): Promise<PublicPortal | null> {
  const res = await fetch(base(portalId), { headers: { accept: 'application/json' }, signal });
  if (res.status === 404) return null;
  if (!res.ok) throw await readError(res);
  return (await res.json()) as PublicPortal;
}

export type { MaintenanceState } from '@core/api/system';

/** GET /api/public/maintenance: whether the platform is in maintenance; null when that cannot be told (network failure, odd answer). */
export async function fetchMaintenance(signal?: AbortSignal): Promise<MaintenanceState | null> {
  try {
    const res = await fetch('/api/public/maintenance', { headers: { accept: 'application/json' }, signal, cache: 'no-store' });
    if (!res.ok) return null;
    return (await res.json()) as MaintenanceState;
  } catch {
    return null;
  }
}

/** True for the platform's maintenance answer (503 'maintenance'), which the page shows as its maintenance page. */
export const isMaintenance = (e: { status: number; code: string }) => e.status === 503 && e.code === MAINTENANCE_ERROR;

function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
}

/** One lookup. Network failures and server errors come back as an error result with status 0 or 5xx. */
export async function lookup(portalId: string, body: LookupBody): Promise<LookupResult> {
  let res: Response;
  try {
    res = await post(`${base(portalId)}/lookup`, body);
  } catch {
    return { kind: 'error', status: 0, code: 'network', message: '' };
  }
  if (res.status === 200) return { kind: 'card', answer: (await res.json()) as LookupAnswer };
  if (res.status === 202) {
    const body = (await res.json()) as CodeSent;
    return { kind: 'code_sent', message: body.message, demoCode: body.demoCode };
  }
  const err = await readError(res);
  return { kind: 'error', status: err.status, code: err.code, message: err.message };
}

/** Sends the client's update; resolves when stored. */
export async function sendUpdate(portalId: string, session: string, message: string): Promise<void> {
  let res: Response;
  try {
    res = await post(`${base(portalId)}/updates`, { session, message });
  } catch {
    throw new ApiError(0, 'network', '');
  }
  if (res.status !== 201) throw await readError(res);
}

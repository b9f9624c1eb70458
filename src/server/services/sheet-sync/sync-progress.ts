// Progress of running syncs in this process, for the UI to poll (GET .../syncs). The run row in the database gets
// the same figures at phase changes (and, on PostgreSQL, while writing), so another instance can show them too.

/** 'committing': the embedded database applies, in steps, rows staged while 'writing' (staged-apply.ts). */
export type SyncPhase = 'fetching' | 'reading' | 'checking' | 'writing' | 'committing' | 'done';

export interface SyncProgress {
  phase: SyncPhase;
  rowsProcessed: number;
  rowsTotal: number;
}

const running = new Map<string, SyncProgress>();
const listeners = new Set<(runId: string, progress: SyncProgress) => void>();

export function setSyncProgress(runId: string, progress: SyncProgress): void {
  running.set(runId, progress);
  for (const listener of listeners) listener(runId, progress);
}

/** Calls `listener` on every progress step of every run in this process (tests, benchmarks). Returns an unsubscribe. */
export function onSyncProgress(listener: (runId: string, progress: SyncProgress) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSyncProgress(runId: string): SyncProgress | undefined {
  return running.get(runId);
}

export function clearSyncProgress(runId: string): void {
  running.delete(runId);
}

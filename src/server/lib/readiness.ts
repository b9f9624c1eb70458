/**
 * Whether this instance should be sent traffic (GET /api/health/ready): the database answers and has every
 * migration this code knows (checked by the route), nothing holds it back, and it is not shutting down. A load
 * balancer polls it and stops sending to an instance that answers 503, so a shutting-down instance drains before
 * it closes (main.ts), and one still recovering after a crash is not sent work it cannot do yet.
 */
export interface Readiness {
  /** From now on the instance answers "not ready" (it is going away); requests are still served meanwhile. */
  startDraining(): void;
  readonly draining: boolean;
  /**
   * Holds the instance "not ready" with a reason (shown by the ready probe) until the returned function is called,
   * e.g. while recovery after a crash runs in the background. Releasing twice is harmless.
   */
  hold(reason: string): () => void;
  /** Why the instance is held back right now (empty when nothing holds it). */
  holds(): string[];
}

export function createReadiness(): Readiness {
  let draining = false;
  const held = new Map<number, string>();
  let next = 0;
  return {
    startDraining() {
      draining = true;
    },
    get draining() {
      return draining;
    },
    hold(reason) {
      const id = next++;
      held.set(id, reason);
      return () => void held.delete(id);
    },
    holds() {
      return [...held.values()];
    },
  };
}

import type { Logger } from 'pino';

/**
 * Work a request starts but does not wait for (decision 0021): e-mails and account writes whose time must not show
 * in the answer, so that how long a request takes says nothing about whether an address has an account or matched
 * a client. The work starts on the next turn of the event loop, once the answer is on its way; a failure is logged.
 */
export interface AfterAnswer {
  /** Runs `work` after the current answer; `label` names it in the log when it fails. */
  run(label: string, work: () => Promise<unknown>): void;
  /** Resolves once every piece of work started so far has finished (shutdown, tests). */
  settled(): Promise<void>;
}

export function createAfterAnswer(logger: Logger): AfterAnswer {
  const pending = new Set<Promise<void>>();
  return {
    run(label, work) {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(
          () => undefined,
          (err: unknown) => logger.error({ err, work: label }, 'work after the answer failed'),
        )
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

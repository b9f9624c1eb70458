import type { FastifyInstance } from 'fastify';
import { recheckDomains } from '../services/custom-domains/recheck-domains';

/** How often an instance looks for names due their daily re-check. */
export const DOMAIN_RECHECK_PASS_MS = 15 * 60_000;

/** Runs the custom domains' daily re-check pass every 15 minutes (not under NODE_ENV=test: tests call it). */
export function scheduleDomainRecheck(app: FastifyInstance) {
  if (app.ctx.env.NODE_ENV === 'test') return;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const pass = async () => {
    if (running) return;
    running = true;
    try {
      await recheckDomains(app.ctx);
    } catch (err) {
      app.log.warn({ err }, 'custom domain re-check failed');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void pass(), DOMAIN_RECHECK_PASS_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}

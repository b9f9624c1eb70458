import { lazy, Suspense } from 'react';
import type { LookupAnswer } from './api';
import { CardView, refreshClass } from './card-view';
import { RefreshIcon, SpinnerIcon } from './icons';

// The update section and the card's switches come after the card: loaded on their own, outside the page's first JS budget.
const CardActions = lazy(() => import('./card-actions').then((m) => ({ default: m.CardActions })));

interface Props {
  portalId: string;
  answer: LookupAnswer;
  refreshing: boolean;
  onRefresh: () => void;
  onVerifyForUpdate: () => void;
  verifying: boolean;
}

/**
 * The result card (spec 2.17): name, e-mail, refresh, status badge, queue position, estimated completion, due
 * date, workload insights, notes, and the optional update section. A part the portal hides is absent from the
 * answer, and so from the card.
 */
export function ResultCard({ portalId, answer, refreshing, onRefresh, onVerifyForUpdate, verifying }: Props) {
  return (
    <CardView
      client={answer.client}
      mode="page"
      refresh={
        <button
          type="button"
          onClick={onRefresh}
          disabled={refreshing}
          aria-label="Refresh"
          title="Refresh"
          className={`${refreshClass} hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--portal-ring)] disabled:opacity-60`}
        >
          {refreshing ? <SpinnerIcon className="size-5" /> : <RefreshIcon className="size-5" />}
        </button>
      }
      updates={
        <Suspense fallback={null}>
          <CardActions portalId={portalId} answer={answer} onVerifyForUpdate={onVerifyForUpdate} verifying={verifying} />
        </Suspense>
      }
    />
  );
}


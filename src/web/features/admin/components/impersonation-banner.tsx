import { UserCheckIcon } from 'lucide-react';
import { Spinner } from '@web/components/spinner';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { useStopImpersonating } from '../api/impersonation';

/** Shown in the business app while an operator is signed in as the business (audited), with the way back. */
export function ImpersonationBanner({ companyName }: { companyName?: string | null }) {
  const stop = useStopImpersonating();
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-100 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm sm:px-6 lg:px-8">
        <p className="flex items-center gap-2">
          <UserCheckIcon aria-hidden="true" className="size-4 shrink-0" />
          <span>
            You are signed in as <strong>{companyName || 'this business'}</strong> from the back office. Everything you do is logged.
          </span>
        </p>
        <div className="flex items-center gap-2">
          {stop.isError ? <span className="text-red-800 dark:text-red-300">{errorMessage(stop.error)}</span> : null}
          <Button size="sm" variant="outline" className="border-amber-400 bg-white/60 dark:bg-black/30" onClick={() => stop.mutate()} disabled={stop.isPending}>
            {stop.isPending ? <Spinner /> : null} Back to admin
          </Button>
        </div>
      </div>
    </div>
  );
}

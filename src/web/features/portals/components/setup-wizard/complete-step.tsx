import { AlertTriangleIcon, CheckCircle2Icon, ExternalLinkIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { paths } from '@web/lib/paths';
import type { ImportReport } from '../../api/types';
import { formatCount } from '../../lib/format';
import { RunDetails } from '../sync-history';

/** Step 4: what the import did, and where to go next. */
export function CompleteStep({ report, portalId, onDone }: { report: ImportReport | null; portalId: string; onDone: () => void }) {
  // Connected, but no row became a client (an empty sheet, or no row with an e-mail): say so instead of a success.
  const noClients = report !== null && report.imported + report.updated + report.restored + report.unchanged === 0;
  return (
    <div className="space-y-5">
      <div className="flex items-start gap-3">
        {noClients ? (
          <AlertTriangleIcon aria-hidden="true" className="size-8 shrink-0 text-amber-600 dark:text-amber-400" />
        ) : (
          <CheckCircle2Icon aria-hidden="true" className="size-8 shrink-0 text-success" />
        )}
        <div>
          <h3 className="text-lg font-semibold">{noClients ? 'Connected, but no clients yet' : 'Setup Complete'}</h3>
          <p className="text-sm text-muted-foreground">
            {noClients
              ? report.skipped > 0
                ? 'No row became a client: each needs an e-mail address (see the skipped rows below). Fix the sheet; the next sync brings them in.'
                : 'The sheet has its headers but no client rows yet. Add your clients to it; the next sync brings them in.'
              : 'Your portal now shows your clients’ status, queue position and estimated completion.'}
          </p>
        </div>
      </div>
      {report ? (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-label="Import report">
            {(
              [
                ['Rows read', report.rowsRead],
                ['New', report.imported],
                ['Updated', report.updated + report.restored],
                ['Unchanged', report.unchanged],
                ['Skipped', report.skipped],
                ['Removed', report.removed],
              ] as const
            ).map(([label, n]) => (
              <div key={label} className="rounded-lg border border-border p-3">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="text-xl font-semibold tabular-nums">{formatCount(n)}</dd>
              </div>
            ))}
          </dl>
          <RunDetails run={report} />
        </>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to={paths.app.portals}>View Clients</Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to={paths.app.configurator}>Customize Portal</Link>
        </Button>
        <Button variant="outline" asChild>
          <a href={paths.portal(portalId)} target="_blank" rel="noopener noreferrer">
            Open Portal <ExternalLinkIcon aria-hidden="true" />
          </a>
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

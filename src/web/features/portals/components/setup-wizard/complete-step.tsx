import { CheckCircle2Icon, ExternalLinkIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { paths } from '@web/lib/paths';
import type { ImportReport } from '../../api/types';
import { formatCount } from '../../lib/format';
import { RunDetails } from '../sync-history';

/** Step 4: what the import did, and where to go next. */
export function CompleteStep({ report, portalId, onDone }: { report: ImportReport | null; portalId: string; onDone: () => void }) {
  return (
    <div className="space-y-5">
      <div className="flex items-start gap-3">
        <CheckCircle2Icon aria-hidden="true" className="size-8 shrink-0 text-success" />
        <div>
          <h3 className="text-lg font-semibold">Setup Complete</h3>
          <p className="text-sm text-muted-foreground">Your portal now shows your clients&rsquo; status, queue position and estimated completion.</p>
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

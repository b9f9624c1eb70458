import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { useBusinessTimeZone } from '@web/features/auth/api/use-me';
import { paths } from '@web/lib/paths';
import type { Portal } from '../api/types';
import { formatDateTime } from '../lib/format';
import { lastSyncFailed } from '../lib/sync-state';

/**
 * A failed sync, shown where the owner looks every day (Dashboard, Client Management), not only on the set-up
 * page: an automatic sync that keeps failing (a sheet made private, a column renamed) would otherwise go unseen
 * while clients see older data.
 */
export function SyncProblemNotice({ portal }: { portal: Portal }) {
  const timeZone = useBusinessTimeZone();
  if (!lastSyncFailed(portal)) return null;
  const { lastError, lastErrorAt, lastSyncedAt } = portal.sync;
  return (
    <Alert variant="destructive" className="mb-6">
      <AlertTitle>The last sync failed{lastErrorAt ? ` (${formatDateTime(lastErrorAt, timeZone)})` : ''}</AlertTitle>
      <AlertDescription>
        <p>{lastError}</p>
        <p className="mt-1">
          {lastSyncedAt ? `Your clients see the data of the last good sync, ${formatDateTime(lastSyncedAt, timeZone)}.` : 'No sync has applied yet.'}{' '}
          <Link to={paths.app.sheetsSetup} className="font-medium underline underline-offset-4">
            See the data source
          </Link>
        </p>
      </AlertDescription>
    </Alert>
  );
}

import { useQuery } from '@tanstack/react-query';
import { FileSpreadsheetIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { PageTitle } from '@web/components/page-title';
import { LoadError } from '@web/components/load-error';
import { LoadingState } from '@web/components/spinner';
import { useCurrentPortal } from '@web/features/dashboard/api/portals';
import { portalQueryOptions } from '@web/features/portals/api/portal';
import { portalsQueryOptions } from '@web/features/portals/api/portals';
import type { PortalDetail } from '@web/features/portals/api/types';
import { useCreatePortal } from '@web/features/portals/api/use-create-portal';
import { PortalNameForm, PortalsPanel } from '@web/features/portals/components/portals-panel';
import { SetupWizard, type WizardIntent } from '@web/features/portals/components/setup-wizard/setup-wizard';
import { SourceCard } from '@web/features/portals/components/source-card';
import { SyncHistory } from '@web/features/portals/components/sync-history';
import { errorMessage } from '@web/lib/api-client';

/** /app/sheets-setup and /app/setup: the business's portals, the sheet set-up wizard, the source and its syncs. */
export function SheetsSetupPage() {
  const [params, setParams] = useSearchParams();
  const current = useCurrentPortal();
  const { choose } = current;
  const list = useQuery(portalsQueryOptions());
  const fromUrl = params.get('portal');
  const portals = list.data?.portals ?? [];
  // A ?portal= link chooses the app's current portal once (the choice the header's switcher shows too).
  useEffect(() => {
    if (!fromUrl || !list.isSuccess) return;
    if (portals.some((p) => p.portalId === fromUrl)) choose(fromUrl);
    setParams({}, { replace: true });
  }, [fromUrl, list.isSuccess, portals, choose, setParams]);
  const selectedId = current.portal?.portalId ?? portals[0]?.portalId ?? null;
  const select = (portalId: string) => choose(portalId);

  return (
    <>
      <PageTitle title="Google Sheets Setup" />
      <PageHeader title="Google Sheets Setup" description="Connect the spreadsheet that holds your client list, or upload it as a CSV file." />
      <div className="space-y-6">
        {list.isPending ? <LoadingState label="Loading your portals..." /> : null}
        {list.isError ? <LoadError title="Could not load your portals" error={list.error} onRetry={() => list.refetch()} /> : null}
        {list.isSuccess && portals.length === 0 ? <FirstPortal /> : null}
        {list.isSuccess && portals.length > 0 ? <PortalsPanel currentId={selectedId} onSelect={select} /> : null}
        {selectedId ? <PortalSource key={selectedId} portalId={selectedId} /> : null}
      </div>
    </>
  );
}

function FirstPortal() {
  const create = useCreatePortal();
  return (
    <EmptyState
      icon={FileSpreadsheetIcon}
      title="Create Your First Portal"
      description="A portal is the page where your clients look up their project status. Name it (e.g. the office or service it is for), then connect your client sheet to it."
    >
      <div className="w-full max-w-sm">
        <PortalNameForm submitLabel="Create Portal" pending={create.isPending} error={create.isError ? errorMessage(create.error) : undefined} onSubmit={(name) => create.mutate(name)} />
      </div>
    </EmptyState>
  );
}

function PortalSource({ portalId }: { portalId: string }) {
  const portal = useQuery(portalQueryOptions(portalId));
  if (portal.isPending) return <LoadingState label="Loading the portal..." />;
  if (portal.isError) return <LoadError title="Could not load the portal" error={portal.error} onRetry={() => portal.refetch()} />;
  return <SourceOrWizard portal={portal.data} />;
}

function SourceOrWizard({ portal }: { portal: PortalDetail }) {
  const hasSource = portal.source.type !== 'none';
  // The wizard stays open through its last step even once the source exists; a portal without one opens it.
  const [intent, setIntent] = useState<WizardIntent | null>(hasSource ? null : { kind: 'new' });
  useEffect(() => {
    if (!hasSource && intent === null) setIntent({ kind: 'new' });
  }, [hasSource, intent]);

  if (intent) {
    return (
      <SetupWizard
        key={intent.kind}
        portal={portal}
        intent={intent}
        onClose={hasSource ? () => setIntent(null) : undefined}
      />
    );
  }
  return (
    <div className="grid gap-6 lg:grid-cols-5">
      <div className="min-w-0 lg:col-span-3">
        <SourceCard
          portal={portal}
          onChangeMapping={() =>
            setIntent(
              portal.source.type === 'google_sheet'
                ? { kind: 'change-mapping', sheetUrl: portal.source.sheetUrl ?? '', gid: portal.source.gid }
                : { kind: 'remap-file' },
            )
          }
          onReplace={() => setIntent(portal.source.type === 'csv_upload' ? { kind: 'upload' } : { kind: 'new' })}
        />
      </div>
      <div className="min-w-0 lg:col-span-2">
        <SyncHistory portalId={portal.portalId} />
      </div>
    </div>
  );
}

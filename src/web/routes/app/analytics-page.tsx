import { BarChart3Icon } from 'lucide-react';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { PageTitle } from '@web/components/page-title';
import { ConnectSheetButton } from './connect-sheet-button';

// Built by a later issue; until then an honest empty state: what will be here, and that no data source is connected yet.

/** /app/analytics */
export function AnalyticsPage() {
  return (
    <>
      <PageTitle title="Analytics" />
      <PageHeader title="Analytics" description="How your client projects are progressing." />
      <EmptyState
        icon={BarChart3Icon}
        title="No Data Source Connected"
        description="Completion rate, status breakdown and project insights will appear here once a Google Sheet is connected. No data source is connected yet."
      >
        <ConnectSheetButton />
      </EmptyState>
    </>
  );
}

import { LayoutTemplateIcon } from 'lucide-react';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { PageTitle } from '@web/components/page-title';
import { ConnectSheetButton } from './connect-sheet-button';

// Built by a later issue; until then an honest empty state: what will be here, and that no data source is connected yet.

/** /app/template-config (not in the navigation) */
export function TemplateConfigPage() {
  return (
    <>
      <PageTitle title="Template Configurator" />
      <PageHeader title="Template Configurator" description="A preview editor for your portal's look." />
      <EmptyState
        icon={LayoutTemplateIcon}
        title="Nothing to Preview Yet"
        description="A live preview of your portal template will be here once a Google Sheet is connected. No data source is connected yet."
      >
        <ConnectSheetButton />
      </EmptyState>
    </>
  );
}

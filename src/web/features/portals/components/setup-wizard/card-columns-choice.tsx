import { useState } from 'react';
import type { ClientCard } from '@core/api/public-portal';
import { cardColumns, cardColumnsSentence, type CardColumnConfig, type CardColumnSetting } from '@core/card-columns';
import type { ColumnMapping, MappingField } from '@core/columns';
import type { PortalConfig } from '@core/portal-config';
import { parseSheetDate } from '@core/sheet-values';
import { classifyStatus, portalStatusBadge } from '@core/status';
import { Checkbox } from '@web/components/ui/checkbox';
import { errorMessage } from '@web/lib/api-client';
import { CardView } from '@web/portal/card-view';
import { useUpdatePortal } from '../../api/use-update-portal';

const settingOf = (config: PortalConfig): CardColumnConfig => ({ showPriority: config.showPriority, showDueDate: config.showDueDate, showNotes: config.showNotes });

/**
 * The card a client would see for one data row under this mapping and these settings: what the server would send
 * (hidden columns absent). The queue position and the estimate are worked out by the import, so the sample shows
 * where they go without a figure.
 */
export function sampleCard(row: readonly string[], mapping: ColumnMapping, config: CardColumnConfig & Pick<PortalConfig, 'showEstimatedCompletion'>, dateOrder: 'mdy' | 'dmy'): ClientCard {
  const cell = (field: MappingField) => (mapping[field] === undefined ? '' : (row[mapping[field]] ?? '').trim());
  const status = cell('status');
  const card: ClientCard = { name: cell('name'), email: cell('email'), status, statusClass: classifyStatus(status), badge: portalStatusBadge(status), queueState: null, insights: null };
  if (config.showPriority) card.position = null;
  if (config.showEstimatedCompletion) card.estimatedCompletion = null;
  if (config.showDueDate && mapping.date !== undefined) {
    const parsed = parseSheetDate(cell('date'), dateOrder);
    card.dueDate = parsed.ok ? parsed.date : cell('date') || null;
  }
  if (config.showNotes && mapping.notes !== undefined) card.notes = cell('notes');
  return card;
}

/**
 * Map Columns' "What your clients see": which mapped columns reach a client's card, a switch for each optional one
 * (saved to the portal at once: the portal answers with the new choice from the next lookup), and the card itself
 * for the first data row.
 */
export function CardColumnsChoice(props: { portalId: string; config: PortalConfig; mapping: ColumnMapping; row: readonly string[] | undefined; dateOrder: 'mdy' | 'dmy' }) {
  const update = useUpdatePortal(props.portalId);
  const [chosen, setChosen] = useState<CardColumnConfig>(() => settingOf(props.config));
  const columns = cardColumns(props.mapping, chosen);
  const choose = (setting: CardColumnSetting, on: boolean) => {
    const before = chosen;
    setChosen({ ...chosen, [setting]: on });
    update.mutate({ config: { [setting]: on } }, { onError: () => setChosen(before) });
  };
  return (
    <section aria-labelledby="card-columns-title" className="space-y-3 rounded-lg border border-border p-4">
      <h3 id="card-columns-title" className="text-sm font-semibold">
        What your clients see
      </h3>
      <p className="text-sm text-muted-foreground" data-testid="card-columns">
        {cardColumnsSentence(columns)} Other columns (the client ID included) never leave StatusLink.
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="space-y-2">
          {columns
            .filter((c) => c.setting !== null)
            .map((c) => (
              <label key={c.field} className="flex items-center gap-2 text-sm">
                <Checkbox checked={c.shown} disabled={update.isPending} onCheckedChange={(on) => choose(c.setting!, on === true)} />
                Show the {c.label} column ({c.shownAs})
              </label>
            ))}
          {update.isError ? <p className="text-sm text-destructive">{errorMessage(update.error)}</p> : null}
          <p className="text-xs text-muted-foreground">Saved as you choose; the Portal Configurator has the same switches.</p>
        </div>
        {props.row ? (
          <div className="@container min-w-0" data-testid="map-card-preview" aria-label="Client card preview (first row)" role="region">
            <CardView
              client={sampleCard(props.row, props.mapping, { ...chosen, showEstimatedCompletion: props.config.showEstimatedCompletion }, props.dateOrder)}
              mode="preview"
              refresh={null}
              updates={null}
            />
          </div>
        ) : null}
      </div>
    </section>
  );
}

import { mappingFieldLabels } from './column-remap';
import type { ColumnMapping, MappingField } from './columns';
import type { PortalConfig } from './portal-config';

// Which of the business's columns reach a client's portal card (issue 17 item 7, D3: a client sees only what the
// business means them to see). Name, e-mail and status always; priority (as the queue position), due date and
// notes as the portal's settings say; the client id and every other column never.

/** The portal setting that shows or hides each optional column on the card. */
export const CARD_COLUMN_SETTINGS = { priority: 'showPriority', date: 'showDueDate', notes: 'showNotes' } as const satisfies Partial<
  Record<MappingField, keyof PortalConfig>
>;

export type CardColumnField = keyof typeof CARD_COLUMN_SETTINGS;
export type CardColumnSetting = (typeof CARD_COLUMN_SETTINGS)[CardColumnField];
export type CardColumnConfig = Pick<PortalConfig, CardColumnSetting>;

const ALWAYS: readonly MappingField[] = ['name', 'email', 'status'];
const OPTIONAL: readonly CardColumnField[] = ['priority', 'date', 'notes'];

/** How the card shows a column. */
const SHOWN_AS: Record<MappingField, string> = {
  id: 'never shown',
  name: 'name',
  email: 'e-mail address',
  status: 'status badge',
  priority: 'queue position',
  date: 'due date',
  notes: 'project notes',
};

export interface CardColumn {
  field: MappingField;
  /** The field's name in Map Columns. */
  label: string;
  /** What the card makes of it ("queue position" for the priority). */
  shownAs: string;
  /** The setting that hides it; null for the columns every card shows. */
  setting: CardColumnSetting | null;
  shown: boolean;
}

/** The mapped columns a client's card is built from, in Map Columns' order, and whether each is shown. */
export function cardColumns(mapping: ColumnMapping, config: CardColumnConfig): CardColumn[] {
  const columns: CardColumn[] = [];
  for (const field of ALWAYS) {
    if (mapping[field] !== undefined) columns.push({ field, label: mappingFieldLabels[field], shownAs: SHOWN_AS[field], setting: null, shown: true });
  }
  for (const field of OPTIONAL) {
    if (mapping[field] === undefined) continue;
    const setting = CARD_COLUMN_SETTINGS[field];
    columns.push({ field, label: mappingFieldLabels[field], shownAs: SHOWN_AS[field], setting, shown: config[setting] });
  }
  return columns;
}

/** "Clients see their name, e-mail address, status badge and due date; not: Notes, Priority." for the pages that say it. */
export function cardColumnsSentence(columns: readonly CardColumn[]): string {
  const shown = columns.filter((c) => c.shown).map((c) => c.shownAs);
  const hidden = columns.filter((c) => !c.shown).map((c) => c.label);
  const list = (words: string[]) => (words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);
  const sees = shown.length > 0 ? `Clients see their ${list(shown)}` : 'Clients see nothing of this data';
  return hidden.length > 0 ? `${sees}; hidden from them: ${list(hidden)}.` : `${sees}.`;
}

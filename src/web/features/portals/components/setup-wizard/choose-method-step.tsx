import { FileSpreadsheetIcon, LayoutTemplateIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import type { SetupMethod } from '../../lib/setup-wizard';

/** Step 1: import existing data, or start with the template (spec 2.15). Continue needs a choice. */
export function ChooseMethodStep({ method, onChoose, onContinue }: { method: SetupMethod | null; onChoose: (m: SetupMethod) => void; onContinue: () => void }) {
  return (
    <div className="space-y-6">
      <fieldset>
        <legend className="mb-3 text-base font-semibold">How would you like to start?</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <Choice
            value="import"
            checked={method === 'import'}
            onChoose={onChoose}
            icon={<FileSpreadsheetIcon aria-hidden="true" className="size-6 shrink-0 text-primary" />}
            title="Import existing data"
            text="Connect the Google Sheet with your client list, or upload it as a CSV file."
          />
          <Choice
            value="template"
            checked={method === 'template'}
            onChoose={onChoose}
            icon={<LayoutTemplateIcon aria-hidden="true" className="size-6 shrink-0 text-primary" />}
            title="Start with template"
            text="Get our sheet template with the right columns and five sample clients."
          />
        </div>
      </fieldset>
      <div className="flex justify-end">
        <Button onClick={onContinue} disabled={!method}>
          Continue
        </Button>
      </div>
    </div>
  );
}

function Choice(props: { value: SetupMethod; checked: boolean; onChoose: (m: SetupMethod) => void; icon: ReactNode; title: string; text: string }) {
  const id = `method-${props.value}`;
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex cursor-pointer gap-3 rounded-lg border p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
        props.checked ? 'border-primary bg-accent' : 'border-border hover:bg-muted',
      )}
    >
      <input id={id} type="radio" name="setup-method" value={props.value} checked={props.checked} onChange={() => props.onChoose(props.value)} className="sr-only" />
      {props.icon}
      <span>
        <span className="block font-medium">{props.title}</span>
        <span className="mt-1 block text-sm text-muted-foreground">{props.text}</span>
      </span>
    </label>
  );
}

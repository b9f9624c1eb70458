import { useQuery } from '@tanstack/react-query';
import { CheckIcon, PlusIcon, WorkflowIcon, XIcon } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { addHoliday, removeHoliday, workloadBounds, workloadSettingsSchema, type WorkloadSettings } from '@core/workload-settings';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { PageTitle } from '@web/components/page-title';
import { LoadError } from '@web/components/load-error';
import { LoadingState, Spinner } from '@web/components/spinner';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useCurrentPortal } from '@web/features/dashboard/api/portals';
import { useSaveWorkload, workloadPreviewQueryOptions, workloadQueryOptions, type WorkloadFigures } from '@web/features/workload/api/workload';
import { errorMessage } from '@web/lib/api-client';
import { formatDay } from '@web/lib/date-time';
import { ConnectSheetButton } from './connect-sheet-button';

/** 'Saved!' shows this long (spec 9). */
const SAVED_MS = 3000;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** /app/workload (spec 2.15, 5, 9). */
export function WorkloadPage() {
  const current = useCurrentPortal();
  const portal = current.portal;
  return (
    <>
      <PageTitle title="Workload Management" />
      <PageHeader title="Workload Management" description="Capacity and working days behind estimated completion dates." />
      {current.query.isPending ? (
        <LoadingState />
      ) : current.query.isError ? (
        <LoadError title="Could not load your portals" error={current.query.error} onRetry={() => current.query.refetch()} />
      ) : !portal || !current.hasSource ? (
        <EmptyState
          icon={WorkflowIcon}
          title="Connect Google Sheets First"
          description="Project duration, daily capacity, working days and holidays are set here once your client sheet is connected. No data source is connected yet."
        >
          <ConnectSheetButton />
        </EmptyState>
      ) : (
        <WorkloadLoader portalId={portal.portalId} />
      )}
    </>
  );
}

function WorkloadLoader({ portalId }: { portalId: string }) {
  const saved = useQuery(workloadQueryOptions(portalId));
  if (saved.isPending) return <LoadingState label="Loading workload..." />;
  if (saved.isError)
    return <LoadError title="Could not load the workload" error={saved.error} onRetry={() => saved.refetch()} />;
  return <WorkloadForm portalId={portalId} initial={saved.data.settings} />;
}

function useDebounced<T>(value: T, ms = 400): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

function WorkloadForm({ portalId, initial }: { portalId: string; initial: WorkloadSettings }) {
  const [draft, setDraft] = useState<WorkloadSettings>(initial);
  const [holiday, setHoliday] = useState('');
  const [saved, setSaved] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const save = useSaveWorkload(portalId);
  const parsed = workloadSettingsSchema.safeParse(draft);
  const valid = parsed.success ? parsed.data : null;
  const previewFor = useDebounced(valid);
  const preview = useQuery(workloadPreviewQueryOptions(portalId, previewFor));
  const dirty = JSON.stringify(valid) !== JSON.stringify(initial);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const errors = new Map<string, string>();
  if (!parsed.success) for (const issue of parsed.error.issues) errors.set(String(issue.path[0]), issue.message);

  const set = <K extends keyof WorkloadSettings>(key: K, value: WorkloadSettings[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const num = (value: string) => (value === '' ? Number.NaN : Number(value));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    save.mutate(valid, {
      onSuccess: () => {
        setSaved(true);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => setSaved(false), SAVED_MS);
      },
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Capacity</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-3">
            <NumberField id="duration" label="Average duration (days)" value={draft.averageProjectDuration} min={1} max={365} error={errors.get('averageProjectDuration')} onChange={(v) => set('averageProjectDuration', num(v))} />
            <NumberField id="capacity" label="Daily capacity" value={draft.dailyCapacity} min={1} max={20} error={errors.get('dailyCapacity')} onChange={(v) => set('dailyCapacity', num(v))} />
            <NumberField id="buffer" label="Buffer days" value={draft.bufferDays} min={0} max={30} error={errors.get('bufferDays')} onChange={(v) => set('bufferDays', num(v))} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Working Days</CardTitle>
          </CardHeader>
          <CardContent>
            <fieldset>
              <legend className="sr-only">Working days</legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                {WEEKDAYS.map((day, i) => (
                  <label key={day} className="flex items-center gap-2 text-sm">
                    <Checkbox
                      checked={draft.workingDays.includes(i)}
                      onCheckedChange={(on) => set('workingDays', on ? [...draft.workingDays, i].sort((a, b) => a - b) : draft.workingDays.filter((d) => d !== i))}
                    />
                    {day}
                  </label>
                ))}
              </div>
            </fieldset>
            {errors.get('workingDays') ? <p className="mt-2 text-sm text-destructive">{errors.get('workingDays')}</p> : null}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Holidays</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">
            <div className="flex items-end gap-2">
              <div className="flex-1">
                <Label htmlFor="holiday" className="mb-1.5 block">
                  Date
                </Label>
                <Input id="holiday" type="date" value={holiday} onChange={(e) => setHoliday(e.target.value)} />
              </div>
              <Button
                type="button"
                variant="outline"
                disabled={holiday.trim() === '' || draft.holidays.includes(holiday)}
                onClick={() => {
                  set('holidays', addHoliday(draft.holidays, holiday));
                  setHoliday('');
                }}
              >
                <PlusIcon aria-hidden="true" /> Add
              </Button>
            </div>
            {draft.holidays.length === 0 ? (
              <p className="text-sm text-muted-foreground">No holidays.</p>
            ) : (
              <ul className="flex flex-wrap gap-2" aria-label="Holidays">
                {draft.holidays.map((h) => (
                  <li key={h} className="flex items-center gap-1 rounded-full border border-border py-0.5 pl-3 pr-1 text-sm">
                    {formatDay(h)}
                    <button type="button" className="rounded-full p-1 hover:bg-muted" aria-label={`Remove ${formatDay(h)}`} onClick={() => set('holidays', removeHoliday(draft.holidays, h))}>
                      <XIcon aria-hidden="true" className="size-3.5" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Priority Multipliers</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-3">
            {(['high', 'medium', 'low'] as const).map((k) => (
              <NumberField
                key={k}
                id={`multiplier-${k}`}
                label={`${k[0]!.toUpperCase()}${k.slice(1)} priority`}
                value={draft.priorityMultiplier[k]}
                min={workloadBounds.multiplier.min}
                max={workloadBounds.multiplier.max}
                step={workloadBounds.multiplier.step}
                onChange={(v) => set('priorityMultiplier', { ...draft.priorityMultiplier, [k]: num(v) })}
              />
            ))}
            {errors.get('priorityMultiplier') ? <p className="text-sm text-destructive sm:col-span-3">{errors.get('priorityMultiplier')}</p> : null}
          </CardContent>
        </Card>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={!valid || save.isPending || !dirty}>
            {save.isPending ? <Spinner /> : null} Save Settings
          </Button>
          <span aria-live="polite" className="flex items-center gap-1 text-sm font-medium text-green-700 dark:text-green-400">
            {saved ? (
              <>
                <CheckIcon aria-hidden="true" className="size-4" /> Saved!
              </>
            ) : null}
          </span>
          {save.isError ? <span className="text-sm text-destructive">{errorMessage(save.error)}</span> : null}
        </div>
      </div>

      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Capacity Overview</CardTitle>
          </CardHeader>
          <CardContent>
            {preview.data ? <Figures figures={preview.data.proposed} /> : preview.isError ? <p className="text-sm text-destructive">{errorMessage(preview.error)}</p> : <LoadingState className="p-4" />}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Queue Preview</CardTitle>
          </CardHeader>
          <CardContent className="text-sm">
            {!preview.data ? (
              <LoadingState className="p-4" />
            ) : preview.data.queue.length === 0 ? (
              <p className="text-muted-foreground">No clients are waiting in the queue.</p>
            ) : (
              <>
                <p className="mb-3 text-muted-foreground" data-testid="changed-estimates">
                  {dirty ? `${preview.data.changedEstimates} estimated completion ${preview.data.changedEstimates === 1 ? 'date changes' : 'dates change'} with these settings.` : 'Estimated completion dates with the saved settings.'}
                </p>
                <div className="overflow-x-auto">
                  <table className="w-full">
                    <thead className="text-left text-xs uppercase text-muted-foreground">
                      <tr>
                        <th scope="col" className="py-1 pr-2">
                          #
                        </th>
                        <th scope="col" className="py-1 pr-2">
                          Client
                        </th>
                        <th scope="col" className="py-1 pr-2">
                          Now
                        </th>
                        <th scope="col" className="py-1">
                          New
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-border">
                      {preview.data.queue.map((q) => (
                        <tr key={q.clientId}>
                          <td className="py-1.5 pr-2 tabular-nums">{q.position}</td>
                          <td className="max-w-[5rem] truncate py-1.5 pr-2 sm:max-w-[10rem]">{q.name}</td>
                          <td className="whitespace-nowrap py-1.5 pr-2 tabular-nums">{formatDay(q.currentEstimate)}</td>
                          {/* text-link, not text-primary: the button blue is 3.5:1 on a dark card, under AA for text. */}
                          <td className={`whitespace-nowrap py-1.5 tabular-nums ${q.proposedEstimate !== q.currentEstimate ? 'font-semibold text-link' : ''}`}>{formatDay(q.proposedEstimate)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            )}
          </CardContent>
        </Card>
      </div>
    </form>
  );
}

function NumberField({
  id,
  label,
  value,
  min,
  max,
  step = 1,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <Label htmlFor={id} className="mb-1.5 block">
        {label}
      </Label>
      <Input id={id} type="number" inputMode="decimal" min={min} max={max} step={step} value={Number.isNaN(value) ? '' : value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} />
      <p className="mt-1 text-xs text-muted-foreground">
        {min} to {max}
      </p>
      {error ? <p className="mt-1 text-sm text-destructive">{error}</p> : null}
    </div>
  );
}

const bandClass: Record<WorkloadFigures['capacityBand'], string> = {
  green: 'text-green-700 dark:text-green-400',
  yellow: 'text-amber-700 dark:text-amber-400',
  red: 'text-red-700 dark:text-red-400',
};
const barClass: Record<WorkloadFigures['capacityBand'], string> = {
  green: 'bg-green-600',
  yellow: 'bg-amber-500',
  red: 'bg-red-600',
};

function Figures({ figures }: { figures: WorkloadFigures }) {
  return (
    <div className="space-y-4 text-sm">
      <div>
        <div className="flex items-baseline justify-between">
          <span>Capacity utilisation</span>
          <span className={`text-2xl font-bold tabular-nums ${bandClass[figures.capacityBand]}`} data-testid="utilisation">
            {figures.capacityUtilisation}%
          </span>
        </div>
        <div className="mt-2 h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
          <div className={`h-full ${barClass[figures.capacityBand]}`} style={{ width: `${Math.min(100, figures.capacityUtilisation)}%` }} />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3">
        <div>
          <dt className="text-muted-foreground">Active projects</dt>
          <dd className="text-lg font-semibold tabular-nums">{figures.activeProjects}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Estimated days</dt>
          <dd className="text-lg font-semibold tabular-nums">{figures.estimatedDays}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-muted-foreground">Next available date</dt>
          <dd className="text-lg font-semibold" data-testid="next-available">{formatDay(figures.nextAvailableDate)}</dd>
        </div>
      </dl>
    </div>
  );
}

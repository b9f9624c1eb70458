import { TriangleAlertIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { plans, type PlanId } from '@core/plans';
import { calculateRoi, clampRoiValue, roiDefaults, roiRanges, type RoiPeriodFigures } from '@core/roi';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';
import { paths, signupWithPlan } from '@web/lib/paths';
import { formatCount, formatHours, formatMoney, formatPercent } from '../lib/format';

type Field = keyof typeof roiRanges;

const fields: { key: Field; label: string; unit?: string; step?: number }[] = [
  { key: 'hourlyCost', label: 'Hourly cost of staff time', unit: '$ per hour' },
  { key: 'teamSize', label: 'Team members answering status questions', unit: 'people' },
  { key: 'activeClients', label: 'Active clients', unit: 'clients' },
  { key: 'updatesPerClient', label: 'Status updates per client per month', unit: 'per month' },
  { key: 'minutesPerUpdate', label: 'Minutes per status update', unit: 'minutes' },
  { key: 'reductionPercent', label: 'Expected reduction in status requests', unit: '%' },
];

type Values = Record<Field, number>;
const initialValues: Values = {
  hourlyCost: roiDefaults.hourlyCost,
  teamSize: roiDefaults.teamSize,
  activeClients: roiDefaults.activeClients,
  updatesPerClient: roiDefaults.updatesPerClient,
  minutesPerUpdate: roiDefaults.minutesPerUpdate,
  reductionPercent: roiDefaults.reductionPercent,
};

/** One input: a slider for the usual range and a number entry for the full range (spec 9). */
function RoiField({
  field,
  label,
  unit,
  value,
  onChange,
}: {
  field: Field;
  label: string;
  unit?: string;
  value: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const range = roiRanges[field];
  // What the visitor is typing; committed (clamped) on blur or Enter.
  const [draft, setDraft] = useState<string | null>(null);
  const whole = field !== 'hourlyCost';
  const commit = () => {
    if (draft === null) return;
    const parsed = Number(draft);
    const clamped = clampRoiValue(field, parsed);
    onChange(draft.trim() === '' ? value : whole ? Math.round(clamped) : clamped);
    setDraft(null);
  };
  return (
    <div className="space-y-2">
      <div className="flex items-end justify-between gap-3">
        <Label htmlFor={`${id}-number`} className="leading-snug">
          {label}
        </Label>
        <div className="flex items-center gap-1.5">
          <input
            id={`${id}-number`}
            type="number"
            inputMode="decimal"
            min={range.min}
            max={range.max}
            step={whole ? 1 : 'any'}
            value={draft ?? String(value)}
            onChange={(e) => {
              setDraft(e.target.value);
              const parsed = Number(e.target.value);
              if (e.target.value.trim() !== '' && Number.isFinite(parsed) && parsed >= range.min && parsed <= range.max) {
                onChange(whole ? Math.round(parsed) : parsed);
              }
            }}
            onBlur={commit}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commit();
            }}
            aria-describedby={`${id}-range`}
            className="h-9 w-24 rounded-md border border-input bg-background px-2 text-right text-base text-foreground outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 sm:text-sm"
          />
          {unit ? <span className="w-16 text-xs text-muted-foreground">{unit}</span> : null}
        </div>
      </div>
      <input
        type="range"
        aria-label={`${label} (slider)`}
        min={range.slider.min}
        max={range.slider.max}
        step={1}
        value={Math.min(range.slider.max, Math.max(range.slider.min, value))}
        onChange={(e) => {
          setDraft(null);
          onChange(Number(e.target.value));
        }}
        className="w-full accent-blue-600"
      />
      <p id={`${id}-range`} className="text-xs text-muted-foreground">
        {range.min.toLocaleString('en-US')} to {range.max.toLocaleString('en-US')}
      </p>
    </div>
  );
}

function Figures({ title, figures, period }: { title: string; figures: RoiPeriodFigures; period: 'monthly' | 'annual' }) {
  const rows: [keyof RoiPeriodFigures, string, string][] = [
    ['hoursSpent', 'Hours spent on status updates', `${formatHours(figures.hoursSpent)} h`],
    ['hoursSaved', 'Hours saved', `${formatHours(figures.hoursSaved)} h`],
    ['costSaved', 'Staff cost saved', formatMoney(figures.costSaved)],
    ['planCost', 'Plan cost', formatMoney(figures.planCost)],
    ['netSavings', 'Net savings', formatMoney(figures.netSavings)],
  ];
  return (
    <div className="rounded-lg border border-border bg-background p-4">
      <h4 className="mb-3 font-semibold">{title}</h4>
      <dl className="space-y-2 text-sm">
        {rows.map(([key, label, text]) => (
          <div key={key} className="flex justify-between gap-3">
            <dt className="text-muted-foreground">{label}</dt>
            <dd data-testid={`roi-${period}-${key}`} className={cn('font-medium tabular-nums', key === 'netSavings' && 'font-bold')}>
              {text}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The pricing page's ROI calculator (spec 9): every rule comes from @core/roi. */
export function RoiCalculator() {
  const [values, setValues] = useState<Values>(initialValues);
  const [annualBilling, setAnnualBilling] = useState<boolean>(roiDefaults.annualBilling);
  const [chosenPlan, setChosenPlan] = useState<PlanId | 'suggested'>('suggested');
  const planSelectId = useId();
  const billingId = useId();

  const preview = calculateRoi({ ...values, annualBilling });
  // The enterprise option only exists above 10,000 searches; a choice that disappeared falls back to the suggestion.
  const plan = chosenPlan === 'enterprise' && !preview.showEnterpriseOption ? 'suggested' : chosenPlan;
  const result = plan === 'suggested' ? preview : calculateRoi({ ...values, annualBilling, plan });
  const planOptions: PlanId[] = ['starter', 'professional', 'business', ...(result.showEnterpriseOption ? (['enterprise'] as const) : [])];

  return (
    <div className="grid gap-8 lg:grid-cols-5">
      <div className="space-y-6 lg:col-span-3">
        {fields.map((f) => (
          <RoiField
            key={f.key}
            field={f.key}
            label={f.label}
            unit={f.unit}
            value={values[f.key]}
            onChange={(v) => setValues((prev) => ({ ...prev, [f.key]: v }))}
          />
        ))}
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-center gap-3">
            <Checkbox id={billingId} checked={annualBilling} onCheckedChange={(c) => setAnnualBilling(c === true)} />
            <Label htmlFor={billingId}>Annual billing (20% off)</Label>
          </div>
          <div className="flex items-center gap-2">
            <Label htmlFor={planSelectId}>Compare with</Label>
            <select
              id={planSelectId}
              value={plan}
              onChange={(e) => setChosenPlan(e.target.value as PlanId | 'suggested')}
              className="h-9 rounded-md border border-input bg-background px-2 text-base text-foreground sm:text-sm"
            >
              <option value="suggested">Suggested plan ({plans[preview.suggestedPlan].name})</option>
              {planOptions.map((id) => (
                <option key={id} value={id}>
                  {plans[id].name}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>

      <div className="space-y-4 lg:col-span-2" aria-live="polite">
        <div className="rounded-lg bg-accent p-4 text-accent-foreground">
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt>Monthly searches</dt>
              <dd data-testid="roi-searches" className="text-2xl font-bold tabular-nums">
                {formatCount(result.monthlySearches)}
              </dd>
            </div>
            <div>
              <dt>Suggested plan</dt>
              <dd data-testid="roi-suggested" className="text-2xl font-bold">
                {plans[result.suggestedPlan].name}
              </dd>
            </div>
            <div>
              <dt>Return on investment</dt>
              <dd data-testid="roi-percent" className="text-2xl font-bold tabular-nums">
                {formatPercent(result.roiPercent)}
              </dd>
            </div>
            <div>
              <dt>Payback period</dt>
              <dd data-testid="roi-payback" className="text-2xl font-bold">
                {result.paybackLabel}
              </dd>
            </div>
          </dl>
        </div>
        {result.warning ? (
          <p role="status" data-testid="roi-warning" className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200">
            <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {result.warning}
          </p>
        ) : null}
        {result.showEnterpriseOption ? (
          <p data-testid="roi-enterprise" className="rounded-lg border border-border bg-background p-3 text-sm">
            Over 10,000 searches a month? The Enterprise plan has unlimited searches.{' '}
            <Link to={paths.contact} className="font-medium text-link underline">
              Talk to sales
            </Link>
            .
          </p>
        ) : null}
        <p className="text-sm text-muted-foreground">
          Figures for the {plans[result.plan].name} plan{result.plan !== 'enterprise' ? (annualBilling ? ', billed yearly' : ', billed monthly') : ''}.
        </p>
        <Figures title="Per month" figures={result.monthly} period="monthly" />
        <Figures title="Per year" figures={result.annual} period="annual" />
        {result.plan !== 'enterprise' ? (
          <Button asChild className="w-full">
            <Link to={signupWithPlan(result.plan)}>Start a free trial of {plans[result.plan].name}</Link>
          </Button>
        ) : (
          <Button asChild className="w-full">
            <Link to={paths.contact}>Schedule Consultation</Link>
          </Button>
        )}
      </div>
    </div>
  );
}

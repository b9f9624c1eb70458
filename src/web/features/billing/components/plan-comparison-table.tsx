import { CheckIcon, MinusIcon } from 'lucide-react';
import { planComparison, type ComparisonCell } from '@core/plan-comparison';
import { planIds, plans, type PlanId } from '@core/plans';
import { cn } from '@web/lib/cn';

function CellValue({ value }: { value: ComparisonCell }) {
  if (value === true)
    return (
      <>
        <CheckIcon aria-hidden="true" className="mx-auto size-5 text-success" />
        <span className="sr-only">Included</span>
      </>
    );
  if (value === false)
    return (
      <>
        <MinusIcon aria-hidden="true" className="mx-auto size-5 text-muted-foreground" />
        <span className="sr-only">Not included</span>
      </>
    );
  return <span>{value}</span>;
}

/**
 * The plans' comparison table (D12: the contract the server enforces), from core. Scrolls inside its own frame on a
 * phone (the frame is positioned, so the cells' screen-reader text, absolutely placed, stays inside it instead of
 * widening the page); `current` marks the business's plan.
 */
export function PlanComparisonTable({ current, className }: { current?: PlanId; className?: string }) {
  const rows = planComparison();
  return (
    <div className={cn('relative overflow-x-auto rounded-xl border border-border', className)} data-testid="plan-comparison">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">Features included in each plan</caption>
        <thead className="bg-muted/60">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Feature
            </th>
            {planIds.map((id) => (
              <th key={id} scope="col" className={cn('px-4 py-3 text-center font-semibold', id === current && 'bg-accent text-accent-foreground')}>
                {plans[id].name}
                {id === current ? <span className="block text-xs font-normal">Your plan</span> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-border">
              <th scope="row" className="px-4 py-3 font-normal">
                {row.feature}
              </th>
              {planIds.map((id) => (
                <td key={id} className={cn('px-4 py-3 text-center', id === current && 'bg-accent/40')}>
                  <CellValue value={row.cells[id]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { ExternalLinkIcon } from 'lucide-react';
import type { BillingInvoiceView } from '@core/api/billing';
import { isPlanId, plans } from '@core/plans';
import { Badge } from '@web/components/ui/badge';
import { formatDate } from '@web/lib/date-time';

/** "$79.00" from Stripe's amount in cents. */
export function invoiceAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

const statusBadge: Record<string, { text: string; variant: 'success' | 'warning' | 'secondary' }> = {
  paid: { text: 'Paid', variant: 'success' },
  open: { text: 'Unpaid', variant: 'warning' },
  uncollectible: { text: 'Uncollectible', variant: 'warning' },
  void: { text: 'Void', variant: 'secondary' },
  draft: { text: 'Draft', variant: 'secondary' },
};

/** The invoices Stripe reported for the business, newest first, each with Stripe's page for it. */
export function InvoicesList({ invoices, timeZone }: { invoices: BillingInvoiceView[]; timeZone: string }) {
  return (
    <section aria-labelledby="billing-invoices" className="space-y-3">
      <h2 id="billing-invoices" className="text-xl font-semibold">
        Invoices
      </h2>
      {invoices.length === 0 ? (
        <p className="text-sm text-muted-foreground">No invoices yet: the first comes with your first payment.</p>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border bg-card" data-testid="invoices">
          {invoices.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </section>
  );
}

function InvoiceRow({ invoice, timeZone }: { invoice: BillingInvoiceView; timeZone: string }) {
  const badge = statusBadge[invoice.status] ?? { text: invoice.status, variant: 'secondary' as const };
  const plan = invoice.plan && isPlanId(invoice.plan) ? `${plans[invoice.plan].name} plan` : 'Subscription';
  const period = invoice.periodStart && invoice.periodEnd ? `${formatDate(invoice.periodStart, timeZone)} to ${formatDate(invoice.periodEnd, timeZone)}` : '';
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm">
      <span className="w-28 shrink-0 font-medium">{formatDate(invoice.paidAt ?? invoice.createdAt, timeZone)}</span>
      <span className="min-w-0 flex-1">
        {plan}
        {period ? <span className="block text-xs text-muted-foreground">{period}</span> : null}
      </span>
      <span className="font-medium tabular-nums">{invoiceAmount(invoice.status === 'paid' ? invoice.amountPaid : invoice.amountDue, invoice.currency)}</span>
      <Badge variant={badge.variant}>{badge.text}</Badge>
      {invoice.hostedInvoiceUrl ? (
        <a href={invoice.hostedInvoiceUrl} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 font-medium text-link underline-offset-4 hover:underline">
          View <ExternalLinkIcon aria-hidden="true" className="size-3.5" />
          <span className="sr-only">invoice of {formatDate(invoice.createdAt, timeZone)}</span>
        </a>
      ) : null}
    </li>
  );
}

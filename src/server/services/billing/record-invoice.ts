import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { parsePriceLookupKey } from '@core/billing/billing-state';
import type { Tx } from '../../db/client';
import { invoices } from '../../db/schema';

/** How far along an invoice is: news of an earlier state (an old "open") never overwrites a later one ("paid"). */
const STATUS_RANK: Record<string, number> = { draft: 0, open: 1, paid: 2, uncollectible: 2, void: 2 };
const rank = (status: string | null | undefined) => STATUS_RANK[status ?? ''] ?? 0;
const seconds = (s: number | null | undefined) => (s ? new Date(s * 1000) : null);

/** Records (or brings up to date) an invoice Stripe reported for the business's subscription. */
export async function recordInvoice(tx: Tx, businessId: string, invoice: Stripe.Invoice, sub: Stripe.Subscription | null): Promise<void> {
  const [stored] = await tx.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, invoice.id!));
  if (stored && rank(stored.status) > rank(invoice.status)) return;
  const bought = parsePriceLookupKey(sub?.items.data[0]?.price.lookup_key);
  const line = invoice.lines?.data[0];
  const row = {
    businessId,
    status: invoice.status ?? 'open',
    amountDue: invoice.amount_due,
    amountPaid: invoice.amount_paid,
    currency: invoice.currency,
    plan: bought?.plan ?? null,
    billingPeriod: bought?.period ?? null,
    periodStart: seconds(line?.period.start ?? invoice.period_start),
    periodEnd: seconds(line?.period.end ?? invoice.period_end),
    paidAt: seconds(invoice.status_transitions?.paid_at),
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    createdAt: seconds(invoice.created)!,
  };
  await tx.insert(invoices).values({ id: invoice.id!, ...row }).onConflictDoUpdate({ target: invoices.id, set: row });
}

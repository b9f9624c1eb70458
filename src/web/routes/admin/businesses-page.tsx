import { messages } from '@core/messages';
import { isPlanId, plans, type PlanId } from '@core/plans';
import { IMPERSONATION_MINUTES } from '@core/validation/auth';
import { Building2Icon, EyeIcon, PencilIcon, PlusIcon, SearchIcon, Trash2Icon } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { PageTitle } from '@web/components/page-title';
import { LoadingState, Spinner } from '@web/components/spinner';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { businessStatuses, statusActions, type BusinessStatus } from '@core/business-status';
import type { AdminBusiness, BusinessInput } from '@web/features/admin/api/businesses';
import { useImpersonate } from '@web/features/admin/api/impersonation';
import { useAdminBusiness, useAdminBusinesses, useBusinessMutations } from '@web/features/admin/api/use-admin-businesses';
import { CardLabel } from '@web/features/admin/components/card-label';
import { Dialog } from '@web/features/admin/components/dialog';
import { capitalise, formatDate, formatDateTime } from '@web/features/admin/components/format';
import { NativeSelect } from '@web/features/admin/components/native-select';
import { StatusBadge } from '@web/features/admin/components/status-badge';
import { BillingStateBadge } from '@web/features/billing/components/billing-standing';
import { errorMessage } from '@web/lib/api-client';
import { BusinessForm } from './business-form';
import { QueryError } from './query-error';
import { browserTimeZone } from '@web/lib/date-time';

const planName = (plan: string) => (isPlanId(plan) ? plans[plan].name : capitalise(plan));

/** A new business: the operator's own time zone to start with (D8), changed in the form when the business is elsewhere. */
const emptyInput = (): BusinessInput => ({ companyName: '', ownerName: '', email: '', phone: '', plan: 'starter', status: 'trial', timeZone: browserTimeZone() });

function useDebounced<T>(value: T, ms: number): T {
  const [out, setOut] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setOut(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return out;
}

type Panel = { kind: 'add' } | { kind: 'view'; id: string } | { kind: 'edit'; id: string } | { kind: 'delete'; business: AdminBusiness } | null;

/** On a phone the table's rows become cards (one per business, each figure with its label); the table from `md` up. */
const cell = 'max-md:flex max-md:items-center max-md:gap-2 max-md:p-0 md:px-4 md:py-3';

function BusinessTable({ businesses, onView, onEdit, onDelete }: { businesses: AdminBusiness[]; onView: (id: string) => void; onEdit: (id: string) => void; onDelete: (b: AdminBusiness) => void }) {
  return (
    <div className="overflow-hidden rounded-xl border border-border bg-card md:overflow-x-auto">
      <table className="w-full text-left text-sm max-md:block md:min-w-[720px]">
        <caption className="sr-only">Businesses on the platform</caption>
        <thead className="border-b border-border bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground max-md:sr-only">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">Business</th>
            <th scope="col" className="px-4 py-3 font-semibold">Plan</th>
            <th scope="col" className="px-4 py-3 font-semibold">Status</th>
            <th scope="col" className="px-4 py-3 font-semibold">Billing</th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">Portals</th>
            <th scope="col" className="px-4 py-3 font-semibold">Created</th>
            {/* The actions stay in view while the table scrolls sideways on a narrow screen. */}
            <th scope="col" className="sticky right-0 bg-muted px-4 py-3 text-right font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border max-md:block">
          {businesses.map((business) => (
            <tr key={business.id} className="hover:bg-muted/40 max-md:relative max-md:flex max-md:flex-wrap max-md:gap-x-5 max-md:gap-y-2 max-md:p-4" data-testid="business-row">
              <td className="max-md:block max-md:w-full max-md:pr-32 md:px-4 md:py-3">
                <button type="button" className="text-left font-medium text-foreground hover:underline" onClick={() => onView(business.id)}>
                  {business.companyName}
                </button>
                <div className="text-muted-foreground">{business.ownerName}</div>
                <div className="break-all text-muted-foreground">{business.email}</div>
              </td>
              <td className={cell}>
                <CardLabel>Plan</CardLabel>
                {planName(business.plan)}
              </td>
              <td className={cell}>
                <CardLabel>Status</CardLabel>
                <StatusBadge status={business.status} />
              </td>
              <td className={cell} data-testid="business-billing">
                <CardLabel>Billing</CardLabel>
                {business.billingState ? <BillingStateBadge state={business.billingState} /> : null}
              </td>
              <td className={`${cell} tabular-nums md:text-right`}>
                <CardLabel>Portals</CardLabel>
                {business.portalCount}
              </td>
              <td className={`${cell} whitespace-nowrap`}>
                <CardLabel>Created</CardLabel>
                {formatDate(business.createdAt)}
              </td>
              <td className="max-md:absolute max-md:right-2 max-md:top-2.5 md:sticky md:right-0 md:bg-card md:px-4 md:py-3">
                <div className="flex justify-end gap-1">
                  <Button variant="ghost" size="icon" className="size-9" aria-label={`View ${business.companyName}`} onClick={() => onView(business.id)}>
                    <EyeIcon aria-hidden="true" />
                  </Button>
                  <Button variant="ghost" size="icon" className="size-9" aria-label={`Edit ${business.companyName}`} onClick={() => onEdit(business.id)}>
                    <PencilIcon aria-hidden="true" />
                  </Button>
                  <Button variant="ghost" size="icon" className="size-9 text-destructive" aria-label={`Delete ${business.companyName}`} onClick={() => onDelete(business)}>
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function BusinessDetailDialog({ id, onClose, onEdit, onDelete }: { id: string; onClose: () => void; onEdit: () => void; onDelete: (b: AdminBusiness) => void }) {
  const query = useAdminBusiness(id);
  const { setStatus, reactivate, sendPasswordLink } = useBusinessMutations();
  const impersonate = useImpersonate();
  const b = query.data;
  const [notice, setNotice] = useState<string | null>(null);
  // Suspending signs the owner out and takes the portals offline: asked once more, like a delete.
  const [confirmSuspend, setConfirmSuspend] = useState(false);
  const error = setStatus.error ?? reactivate.error ?? sendPasswordLink.error ?? impersonate.error;
  const actions = statusActions(b?.status ?? '');
  const pending = setStatus.isPending || reactivate.isPending;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={b?.companyName ?? 'Business'}
      description={b ? `${b.ownerName} · ${b.email}` : undefined}
      footer={
        b && confirmSuspend ? (
          <>
            <Button variant="outline" onClick={() => setConfirmSuspend(false)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              disabled={pending}
              onClick={() =>
                setStatus.mutate(
                  { id: b.id, status: 'suspended' },
                  {
                    onSuccess: () => {
                      setConfirmSuspend(false);
                      setNotice('The business is suspended: its sessions were ended and it cannot sign in.');
                    },
                  },
                )
              }
            >
              {setStatus.isPending ? <Spinner /> : null} Suspend business
            </Button>
          </>
        ) : b ? (
          <>
            <Button variant="outline" className="text-destructive" onClick={() => onDelete(b)}>
              <Trash2Icon aria-hidden="true" /> Delete
            </Button>
            <Button variant="outline" onClick={onEdit}>
              <PencilIcon aria-hidden="true" /> Edit
            </Button>
            {actions.suspend ? (
              <Button
                variant="destructive"
                onClick={() => {
                  setNotice(null);
                  setConfirmSuspend(true);
                }}
              >
                Suspend
              </Button>
            ) : null}
            {actions.activate ? (
              <Button disabled={pending} onClick={() => setStatus.mutate({ id: b.id, status: 'active' }, { onSuccess: () => setNotice('The business is active.') })}>
                {setStatus.isPending ? <Spinner /> : null} Activate
              </Button>
            ) : null}
            {actions.reactivate ? (
              <Button
                disabled={pending}
                onClick={() => reactivate.mutate(b.id, { onSuccess: (r) => setNotice(`The business is reactivated: back to ${r.status}.`) })}
              >
                {reactivate.isPending ? <Spinner /> : null} Reactivate
              </Button>
            ) : null}
          </>
        ) : null
      }
    >
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <p className="text-sm text-destructive">{errorMessage(query.error)}</p>
      ) : b ? (
        <div className="space-y-3">
          {confirmSuspend ? (
            <Alert variant="destructive">
              <AlertDescription>
                Suspend <strong>{b.companyName}</strong>? Its owner is signed out at once and cannot sign in, and its client portals show an unavailable page
                until you reactivate it. Reactivating returns it to {b.status === 'trial' ? 'its trial, with the same end date' : `its status now (${b.status})`}.
              </AlertDescription>
            </Alert>
          ) : null}
          {notice ? (
            <Alert variant="success">
              <AlertDescription>{notice}</AlertDescription>
            </Alert>
          ) : null}
          {error ? (
            <Alert variant="destructive">
              <AlertDescription>{errorMessage(error)}</AlertDescription>
            </Alert>
          ) : null}
          <dl>
            <Detail label="Status">
              <StatusBadge status={b.status} />
            </Detail>
            <Detail label="Plan">{planName(b.plan)}</Detail>
            <Detail label="Phone">{b.phone || '—'}</Detail>
            <Detail label="Portals">{b.portalCount}</Detail>
            {b.statusBeforeSuspension ? <Detail label="Reactivates to">{capitalise(b.statusBeforeSuspension)}</Detail> : null}
            <Detail label="Created">{formatDateTime(b.createdAt)}</Detail>
            {b.status === 'trial' || b.statusBeforeSuspension === 'trial' ? <Detail label="Trial ends">{formatDate(b.trialEndsAt, b.timeZone)}</Detail> : null}
            <Detail label="Last sign-in">{b.lastSignInAt ? formatDateTime(b.lastSignInAt) : 'Never'}</Detail>
            <Detail label="Open sessions">{b.activeSessions}</Detail>
            <Detail label="Time zone">{b.timeZone}</Detail>
            <Detail label="Password">
              {b.hasPassword ? (
                'Set'
              ) : (
                <span className="flex flex-wrap items-center gap-2">
                  Not chosen yet
                  <Button
                    variant="link"
                    size="sm"
                    className="h-auto px-0"
                    disabled={sendPasswordLink.isPending}
                    onClick={() => sendPasswordLink.mutate(b.id, { onSuccess: () => setNotice(`A new password link was e-mailed to ${b.email}.`) })}
                  >
                    Send password link
                  </Button>
                </span>
              )}
            </Detail>
          </dl>
          <section aria-labelledby="support-access" className="space-y-2 rounded-md border p-3 text-sm">
            <h3 id="support-access" className="font-medium">
              Support access
            </h3>
            <p className="text-muted-foreground">
              Opens the business app as {b.ownerName} sees it, for up to {IMPERSONATION_MINUTES} minutes; it is recorded in the activity log.
              {b.status === 'suspended'
                ? ' The business stays suspended meanwhile: its owner still cannot sign in and its portals stay unavailable to clients.'
                : null}
            </p>
            <Button variant="secondary" disabled={impersonate.isPending} onClick={() => impersonate.mutate(b.id)}>
              {impersonate.isPending ? <Spinner /> : null} Login as this business
            </Button>
          </section>
        </div>
      ) : null}
    </Dialog>
  );
}

function EditBusinessDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const query = useAdminBusiness(id);
  const { update } = useBusinessMutations();
  const b = query.data;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Edit Business">
      {!b ? (
        <LoadingState />
      ) : (
        <BusinessForm
          initial={{ companyName: b.companyName, ownerName: b.ownerName, email: b.email, phone: b.phone, plan: b.plan as PlanId, status: (b.status as BusinessStatus) ?? 'trial', timeZone: b.timeZone }}
          submitLabel="Save Changes"
          pending={update.isPending}
          serverError={update.isError ? errorMessage(update.error) : null}
          onCancel={onClose}
          onSubmit={(input) => update.mutate({ id, input }, { onSuccess: onClose })}
        />
      )}
    </Dialog>
  );
}

/** /admin/businesses: search, status filter, add, view, edit, delete, activate/suspend and "Login as this business". */
export function BusinessesPage() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<BusinessStatus | ''>('');
  const debounced = useDebounced(search, 250);
  const query = useAdminBusinesses({ search: debounced, status: status || undefined });
  const { create, remove } = useBusinessMutations();
  const [panel, setPanel] = useState<Panel>(null);
  const [flash, setFlash] = useState<string | null>(null);
  const close = () => setPanel(null);
  const filtered = Boolean(debounced.trim() || status);

  return (
    <>
      <PageTitle title="Businesses" />
      <PageHeader
        title="Business Management"
        description={query.data ? `${query.data.total} ${query.data.total === 1 ? 'business' : 'businesses'} on the platform.` : 'The businesses on the platform.'}
        actions={
          <Button
            onClick={() => {
              create.reset();
              setPanel({ kind: 'add' });
            }}
          >
            <PlusIcon aria-hidden="true" /> Add Business
          </Button>
        }
      />
      {flash ? (
        <Alert variant="success" className="mb-4">
          <AlertDescription>{flash}</AlertDescription>
        </Alert>
      ) : null}
      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Label htmlFor="business-search" className="sr-only">
            Search businesses
          </Label>
          <SearchIcon aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input id="business-search" type="search" placeholder="Search by company, owner or email" className="pl-9" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div className="sm:w-48">
          <Label htmlFor="business-status-filter" className="sr-only">
            Status
          </Label>
          <NativeSelect id="business-status-filter" value={status} onChange={(e) => setStatus(e.target.value as BusinessStatus | '')}>
            <option value="">All</option>
            {businessStatuses.map((s) => (
              <option key={s} value={s}>
                {capitalise(s)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {query.isPending ? (
        <LoadingState label="Loading businesses..." />
      ) : query.isError ? (
        <QueryError title="Could not load businesses" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.businesses.length === 0 ? (
        filtered ? (
          <EmptyState icon={SearchIcon} title="No Matching Businesses" description="No business matches this search and status." />
        ) : (
          <EmptyState icon={Building2Icon} title="No Businesses Yet" description="Businesses appear here as soon as they sign up, or when you add one." />
        )
      ) : (
        <>
          <p className="mb-2 text-sm text-muted-foreground">
            Showing {query.data.matching} of {query.data.total}
          </p>
          <BusinessTable
            businesses={query.data.businesses}
            onView={(id) => setPanel({ kind: 'view', id })}
            onEdit={(id) => setPanel({ kind: 'edit', id })}
            onDelete={(business) => {
              remove.reset();
              setPanel({ kind: 'delete', business });
            }}
          />
        </>
      )}

      {panel?.kind === 'add' ? (
        <Dialog open onOpenChange={(open) => !open && close()} title="Add Business" description="The owner gets an e-mail with a link to choose a password.">
          <BusinessForm
            initial={emptyInput()}
            submitLabel="Add Business"
            pending={create.isPending}
            serverError={create.isError ? errorMessage(create.error) : null}
            onCancel={close}
            onSubmit={(input) =>
              create.mutate(input, {
                onSuccess: (res) => {
                  setFlash(res.mailed ? `${input.companyName} was added; ${input.email} got a link to choose a password.` : `${input.companyName} was added, but the e-mail could not be sent: use "Send password link".`);
                  close();
                },
              })
            }
          />
        </Dialog>
      ) : null}
      {panel?.kind === 'view' ? (
        <BusinessDetailDialog
          id={panel.id}
          onClose={close}
          onEdit={() => setPanel({ kind: 'edit', id: panel.id })}
          onDelete={(business) => {
            remove.reset();
            setPanel({ kind: 'delete', business });
          }}
        />
      ) : null}
      {panel?.kind === 'edit' ? <EditBusinessDialog id={panel.id} onClose={close} /> : null}
      {panel?.kind === 'delete' ? (
        <Dialog
          open
          onOpenChange={(open) => !open && close()}
          title="Delete Business"
          description={messages.admin.deleteBusinessConfirm}
          footer={
            <>
              <Button variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button
                variant="destructive"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(panel.business.id, {
                    onSuccess: () => {
                      setFlash(`${panel.business.companyName} was deleted.`);
                      close();
                    },
                  })
                }
              >
                {remove.isPending ? <Spinner /> : null} Delete
              </Button>
            </>
          }
        >
          <p className="text-sm">
            <strong>{panel.business.companyName}</strong> ({panel.business.email}), its owner account, portals and clients will be removed.
          </p>
          {remove.isError ? <p className="mt-2 text-sm text-destructive">{errorMessage(remove.error)}</p> : null}
        </Dialog>
      ) : null}
    </>
  );
}

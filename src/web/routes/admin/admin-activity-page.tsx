import { ListIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { PageTitle } from '@web/components/page-title';
import { LoadingState } from '@web/components/spinner';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { ACTIVITY_PAGE_SIZE, useActivity } from '@web/features/admin/api/activity';
import { formatDateTime } from '@web/features/admin/components/format';
import { NativeSelect } from '@web/features/admin/components/native-select';
import { QueryError } from './query-error';

const groups = [
  { value: 'admin.', label: 'Operator actions' },
  { value: 'auth.', label: 'Sign-ins and accounts' },
  { value: 'inbox.', label: 'Public site' },
  { value: 'email.', label: 'Lifecycle e-mails' },
];

function useDebounced<T>(value: T, ms: number): T {
  const [out, setOut] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setOut(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return out;
}

/** /admin/activity: the activity log, filterable by type, actor and date. */
export function AdminActivityPage() {
  const [type, setType] = useState('');
  const [actor, setActor] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [offset, setOffset] = useState(0);
  const debouncedActor = useDebounced(actor, 300);
  const q = useActivity({ type, actor: debouncedActor, from, to, offset });
  const types = q.data?.types ?? [];
  const resetPage = () => setOffset(0);

  return (
    <>
      <PageTitle title="Activity Log" />
      <PageHeader title="Activity Log" description="Operator actions, sign-ins, impersonations, suspensions and settings changes." />
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-1.5">
          <Label htmlFor="activity-type">Type</Label>
          <NativeSelect id="activity-type" value={type} onChange={(e) => { setType(e.target.value); resetPage(); }}>
            <option value="">All types</option>
            <optgroup label="Groups">
              {groups.map((g) => (
                <option key={g.value} value={g.value}>
                  {g.label}
                </option>
              ))}
            </optgroup>
            <optgroup label="Types">
              {types.map((t) => (
                <option key={t.type} value={t.type}>
                  {t.label}
                </option>
              ))}
            </optgroup>
          </NativeSelect>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="activity-actor">Actor</Label>
          <Input id="activity-actor" type="search" placeholder="Name or email" value={actor} onChange={(e) => { setActor(e.target.value); resetPage(); }} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="activity-from">From</Label>
          <Input id="activity-from" type="date" value={from} onChange={(e) => { setFrom(e.target.value); resetPage(); }} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="activity-to">To</Label>
          <Input id="activity-to" type="date" value={to} onChange={(e) => { setTo(e.target.value); resetPage(); }} />
        </div>
      </div>
      {q.isPending ? (
        <LoadingState />
      ) : q.isError ? (
        <QueryError title="Could not load the activity log" error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : q.data.items.length === 0 ? (
        <EmptyState icon={ListIcon} title="No Activity" description="Nothing matches these filters." />
      ) : (
        <>
          <div className="overflow-x-auto rounded-xl border border-border bg-card">
            <table className="w-full min-w-[720px] text-left text-sm">
              <thead className="border-b border-border bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">When</th>
                  <th scope="col" className="px-4 py-3 font-semibold">Type</th>
                  <th scope="col" className="px-4 py-3 font-semibold">What happened</th>
                  <th scope="col" className="px-4 py-3 font-semibold">IP</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {q.data.items.map((a) => (
                  <tr key={a.id}>
                    <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">{formatDateTime(a.createdAt)}</td>
                    <td className="px-4 py-3">
                      <Badge variant={a.type.startsWith('admin.') ? 'purple' : a.type === 'auth.sign_in_failed' ? 'danger' : 'secondary'}>{a.label}</Badge>
                    </td>
                    <td className="px-4 py-3">{a.description}</td>
                    <td className="whitespace-nowrap px-4 py-3 font-mono text-xs text-muted-foreground">{a.ipAddress ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-3 flex items-center justify-between gap-3 text-sm text-muted-foreground">
            <span>
              {offset + 1}–{offset + q.data.items.length} of {q.data.total}
            </span>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - ACTIVITY_PAGE_SIZE))}>
                Newer
              </Button>
              <Button variant="outline" size="sm" disabled={offset + ACTIVITY_PAGE_SIZE >= q.data.total} onClick={() => setOffset(offset + ACTIVITY_PAGE_SIZE)}>
                Older
              </Button>
            </div>
          </div>
        </>
      )}
    </>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GlobeIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { CustomDomain, CustomDomainList } from '@core/api/custom-domains';
import { planAllows } from '@core/plan-features';
import type { PlanId } from '@core/plans';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { UpgradeCard } from '@web/features/billing/components/upgrade-card';
import { api, errorMessage } from '@web/lib/api-client';

const statusText: Record<CustomDomain['status'], string> = {
  pending: 'Waiting for the DNS records',
  verified: 'Verified: your portal is live on this address',
  failing: 'Records missing: still served until',
};

/** The portal on the business's own name (issue 23): add it, create the two records shown, Verify, remove. */
export function CustomDomainCard({ portalId, plan }: { portalId: string; plan: PlanId | undefined }) {
  const allowed = plan !== undefined && planAllows(plan, 'customDomain');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <GlobeIcon className="size-4" aria-hidden /> Custom domain
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {plan === undefined ? null : allowed ? <DomainSettings portalId={portalId} /> : <UpgradeCard feature="customDomain" plan={plan} compact />}
      </CardContent>
    </Card>
  );
}

function DomainSettings({ portalId }: { portalId: string }) {
  const key = ['portal-domains', portalId];
  const client = useQueryClient();
  const list = useQuery({ queryKey: key, queryFn: () => api.get<CustomDomainList>(`/api/v1/portals/${portalId}/domains`) });
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const domain = list.data?.domains[0];
  if (list.isPending) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (list.isError) return <p className="text-sm text-destructive">{errorMessage(list.error)}</p>;
  return domain ? <DomainState portalId={portalId} domain={domain} onChange={refresh} /> : <AddDomain portalId={portalId} onAdded={refresh} />;
}

function AddDomain({ portalId, onAdded }: { portalId: string; onAdded: () => unknown }) {
  const [name, setName] = useState('');
  const add = useMutation({ mutationFn: () => api.post<CustomDomain>(`/api/v1/portals/${portalId}/domains`, { name }), onSuccess: onAdded });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };
  return (
    <form onSubmit={submit} className="space-y-2">
      <p className="text-sm text-muted-foreground">Show your portal on your own address, such as status.yourcompany.com, with HTTPS.</p>
      <Label htmlFor="custom-domain">Domain name</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input id="custom-domain" value={name} onChange={(e) => setName(e.target.value)} placeholder="status.yourcompany.com" autoComplete="off" spellCheck={false} aria-invalid={add.isError || undefined} aria-describedby={add.isError ? 'custom-domain-error' : undefined} />
        <Button type="submit" disabled={add.isPending}>Add domain</Button>
      </div>
      {add.isError && <p id="custom-domain-error" role="alert" className="text-sm text-destructive">{errorMessage(add.error)}</p>}
    </form>
  );
}

function DomainState({ portalId, domain, onChange }: { portalId: string; domain: CustomDomain; onChange: () => unknown }) {
  const path = `/api/v1/portals/${portalId}/domains/${encodeURIComponent(domain.name)}`;
  const verify = useMutation({ mutationFn: () => api.post<CustomDomain>(`${path}/verify`), onSettled: onChange });
  const remove = useMutation({ mutationFn: () => api.del<null>(path), onSuccess: onChange });
  const until = domain.servedUntil ? ` ${new Date(domain.servedUntil).toLocaleDateString()}` : '';
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium break-all">{domain.name}</p>
        <span data-testid="domain-status" className={`rounded-full px-2 py-0.5 text-xs font-medium ${domain.status === 'verified' ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100' : 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100'}`}>
          {statusText[domain.status]}
          {domain.status === 'failing' ? until : ''}
        </span>
      </div>
      {domain.status === 'verified' ? (
        <a className="text-sm text-primary underline" href={domain.url} target="_blank" rel="noreferrer">{domain.url}</a>
      ) : (
        <p className="text-sm text-muted-foreground">Create these two records at your DNS provider, then press Verify.</p>
      )}
      <RecordsTable records={domain.records} />
      {domain.problems.length > 0 && (
        <ul role="alert" className="list-disc space-y-1 pl-5 text-sm text-destructive">
          {domain.problems.map((p) => <li key={p}>{p}</li>)}
        </ul>
      )}
      {verify.isError && <p role="alert" className="text-sm text-destructive">{errorMessage(verify.error)}</p>}
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={() => verify.mutate()} disabled={verify.isPending}>{verify.isPending ? 'Checking…' : 'Verify'}</Button>
        <Button type="button" variant="outline" onClick={() => remove.mutate()} disabled={remove.isPending}>Remove</Button>
      </div>
    </div>
  );
}

function RecordsTable({ records }: { records: CustomDomain['records'] }) {
  return (
    <div className="overflow-x-auto rounded-md border border-border">
      <table className="w-full text-left text-sm">
        <thead className="bg-muted/50 text-xs text-muted-foreground">
          <tr><th className="px-3 py-2">Type</th><th className="px-3 py-2">Name</th><th className="px-3 py-2">Value</th></tr>
        </thead>
        <tbody>
          {records.map((r) => (
            <tr key={r.type} className="border-t border-border align-top">
              <td className="px-3 py-2 font-medium">{r.type}</td>
              <td className="px-3 py-2 font-mono text-xs break-all">{r.name}</td>
              <td className="px-3 py-2 font-mono text-xs break-all">{r.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

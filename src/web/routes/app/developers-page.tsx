import { planFeatureMessage, planHas } from '@core/plan-features';
import { isPlanId } from '@core/plans';
import { BookOpenIcon, CodeIcon } from 'lucide-react';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { PageTitle } from '@web/components/page-title';
import { LoadingState } from '@web/components/spinner';
import { Button } from '@web/components/ui/button';
import { useMe } from '@web/features/auth/api/use-me';
import { Link } from 'react-router';
import { paths } from '@web/lib/paths';
import { ApiKeysCard } from '@web/features/developers/components/api-keys-card';
import { VerifySnippet } from '@web/features/developers/components/verify-snippet';
import { WebhooksCard } from '@web/features/developers/components/webhooks-card';

/** /app/developers: API keys (and webhooks), with a link to the API reference (Business and Enterprise). */
export function DevelopersPage() {
  const me = useMe();
  const business = me.data?.business;
  const allowed = business ? isPlanId(business.plan) && planHas(business.plan, 'api') : false;
  let body;
  if (me.isPending) body = <LoadingState label="Loading..." />;
  else if (!allowed) {
    body = (
      <EmptyState icon={CodeIcon} title="API access and webhooks" description={planFeatureMessage('api')}>
        <Button asChild>
          <Link to={paths.app.billing}>See plans</Link>
        </Button>
        <Button asChild variant="outline">
          <a href="/api/docs">Read the API reference</a>
        </Button>
      </EmptyState>
    );
  } else {
    body = (
      <div className="space-y-6">
        <ApiKeysCard timeZone={business?.timeZone} />
        <WebhooksCard timeZone={business?.timeZone} />
        <VerifySnippet />
      </div>
    );
  }
  return (
    <>
      <PageTitle title="Developers" />
      <PageHeader
        title="Developers"
        description="API keys and webhooks connect StatusLink to your other tools."
        actions={
          <Button asChild variant="outline" size="sm">
            <a href="/api/docs" target="_blank" rel="noreferrer">
              <BookOpenIcon aria-hidden="true" /> API reference
            </a>
          </Button>
        }
      />
      {body}
    </>
  );
}

import { UserRoundIcon } from 'lucide-react';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { PageTitle } from '@web/components/page-title';
import { LoadingState } from '@web/components/spinner';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { PasswordForm } from '@web/features/account/components/password-form';
import { PlanSummary } from '@web/features/account/components/plan-summary';
import { ProfileForm } from '@web/features/account/components/profile-form';
import { useMe } from '@web/features/auth/api/use-me';
import { errorMessage } from '@web/lib/api-client';

/** /app/account: the owner's profile, password, plan and trial. */
export function AccountPage() {
  const me = useMe();
  let body;
  if (me.isPending) body = <LoadingState label="Loading your account..." />;
  else if (me.isError) {
    body = (
      <Alert variant="destructive">
        <AlertTitle>Could not load your account</AlertTitle>
        <AlertDescription>
          <p>{errorMessage(me.error)}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void me.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  } else if (!me.data?.business) {
    body = <EmptyState icon={UserRoundIcon} title="No Business Profile" description="This account has no business profile to edit." />;
  } else {
    const business = me.data.business;
    body = (
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="min-w-0 space-y-6 lg:col-span-3">
          <Card>
            <CardHeader>
              <CardTitle>Profile</CardTitle>
              <CardDescription>Your company and contact details. The company name is what your clients see by default.</CardDescription>
            </CardHeader>
            <CardContent>
              <ProfileForm business={business} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Change Password</CardTitle>
              <CardDescription>Changing your password signs you out everywhere else.</CardDescription>
            </CardHeader>
            <CardContent>
              <PasswordForm />
            </CardContent>
          </Card>
        </div>
        <div className="min-w-0 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>Plan</CardTitle>
            </CardHeader>
            <CardContent>
              <PlanSummary me={me.data} />
            </CardContent>
          </Card>
        </div>
      </div>
    );
  }
  return (
    <>
      <PageTitle title="Account" />
      <PageHeader title="Account" description="Your profile, password and plan." />
      {body}
    </>
  );
}

import { messages } from '@core/messages';
import { ShieldXIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { useMeIfSignedIn } from '@web/features/auth/api/use-me';
import { usePublicConfig } from '@web/features/config/api/use-public-config';
import { paths } from '@web/lib/paths';
import { AuthCard } from './auth-card';

/** /unauthorized (spec 2.13): 'Access Denied'. */
export function UnauthorizedPage() {
  const me = useMeIfSignedIn();
  const { config } = usePublicConfig();
  const email = me.data?.user.email;

  return (
    <>
      <title>{`Access Denied | ${config.platformName}`}</title>
      <AuthCard title="Access Denied" icon={<ShieldXIcon aria-hidden="true" className="size-6 text-destructive" />}>
        <p className="text-center text-sm text-muted-foreground">{messages.admin.accessDenied}</p>
        <div className="mt-6 space-y-2 rounded-lg bg-muted/60 p-4 text-center text-sm">
          <p>
            {me.isPending ? (
              'Checking your account...'
            ) : email ? (
              <>
                Signed in as <span className="break-all font-medium">{email}</span>
              </>
            ) : (
              messages.admin.notSignedIn
            )}
          </p>
          <p className="font-medium">Required role: Administrator</p>
        </div>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button asChild className="flex-1">
            <Link to={paths.app.dashboard}>Go to Dashboard</Link>
          </Button>
          <Button asChild variant="outline" className="flex-1">
            <Link to={paths.contact}>Contact Support</Link>
          </Button>
        </div>
      </AuthCard>
    </>
  );
}

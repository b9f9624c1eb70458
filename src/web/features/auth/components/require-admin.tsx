import { messages } from '@core/messages';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingState } from '@web/components/spinner';
import { paths } from '@web/lib/paths';
import { useMe } from '../api/use-me';
import { GuardFrame } from './guard-frame';
import { SessionError } from './session-error';

/**
 * Admin guard (spec 2.14): 'Verifying access...' while checking, then /login for visitors (origin remembered),
 * /unauthorized for signed-in non-admins, the child routes for admins. The server enforces the same rule.
 */
export function RequireAdmin() {
  const me = useMe();
  const location = useLocation();

  if (me.isPending) {
    return (
      <GuardFrame>
        <LoadingState label={messages.admin.verifyingAccess} />
      </GuardFrame>
    );
  }
  if (me.isError) {
    return (
      <GuardFrame>
        <SessionError error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />
      </GuardFrame>
    );
  }
  if (!me.data) {
    return <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (me.data.user.role !== 'admin') return <Navigate to={paths.unauthorized} replace />;
  return <Outlet />;
}

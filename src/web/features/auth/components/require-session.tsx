import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingState } from '@web/components/spinner';
import { paths } from '@web/lib/paths';
import { useMe } from '../api/use-me';
import { GuardFrame } from './guard-frame';
import { SessionError } from './session-error';

/**
 * Renders its child routes for a signed-in user; otherwise sends them to /login, remembering where they were.
 * `bare`: inside a layout that already has chrome (and a dark-mode toggle), show its states without a frame.
 */
export function RequireSession({ bare = false }: { bare?: boolean }) {
  const me = useMe();
  const location = useLocation();
  const frame = (content: ReactNode) => (bare ? content : <GuardFrame>{content}</GuardFrame>);

  if (me.isPending) {
    return frame(<LoadingState />);
  }
  if (me.isError) {
    return frame(<SessionError error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />);
  }
  if (!me.data) {
    return <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <Outlet />;
}

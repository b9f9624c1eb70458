import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { LoadingState } from '@web/components/spinner';
import { signOut } from '@web/features/auth/api/sign-out';
import { paths } from '@web/lib/paths';

/** /signout: ends the user's sessions, then goes to / (a failure is logged and still goes to /). */
export function SignOutPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut(queryClient).then(() => navigate(paths.home, { replace: true }));
  }, [queryClient, navigate]);

  return <LoadingState label="Signing out..." className="min-h-dvh" />;
}

import { CircleCheckBigIcon } from 'lucide-react';
import { Link } from 'react-router';
import { usePublicConfig } from '@web/features/config/api/use-public-config';
import { cn } from '@web/lib/cn';

/** The platform's name with its mark, linking to `to`. */
export function Brand({ to = '/', className, suffix }: { to?: string; className?: string; suffix?: string }) {
  const { config } = usePublicConfig();
  return (
    <Link to={to} className={cn('inline-flex items-center gap-2 rounded-md font-bold text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring', className)}>
      <CircleCheckBigIcon aria-hidden="true" className="size-6 text-primary dark:text-blue-400" />
      <span className="text-lg tracking-tight">{config.platformName}</span>
      {suffix ? <span className="text-sm font-medium text-muted-foreground">{suffix}</span> : null}
    </Link>
  );
}

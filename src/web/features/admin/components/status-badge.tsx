import { Badge } from '@web/components/ui/badge';
import { capitalise } from './format';

const statusVariant: Record<string, 'success' | 'info' | 'danger' | 'secondary'> = {
  active: 'success',
  trial: 'info',
  suspended: 'danger',
  inactive: 'secondary',
};

export function StatusBadge({ status }: { status: string }) {
  const key = status.toLowerCase();
  return <Badge variant={statusVariant[key] ?? 'secondary'}>{capitalise(key)}</Badge>;
}

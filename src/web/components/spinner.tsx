import { Loader2Icon } from 'lucide-react';
import { cn } from '@web/lib/cn';

/** A spinning icon; decorative, so pair it with visible text. */
export function Spinner({ className }: { className?: string }) {
  return <Loader2Icon aria-hidden="true" className={cn('size-4 animate-spin', className)} />;
}

/** A centred loading message for a whole page or panel. */
export function LoadingState({ label = 'Loading...', className }: { label?: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn('flex flex-1 items-center justify-center gap-3 p-10 text-muted-foreground', className)}>
      <Spinner className="size-5" />
      <span>{label}</span>
    </div>
  );
}

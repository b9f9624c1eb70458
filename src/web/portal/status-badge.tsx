import type { ClientCard } from './api';
import { CheckIcon, SpinnerIcon } from './icons';

type Badge = ClientCard['badge'];

const TONES: Record<Badge['tone'], string> = {
  green: 'bg-green-100 text-green-800 ring-green-600/20 dark:bg-green-950 dark:text-green-300 dark:ring-green-400/30',
  blue: 'bg-blue-100 text-blue-800 ring-blue-600/20 dark:bg-blue-950 dark:text-blue-300 dark:ring-blue-400/30',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-600/30 dark:bg-yellow-950 dark:text-yellow-200 dark:ring-yellow-400/30',
  purple: 'bg-purple-100 text-purple-800 ring-purple-600/20 dark:bg-purple-950 dark:text-purple-300 dark:ring-purple-400/30',
  grey: 'bg-neutral-100 text-neutral-800 ring-neutral-500/20 dark:bg-neutral-800 dark:text-neutral-200 dark:ring-neutral-400/30',
};

const BARS: Record<Badge['tone'], string> = {
  green: 'bg-green-600',
  blue: 'bg-blue-600',
  yellow: 'bg-yellow-500',
  purple: 'bg-purple-600',
  grey: 'bg-neutral-500',
};

/**
 * The portal's status badge (spec 4): green with a check when done, blue with a spinner in progress, yellow
 * pending, purple review, grey otherwise. The server works it out (core's portalStatusBadge) and sends it.
 */
export function StatusBadge({ badge }: { badge: Badge }) {
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset ${TONES[badge.tone]}`}>
      {badge.icon === 'check' ? <CheckIcon className="size-4" /> : null}
      {badge.icon === 'spinner' ? <SpinnerIcon className="size-4 motion-reduce:animate-none" /> : null}
      {badge.label}
    </span>
  );
}

/** The progress bar's colour, the badge's tone. */
export const progressTone = (badge: Badge) => BARS[badge.tone];

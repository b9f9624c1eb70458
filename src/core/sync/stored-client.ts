import type { QueueFigures } from './queue-diff';

/** What the sync's rules need to know about a client already stored. */
export interface StoredClient extends QueueFigures {
  clientId: string;
  /** The id cell it was last written with; null: keyed by its e-mail (D9). */
  sourceId: string | null;
  emailNormalized: string;
  row: number;
  status: string;
  priority: string;
  dueDate: string | null;
  /** contentHash of what it holds, with RESTORED_MARK in front while the business's restore stands. */
  contentHash: string;
  removed: boolean;
  manualPosition: number | null;
}

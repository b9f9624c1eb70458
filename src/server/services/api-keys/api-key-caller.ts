import type { ApiKeyScope } from '@core/api-keys';
import type { BusinessProfile } from '../business/get-business-by-user';

/** Who calls with a key: the key, and the business (and its owner) it acts for. */
export interface ApiKeyCaller {
  keyId: string;
  keyName: string;
  scope: ApiKeyScope;
  business: BusinessProfile;
  owner: { id: string; email: string; name: string };
  /** The key's last use as read with it (to write it again only when due). */
  lastUse: { at: Date | null; ip: string | null; loggedOn: string | null };
}

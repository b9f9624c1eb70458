// The custom domains API (/api/v1/portals/{portalId}/domains, issue 23): request and answer shapes for the routes
// (validation, OpenAPI) and the web app.
import { z } from 'zod';
import { DOMAIN_NAME_MAX_LENGTH } from '../custom-domains';

export const addDomainBody = z.object({
  name: z.string().max(DOMAIN_NAME_MAX_LENGTH + 10).describe('The name to serve the portal on, e.g. status.yourcompany.com'),
});

export const dnsRecordSchema = z.object({
  type: z.enum(['CNAME', 'TXT']),
  name: z.string(),
  value: z.string(),
});

export const customDomainSchema = z.object({
  name: z.string(),
  status: z.enum(['pending', 'verified', 'failing']).describe('pending: not proven yet; verified: served; failing: a re-check failed, still served until servedUntil'),
  records: z.array(dnsRecordSchema).describe('The two records to create at the DNS provider'),
  /** What the last check found missing or wrong, one sentence each; empty when it passed or none ran yet. */
  problems: z.array(z.string()),
  checkedAt: z.iso.datetime().nullable(),
  verifiedAt: z.iso.datetime().nullable(),
  servedUntil: z.iso.datetime().nullable(),
  /** The portal's address on this name (served once verified). */
  url: z.string(),
});
export type CustomDomain = z.infer<typeof customDomainSchema>;

export const customDomainListSchema = z.object({
  domains: z.array(customDomainSchema),
  /** What the CNAME record must point at. */
  target: z.string(),
});
export type CustomDomainList = z.infer<typeof customDomainListSchema>;

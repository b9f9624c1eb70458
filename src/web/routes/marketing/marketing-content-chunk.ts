// Entry of the public site's long-form chunk: resource articles, help, legal and company pages. Loaded only on
// those pages, so the landing, pricing and resources pages do not carry their text.
import { AboutPage, CareersPage, CaseStudiesPage, IndustriesPage, PartnersPage } from './company-pages';
import { HelpPage } from './help-page';
import { PrivacyPage, SecurityPage, TermsPage } from './legal-pages';
import { ResourcePage } from './resource-page';
import { SitemapPage } from './sitemap-page';
import { SupportPage } from './support-page';

export const marketingContentChunk = {
  Resource: ResourcePage,
  Industries: IndustriesPage,
  CaseStudies: CaseStudiesPage,
  About: AboutPage,
  Careers: CareersPage,
  Partners: PartnersPage,
  Privacy: PrivacyPage,
  Terms: TermsPage,
  Security: SecurityPage,
  Sitemap: SitemapPage,
  Support: SupportPage,
  Help: HelpPage,
};

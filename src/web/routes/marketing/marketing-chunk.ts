// Entry of the public site's main lazy chunk: router.tsx loads this module once for the pages most visitors
// see. Long-form pages are in marketing-content-chunk.ts.
import { ComingSoonPage } from './coming-soon-page';
import { ContactPage } from './contact-page';
import { FeaturesPage } from './features-page';
import { HomePage } from './home-page';
import { MarketingLayout } from './marketing-layout';
import { PricingPage } from './pricing-page';
import { ResourcesPage } from './resources-page';

export const marketingChunk = {
  Layout: MarketingLayout,
  Home: HomePage,
  Pricing: PricingPage,
  Features: FeaturesPage,
  Contact: ContactPage,
  Resources: ResourcesPage,
  ComingSoon: ComingSoonPage,
};

import { LEGAL_UPDATED, privacyPolicy, securityPage, termsOfService } from '@web/content/legal';
import { DocumentPage } from '@web/features/marketing/components/document-page';

/** /privacy and /privacy-policy */
export function PrivacyPage() {
  return (
    <DocumentPage
      eyebrow="Legal"
      title="Privacy Policy"
      updated={LEGAL_UPDATED}
      description="What personal data StatusLink processes for businesses, their clients and website visitors, why, for how long, and your rights."
      source={privacyPolicy}
    />
  );
}

/** /terms and /terms-of-service */
export function TermsPage() {
  return (
    <DocumentPage
      eyebrow="Legal"
      title="Terms of Service"
      updated={LEGAL_UPDATED}
      description="The terms for using StatusLink: accounts, free trial and plans, your data, acceptable use, availability and liability."
      source={termsOfService}
    />
  );
}

/** /security */
export function SecurityPage() {
  return (
    <DocumentPage
      eyebrow="Security"
      title="Security at StatusLink"
      lead="The controls that protect your client list, as they are built into the product."
      description="How StatusLink protects client data: hashed passwords, HttpOnly session cookies, rate limits, a strict Content Security Policy and exact-match portal lookups."
      source={securityPage}
    />
  );
}

// Facts about the company shown on the public site, in one place.

/** Contact facts (spec 2.6 and 9). */
export const contactFacts = {
  salesEmail: 'sales@statuslink.app',
  supportEmail: 'support@statuslink.app',
  phone: '+1 (555) 010-4200',
  phoneHref: 'tel:+15550104200',
  addressLines: ['StatusLink', '100 Market Street, Suite 300', 'Philadelphia, PA 19106', 'United States'],
  responseTime: 'We answer every message within 24 business hours.',
  liveChat: 'Live chat is open weekdays, 9 am to 5 pm EST.',
} as const;

/** The company's social accounts (spec 2.2: a microblogging site, a professional network and a code host). */
export const socialLinks = [
  { label: 'StatusLink on X', href: 'https://x.com/statuslinkapp', icon: 'x' },
  { label: 'StatusLink on LinkedIn', href: 'https://www.linkedin.com/company/statuslink-app', icon: 'linkedin' },
  { label: 'StatusLink on GitHub', href: 'https://github.com/statuslink-app', icon: 'github' },
] as const;

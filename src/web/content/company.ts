// Facts about the company shown on the public site, in one place.

/**
 * Contact facts (spec 2.6 and 9). The sales and support addresses are platform settings (GET /api/public/config),
 * shown where they are set; nothing here is made up.
 */
export const contactFacts = {
  responseTime: 'We answer every message within 24 business hours.',
  hours: 'Our team answers weekdays, 9 am to 5 pm EST. Live chat is coming; until then, write to us.',
} as const;

/** The company's social accounts (spec 2.2: a microblogging site, a professional network and a code host). */
export const socialLinks = [
  { label: 'StatusLink on X', href: 'https://x.com/statuslinkapp', icon: 'x' },
  { label: 'StatusLink on LinkedIn', href: 'https://www.linkedin.com/company/statuslink-app', icon: 'linkedin' },
  { label: 'StatusLink on GitHub', href: 'https://github.com/statuslink-app', icon: 'github' },
] as const;

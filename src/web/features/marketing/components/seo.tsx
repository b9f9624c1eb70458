import { usePublicConfig } from '@web/features/config/api/use-public-config';

/**
 * A public page's title, description and social preview tags. React 19 hoists them into <head>; the pre-render
 * step (scripts/prerender.mjs) moves them there in the static HTML and adds the canonical URL.
 */
export function Seo({ title, description, fullTitle = false }: { title: string; description: string; fullTitle?: boolean }) {
  const { config } = usePublicConfig();
  const text = fullTitle ? title : `${title} | ${config.platformName}`;
  return (
    <>
      <title>{text}</title>
      <meta name="description" content={description} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={config.platformName} />
      <meta property="og:title" content={text} />
      <meta property="og:description" content={description} />
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={text} />
      <meta name="twitter:description" content={description} />
    </>
  );
}

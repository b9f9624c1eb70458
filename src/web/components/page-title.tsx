import { usePublicConfig } from '@web/features/config/api/use-public-config';

/** Sets the document title to 'Title | Platform'. */
export function PageTitle({ title }: { title: string }) {
  const { config } = usePublicConfig();
  return <title>{`${title} | ${config.platformName}`}</title>;
}

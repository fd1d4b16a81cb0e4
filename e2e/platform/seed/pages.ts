import type { ApiRecord } from '../api/entity';
import { slugify, type SeedRandom } from './random';

/** Titles of the demo school's pages beyond the well-known two. */
export const PAGE_TITLES = [
  'Teachers',
  'FAQ',
  'Contact',
  'Refund Policy',
  'Terms of Service',
  'Privacy',
  'Summer Camp',
  'Gift Cards',
  'Community',
  'Careers',
  'Press',
] as const;

/** A page titled `title`, or the one `fixed` names. */
export function seedPage(
  rnd: SeedRandom,
  title: string,
  fixed?: { id: string; slug: string; published: boolean },
): ApiRecord {
  const slug = fixed?.slug ?? slugify(title);
  const viteApp = rnd.chance(0.25);
  return {
    id: fixed?.id ?? rnd.uuid(),
    title,
    slug,
    pageType: viteApp ? 'vite_app' : 'static_page',
    pathPrefix: viteApp ? `/apps/${slug}` : `/${slug}`,
    published: fixed ? fixed.published : rnd.chance(0.7),
    ...rnd.times(),
  };
}

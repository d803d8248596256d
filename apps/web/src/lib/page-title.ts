import { useEffect } from 'react';
import { useT } from './i18n';

let school: string | undefined;

/**
 * The school's name as the server wrote it into the page's head (og:site_name, modules/seo), so titles
 * set while navigating name the school as the first page did; the build's own title in the dev server.
 */
function schoolName(): string {
  school ??=
    document.querySelector('meta[property="og:site_name"]')?.getAttribute('content') ?? document.title;
  return school;
}

/** Sets `document.title` for the page: "Membership | {school}". */
export function usePageTitle(title?: string) {
  const t = useT();
  const text = title
    ? t('common.title.page', { title, school: schoolName() })
    : t('common.title.home', { school: schoolName() });
  useEffect(() => {
    document.title = text;
  }, [text]);
}

import { useEffect } from 'react';
import { useT } from './i18n';

/** Sets `document.title` for the page: "Membership | Tokenly English". */
export function usePageTitle(title?: string) {
  const t = useT();
  const text = title ? t('common.title.page', { title }) : t('common.title.home');
  useEffect(() => {
    document.title = text;
  }, [text]);
}

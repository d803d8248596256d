import { useEffect } from 'react';

const SITE_NAME = 'Tokenly English';

/** Sets `document.title` for the page: "Membership | Tokenly English". */
export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : `${SITE_NAME}: live English classes with tokens`;
  }, [title]);
}

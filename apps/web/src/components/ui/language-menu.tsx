import { NativeSelect } from '@mantine/core';
import type { User } from '@tokenly/contract/auth';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { LOCALE_INFO, LOCALES, type Locale } from '@tokenly/i18n/locales';
import { useState } from 'react';
import { api } from '../../lib/api-client';
import { activateLocale, currentLocale, useT } from '../../lib/i18n';
import { sessionStore, useSession } from '../../lib/session';

const OPTIONS = LOCALES.map((locale) => ({ value: locale, label: LOCALE_INFO[locale].name }));

/**
 * The language menu of the header and the footer: each language named in itself, so a learner finds
 * theirs whatever the page is in. A signed-in learner's choice is kept in their account too, for mail.
 */
export function LanguageMenu({ hideLabel = false, id }: { hideLabel?: boolean; id: string }) {
  const t = useT();
  const session = useSession();
  const [busy, setBusy] = useState(false);
  return (
    <NativeSelect
      id={id}
      size="xs"
      label={hideLabel ? undefined : t('common.language.label')}
      aria-label={hideLabel ? t('common.language.label') : undefined}
      data={OPTIONS}
      value={currentLocale()}
      disabled={busy}
      onChange={async (event) => {
        const locale = event.currentTarget.value as Locale;
        setBusy(true);
        try {
          await activateLocale(locale);
          if (session.isLoggedIn) {
            const saved = await api.post<{ data: User }>(ENDPOINTS.userLocale.path, { locale });
            sessionStore.setUserData(saved.data);
          }
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

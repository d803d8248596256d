import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { LOCALE_INFO, LOCALES, type Locale } from '@tokenly/i18n/locales';
import { useState } from 'react';
import { api } from '../../lib/api-client';
import { activateLocale, currentLocale, useT } from '../../lib/i18n';
import { sessionStore, useSession } from '../../lib/session';
import classes from './language-menu.module.css';

/**
 * The language menu of the header and the footer: each language named in itself, so a learner finds
 * theirs whatever the page is in. A signed-in learner's choice is kept in their account too, for mail.
 * A native select rather than Mantine's: its Combobox brings Popover and floating-ui into every page's
 * first download, some 10 KB gzip, for a list that the browser draws well on every phone.
 */
export function LanguageMenu({ hideLabel = false, id }: { hideLabel?: boolean; id: string }) {
  const t = useT();
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const label = t('common.language.label');
  return (
    <span className={classes.field}>
      {!hideLabel && (
        <label htmlFor={id} className={classes.label}>
          {label}
        </label>
      )}
      <select
        id={id}
        className={classes.select}
        aria-label={hideLabel ? label : undefined}
        value={currentLocale()}
        disabled={busy}
        onChange={async (event) => {
          const locale = event.currentTarget.value as Locale;
          setBusy(true);
          try {
            await activateLocale(locale);
            if (session.isLoggedIn) {
              const saved = await api.call(ENDPOINTS.userLocale, { body: { locale } });
              sessionStore.setUserData(saved.data);
            }
          } finally {
            setBusy(false);
          }
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_INFO[locale].name}
          </option>
        ))}
      </select>
    </span>
  );
}

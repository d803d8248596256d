import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';

import { I18nProvider, useLingui } from '@lingui/react';
import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_LOCALE, isLocale, LOCALE_INFO } from '@tokenly/i18n/locales';
import { type ReactNode, useEffect } from 'react';
import { currentLocale, i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { OnDemandOverlayHosts } from './on-demand-overlay-hosts';
import { cssVariablesResolver, theme } from './theme';

/** Mantine's components follow the language's direction (Arabic runs right to left). */
function DirectionOfLanguage() {
  const { i18n: active } = useLingui();
  const { setDirection } = useDirection();
  const locale = isLocale(active.locale) ? active.locale : DEFAULT_LOCALE;
  useEffect(() => {
    setDirection(LOCALE_INFO[locale].dir);
  }, [locale, setDirection]);
  return null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <DirectionProvider initialDirection={LOCALE_INFO[currentLocale()].dir} detectDirection={false}>
        <DirectionOfLanguage />
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
          <QueryClientProvider client={queryClient}>
            {children}
            <OnDemandOverlayHosts />
          </QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nProvider>
  );
}

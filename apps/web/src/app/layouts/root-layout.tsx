import { Box } from '@mantine/core';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useT } from '../../lib/i18n';

/** Wraps every route: scroll restoration (and #anchors) plus a slim bar while a lazy page loads. */
export function RootLayout() {
  const t = useT();
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? (
        <Box
          role="progressbar"
          aria-label={t('common.loadingPage')}
          pos="fixed"
          top={0}
          h={3}
          bg="sun.5"
          style={{ insetInline: 0, zIndex: 1000 }}
        />
      ) : null}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

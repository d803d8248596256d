import { Box } from '@mantine/core';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';

/** Wraps every route: scroll restoration (and #anchors) plus a slim bar while a lazy page loads. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? (
        <Box
          role="progressbar"
          aria-label="Loading page"
          pos="fixed"
          top={0}
          left={0}
          right={0}
          h={3}
          bg="sun.5"
          style={{ zIndex: 1000 }}
        />
      ) : null}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { useHashScroll } from '../../lib/use-hash-scroll';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * Public pages: SPEC.md's "no layout" means neither the admin nor the user dashboard shell, so the
 * marketing header and footer frame them.
 */
export function PublicLayout() {
  useHashScroll();
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SiteHeader />
      <Box component="main" id="main" tabIndex={-1} style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <SiteFooter />
    </Box>
  );
}

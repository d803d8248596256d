import { Box } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ROUTES } from '../../config/routes';
import { InvitedBy } from '../../features/referrals/components/invited-by';
import { captureSponsor } from '../../features/referrals/hooks/capture-sponsor';
import { useHashScroll } from '../../lib/use-hash-scroll';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Where a visitor sent by a sponsor link is greeted with "Invited by" and the offer. */
const INVITED_PATHS = new Set<string>([ROUTES.home, ROUTES.membership, ROUTES.SignupForm, ROUTES.payment]);

/**
 * Public pages: SPEC.md's "no layout" means neither the admin nor the user dashboard shell, so the
 * marketing header and footer frame them. Any of them may carry a sponsor link's `?ref={url name}`.
 */
export function PublicLayout() {
  useHashScroll();
  const { pathname, search } = useLocation();
  const ref = new URLSearchParams(search).get('ref');
  useEffect(() => {
    if (ref) captureSponsor(ref);
  }, [ref]);
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SiteHeader />
      <Box component="main" id="main" tabIndex={-1} style={{ flex: 1 }}>
        {INVITED_PATHS.has(pathname) ? <InvitedBy /> : null}
        <Outlet />
      </Box>
      <SiteFooter />
    </Box>
  );
}

import { Box } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ROUTES } from '../../config/routes';
import { captureSponsor } from '../../features/referrals/hooks/capture-sponsor';
import { useSession } from '../../lib/session';
import { useHashScroll } from '../../lib/use-hash-scroll';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

// Loaded only for a visitor who came by a sponsor link: every other first load is spared its code.
const InvitedBy = lazy(() =>
  import('../../features/referrals/components/invited-by').then((module) => ({ default: module.InvitedBy })),
);

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
  const sponsored = useSession().userUrlName !== '';
  useEffect(() => {
    if (ref) captureSponsor(ref);
  }, [ref]);
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SiteHeader />
      <Box component="main" id="main" tabIndex={-1} style={{ flex: 1 }}>
        {sponsored && INVITED_PATHS.has(pathname) ? (
          <Suspense fallback={null}>
            <InvitedBy />
          </Suspense>
        ) : null}
        <Outlet />
      </Box>
      <SiteFooter />
    </Box>
  );
}

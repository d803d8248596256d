import { Box, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { MenuButton } from '../../components/ui/menu-button';
import { ROUTES } from '../../config/routes';
import { isAdmin, isLearner, useSession } from '../../lib/session';
import classes from './site-header.module.css';

const MobileMenu = lazy(() => import('./mobile-menu').then((module) => ({ default: module.MobileMenu })));

const MAIN_LINKS = [
  { label: 'Home', to: ROUTES.home },
  { label: 'Membership', to: ROUTES.membership },
  // Issue 18: the filterable week of classes, beside SPEC.md's entries.
  { label: 'Timetable', to: ROUTES.timetable },
];

/** The public header of SPEC.md section 1, with the slide menu below the `sm` breakpoint (768 px). */
export function SiteHeader() {
  const session = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  // The drawer's code loads on the first tap of the burger and then stays mounted for its transitions.
  const [menuRequested, setMenuRequested] = useState(false);
  const learner = isLearner(session);
  const admin = isAdmin(session);

  const accountActions = (fullWidth: boolean) => {
    if (learner) {
      return (
        <Button component={Link} to={ROUTES.userDashboard} onClick={close} fullWidth={fullWidth}>
          Dashboard
        </Button>
      );
    }
    if (admin) {
      return (
        <Button component={Link} to={ROUTES.adminDashboard} onClick={close} fullWidth={fullWidth}>
          Admin
        </Button>
      );
    }
    if (session.isLoggedIn && session.userRole === 'teacher') {
      return (
        <Button component={Link} to={ROUTES.teacherDashboard} onClick={close} fullWidth={fullWidth}>
          My classes
        </Button>
      );
    }
    return (
      <>
        <Button
          component={Link}
          to={ROUTES.LoginForm}
          variant="default"
          onClick={close}
          fullWidth={fullWidth}
        >
          Sign In
        </Button>
        <Button component={Link} to={ROUTES.SignupForm} onClick={close} fullWidth={fullWidth}>
          Register for Free
        </Button>
      </>
    );
  };

  return (
    <Box component="header" className={classes.header}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Container h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Logo />
          <Group component="nav" aria-label="Main" gap={4} visibleFrom="sm">
            {MAIN_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} end className={classes.link}>
                {link.label}
              </NavLink>
            ))}
          </Group>
          <Group gap="sm" visibleFrom="sm" wrap="nowrap">
            {accountActions(false)}
          </Group>
          <MenuButton
            opened={opened}
            onClick={() => {
              setMenuRequested(true);
              toggle();
            }}
            hiddenFrom="sm"
            aria-label="Open menu"
            aria-expanded={opened}
            aria-controls="mobile-menu"
          />
        </Group>
      </Container>

      {menuRequested ? (
        <Suspense fallback={null}>
          <MobileMenu opened={opened} onClose={close} links={MAIN_LINKS} actions={accountActions(true)} />
        </Suspense>
      ) : null}
    </Box>
  );
}

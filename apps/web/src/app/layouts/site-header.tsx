import { Box, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { LanguageMenu } from '../../components/ui/language-menu';
import { Logo } from '../../components/ui/logo';
import { MenuButton } from '../../components/ui/menu-button';
import { ROUTES } from '../../config/routes';
import { useT } from '../../lib/i18n';
import { isAdmin, isLearner, useSession } from '../../lib/session';
import classes from './site-header.module.css';

const MobileMenu = lazy(() => import('./mobile-menu').then((module) => ({ default: module.MobileMenu })));

const MAIN_LINKS = [
  { label: 'common.nav.home', to: ROUTES.home },
  { label: 'common.nav.membership', to: ROUTES.membership },
  // The filterable week of classes, beside SPEC.md's entries.
  { label: 'common.nav.timetable', to: ROUTES.timetable },
  { label: 'common.nav.placementTest', to: ROUTES.placementTest },
] as const;

/**
 * The public header of SPEC.md section 1, with the slide menu below the `md` breakpoint (992 px): at a
 * tablet's 768 px the links, the language menu and both buttons ran past the edge.
 */
export function SiteHeader() {
  const t = useT();
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
          {t('common.nav.dashboard')}
        </Button>
      );
    }
    if (admin) {
      return (
        <Button component={Link} to={ROUTES.adminDashboard} onClick={close} fullWidth={fullWidth}>
          {t('common.nav.admin')}
        </Button>
      );
    }
    if (session.isLoggedIn && session.userRole === 'teacher') {
      return (
        <Button component={Link} to={ROUTES.teacherDashboard} onClick={close} fullWidth={fullWidth}>
          {t('common.nav.myClasses')}
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
          {t('common.nav.signIn')}
        </Button>
        <Button component={Link} to={ROUTES.SignupForm} onClick={close} fullWidth={fullWidth}>
          {t('common.nav.register')}
        </Button>
      </>
    );
  };

  return (
    <Box component="header" className={classes.header}>
      <a className="skip-link" href="#main">
        {t('common.nav.skip')}
      </a>
      <Container h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Logo />
          <Group component="nav" aria-label={t('common.nav.main')} gap={4} visibleFrom="md">
            {MAIN_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} end className={classes.link}>
                {t(link.label)}
              </NavLink>
            ))}
          </Group>
          <Group gap="sm" visibleFrom="md" wrap="nowrap">
            <LanguageMenu id="header-language" hideLabel />
            {accountActions(false)}
          </Group>
          <MenuButton
            opened={opened}
            onClick={() => {
              setMenuRequested(true);
              toggle();
            }}
            hiddenFrom="md"
            aria-label={t('common.nav.openMenu')}
            aria-expanded={opened}
            aria-controls="mobile-menu"
          />
        </Group>
      </Container>

      {menuRequested ? (
        <Suspense fallback={null}>
          <MobileMenu
            opened={opened}
            onClose={close}
            links={MAIN_LINKS.map((link) => ({ label: t(link.label), to: link.to }))}
            actions={accountActions(true)}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}

import { Divider, Drawer, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { LanguageMenu } from '../../components/ui/language-menu';
import { FAQ_HASH, ROUTES } from '../../config/routes';
import { useT } from '../../lib/i18n';
import classes from './site-header.module.css';

type MobileMenuProps = {
  opened: boolean;
  onClose: () => void;
  links: { label: string; to: string }[];
  actions: ReactNode;
};

/** The slide menu of SPEC.md section 1 (Home, Membership, FAQ, Sign In, Register for Free). */
export function MobileMenu({ opened, onClose, links, actions }: MobileMenuProps) {
  const t = useT();
  return (
    <Drawer
      id="mobile-menu"
      opened={opened}
      onClose={onClose}
      title={t('common.nav.menu')}
      size="80%"
      position="right"
      hiddenFrom="md"
      closeButtonProps={{ 'aria-label': t('common.nav.closeMenu') }}
    >
      <Stack component="nav" aria-label={t('common.nav.mobile')} gap={4}>
        {links.map((link) => (
          <NavLink key={link.to} to={link.to} end className={classes.mobileLink} onClick={onClose}>
            {link.label}
          </NavLink>
        ))}
        <Link to={{ pathname: ROUTES.home, hash: FAQ_HASH }} className={classes.mobileLink} onClick={onClose}>
          {t('common.nav.faq')}
        </Link>
        <Divider my="sm" />
        <Stack gap="sm">{actions}</Stack>
        <LanguageMenu id="mobile-language" />
      </Stack>
    </Drawer>
  );
}

import { Divider, Drawer, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { FAQ_HASH, ROUTES } from '../../config/routes';
import classes from './site-header.module.css';

type MobileMenuProps = {
  opened: boolean;
  onClose: () => void;
  links: { label: string; to: string }[];
  actions: ReactNode;
};

/** The slide menu of SPEC.md section 1 (Home, Membership, FAQ, Sign In, Register for Free). */
export function MobileMenu({ opened, onClose, links, actions }: MobileMenuProps) {
  return (
    <Drawer
      id="mobile-menu"
      opened={opened}
      onClose={onClose}
      title="Menu"
      size="80%"
      position="right"
      hiddenFrom="sm"
      closeButtonProps={{ 'aria-label': 'Close menu' }}
    >
      <Stack component="nav" aria-label="Mobile" gap={4}>
        {links.map((link) => (
          <NavLink key={link.to} to={link.to} end className={classes.mobileLink} onClick={onClose}>
            {link.label}
          </NavLink>
        ))}
        <Link to={{ pathname: ROUTES.home, hash: FAQ_HASH }} className={classes.mobileLink} onClick={onClose}>
          FAQ
        </Link>
        <Divider my="sm" />
        <Stack gap="sm">{actions}</Stack>
      </Stack>
    </Drawer>
  );
}

import {
  ActionIcon,
  AppShell,
  Avatar,
  Box,
  Button,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Text,
  TextInput,
  UnstyledButton,
  useDirection,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { IconArrowRight, IconLogout, IconSearch, IconUser } from '../../components/ui/icons';
import { Logo } from '../../components/ui/logo';
import { MenuButton } from '../../components/ui/menu-button';
import { useLogout } from '../../features/auth/api/logout';
import { useT } from '../../lib/i18n';
import { useSession } from '../../lib/session';

export type NavItem = {
  label: string;
  icon: ComponentType<{ size?: number }>;
  to?: string;
  children?: { label: string; to: string }[];
};

type DashboardShellProps = {
  /** Names the sidebar landmark, e.g. "Admin". */
  area: string;
  /** Shown under the person's name in the profile menu. */
  roleLabel: string;
  items: NavItem[];
  homePath: string;
  profilePath: string;
  logoutRedirect: string;
  /** Where the top bar's search shows its results (`?q=`); without it the box does nothing (SPEC.md). */
  searchPath?: string;
  /** A notice above every page of the area (the learner's email verification). */
  banner?: ReactNode;
};

const isActive = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

function initials(name: string) {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase() ?? '')
      .join('') || '?'
  );
}

/**
 * A sidebar entry that opens its submenu. An <a role="button"> rather than a <button>: Mantine's NavLink
 * puts a <div> inside, which a <button> may not hold (an <a> without href is not focusable by itself,
 * hence tabIndex). Space is handled by NavLink, Enter here, as a button does.
 */
function NavGroup({
  item,
  childItems,
  pathname,
}: {
  item: NavItem;
  childItems: { label: string; to: string }[];
  pathname: string;
}) {
  const [opened, setOpened] = useState(() => childItems.some((child) => isActive(pathname, child.to)));
  return (
    <NavLink
      component="a"
      role="button"
      tabIndex={0}
      aria-expanded={opened}
      opened={opened}
      onChange={setOpened}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        setOpened(!opened);
      }}
      label={item.label}
      leftSection={<item.icon size={18} />}
      childrenOffset={32}
      fw={600}
    >
      {childItems.map((child) => (
        <NavLink
          key={child.to}
          component={Link}
          to={child.to}
          label={child.label}
          active={isActive(pathname, child.to)}
          aria-current={isActive(pathname, child.to) ? 'page' : undefined}
        />
      ))}
    </NavLink>
  );
}

/**
 * Sidebar + top bar of SPEC.md section 2, shared by the admin, teacher and user layouts. The admin's and
 * the teacher's routes load only the public bundle, so the words all three share are in the auth area
 * (signing in and out, the account menu); the admin's search stays English, as the admin's screens do.
 */
export function DashboardShell({
  area,
  roleLabel,
  items,
  homePath,
  profilePath,
  logoutRedirect,
  searchPath,
  banner,
}: DashboardShellProps) {
  const t = useT();
  const { dir } = useDirection();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const logout = useLogout(logoutRedirect);
  const name = session.userData?.name ?? roleLabel;

  // The drawer is a mobile convenience: close it once a link has been followed.
  useEffect(() => close(), [pathname]);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
      bg="gray.0"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <MenuButton
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              aria-label={t('common.nav.openMenu')}
              aria-expanded={opened}
              aria-controls="dashboard-navigation"
            />
            <Logo to={homePath} />
          </Group>
          {searchPath ? (
            <Box
              component="form"
              role="search"
              visibleFrom="md"
              onSubmit={(event) => {
                event.preventDefault();
                const q = new FormData(event.currentTarget).get('q')?.toString().trim();
                if (q) navigate(`${searchPath}?${new URLSearchParams({ q })}`);
              }}
            >
              <TextInput
                name="q"
                aria-label={t('auth.shell.search')}
                placeholder="Search students, classes, payments…"
                leftSection={<IconSearch size={16} />}
                rightSection={
                  <ActionIcon type="submit" variant="subtle" radius="xl" aria-label="Show search results">
                    <IconArrowRight
                      size={16}
                      style={dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined}
                    />
                  </ActionIcon>
                }
                w={320}
                radius="xl"
              />
            </Box>
          ) : (
            // SPEC.md: the learner's search box does nothing yet.
            <TextInput
              aria-label={t('auth.shell.search')}
              placeholder={t('auth.shell.searchPlaceholder')}
              leftSection={<IconSearch size={16} />}
              visibleFrom="md"
              w={320}
              radius="xl"
            />
          )}
          <Menu position="bottom-end" width={220} shadow="md">
            <Menu.Target>
              {/* Spans throughout: a <button> holds phrasing content only. */}
              {/* Named by its content, not aria-label: axe wants a widget's visible text inside its name,
                  and on a phone only the initials show. */}
              <UnstyledButton
                style={{
                  borderRadius: 999,
                  display: 'flex',
                  alignItems: 'center',
                  gap: 'var(--mantine-spacing-xs)',
                }}
              >
                <VisuallyHidden>{t('auth.shell.accountMenu', { name })}</VisuallyHidden>
                <Avatar component="span" color="brand" radius="xl" size={36} aria-hidden>
                  {initials(name)}
                </Avatar>
                <Box component="span" visibleFrom="xs" style={{ lineHeight: 1.2 }} aria-hidden>
                  <Text component="span" display="block" fw={600} size="sm" lineClamp={1} maw={160}>
                    {name}
                  </Text>
                  <Text component="span" display="block" size="xs" c="dimmed">
                    {roleLabel}
                  </Text>
                </Box>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{roleLabel}</Menu.Label>
              <Menu.Item component={Link} to={profilePath} leftSection={<IconUser size={16} />}>
                {t('auth.shell.profile')}
              </Menu.Item>
              <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => logout.mutate()}>
                {t('auth.shell.logOut')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar id="dashboard-navigation" aria-label={t('auth.shell.navigation', { area })} p="sm">
        <AppShell.Section grow component={ScrollArea}>
          {items.map((item) =>
            item.children ? (
              <NavGroup key={item.label} item={item} childItems={item.children} pathname={pathname} />
            ) : item.to ? (
              <NavLink
                key={item.label}
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={<item.icon size={18} />}
                active={isActive(pathname, item.to)}
                aria-current={isActive(pathname, item.to) ? 'page' : undefined}
                fw={600}
              />
            ) : null,
          )}
        </AppShell.Section>
        <AppShell.Section pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          <Button
            variant="subtle"
            color="gray"
            c="gray.9"
            fullWidth
            justify="flex-start"
            leftSection={<IconLogout size={18} />}
            onClick={() => logout.mutate()}
            loading={logout.isPending}
          >
            {t('auth.shell.logOut')}
          </Button>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <Box id="main" maw={1200} mx="auto">
          {banner}
          <Outlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

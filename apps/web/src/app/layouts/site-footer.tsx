import { Anchor, Box, Container, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { MessageKey } from '@tokenly/i18n/keys';
import { Link } from 'react-router';
import { LanguageMenu } from '../../components/ui/language-menu';
import { Logo } from '../../components/ui/logo';
import { ROUTES } from '../../config/routes';
import { useStoreAddresses } from '../../features/marketing/api/site-content-query';
import { useT } from '../../lib/i18n';
import classes from './site-footer.module.css';

type FooterLink = { label: MessageKey; to: string };

// SPEC.md section 1: a static footer (About, Community and legal links, app-store badges, copyright).
const GROUPS: { title: MessageKey; links: FooterLink[] }[] = [
  {
    title: 'common.footer.about',
    links: [
      { label: 'common.footer.aboutUs', to: ROUTES.aboutUs },
      { label: 'common.nav.membership', to: ROUTES.membership },
      { label: 'common.footer.tokenPackages', to: ROUTES.payment },
    ],
  },
  {
    title: 'common.footer.community',
    links: [
      { label: 'common.footer.blog', to: ROUTES.blogs },
      { label: 'common.footer.club', to: ROUTES.membership },
      { label: 'common.footer.contact', to: `${ROUTES.home}#contact` },
    ],
  },
  {
    title: 'common.footer.legal',
    links: [
      { label: 'common.footer.terms', to: `${ROUTES.aboutUs}#terms` },
      { label: 'common.footer.privacy', to: `${ROUTES.aboutUs}#privacy` },
      { label: 'common.footer.cookies', to: `${ROUTES.aboutUs}#cookies` },
    ],
  },
];

export function SiteFooter() {
  const t = useT();
  const addresses = useStoreAddresses();
  // A badge only for an app the school has: its store address is a school setting.
  const stores = [
    { top: 'common.footer.storeApple.top', name: 'App Store', href: addresses?.app },
    { top: 'common.footer.storeGoogle.top', name: 'Google Play', href: addresses?.play },
  ] as const;
  return (
    <Box component="footer" className={classes.footer}>
      <Container py={48}>
        {/* A CSS grid rather than SimpleGrid: every page's first download carries the footer. */}
        <div className={classes.columns}>
          <Stack gap="md">
            <Logo inverted />
            <Text size="sm" className={classes.muted}>
              {t('common.footer.tagline')}
            </Text>
            <Group gap="sm">
              {stores.map((store) =>
                store.href ? (
                  <a
                    key={store.name}
                    href={store.href}
                    className={classes.badge}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    <span className={classes.badgeTop}>{t(store.top)} </span>
                    <span className={classes.badgeName}>{store.name}</span>
                    <VisuallyHidden> {t('common.footer.newTab')}</VisuallyHidden>
                  </a>
                ) : null,
              )}
            </Group>
          </Stack>
          {GROUPS.map((group) => (
            <Stack key={group.title} gap="xs" component="nav" aria-label={t(group.title)}>
              <Text component="h2" fw={700} fz="sm" tt="uppercase" className={classes.groupTitle}>
                {t(group.title)}
              </Text>
              {group.links.map((link) => (
                <Anchor key={link.label} component={Link} to={link.to} className={classes.link} fz="sm">
                  {t(link.label)}
                </Anchor>
              ))}
            </Stack>
          ))}
        </div>
        <Group mt={40} pt="lg" justify="space-between" align="end" className={classes.copyright}>
          <Text size="sm">{t('common.footer.copyright', { year: new Date().getFullYear() })}</Text>
          <LanguageMenu id="footer-language" />
        </Group>
      </Container>
    </Box>
  );
}

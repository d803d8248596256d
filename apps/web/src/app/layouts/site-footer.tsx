import { Anchor, Box, Container, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { ABOUT_SLUG } from '@tokenly/contract/constants';
import type { SitePageLink } from '@tokenly/contract/site-content';
import type { MessageKey } from '@tokenly/i18n/keys';
import { Link } from 'react-router';
import { LanguageMenu } from '../../components/ui/language-menu';
import { Logo } from '../../components/ui/logo';
import { ROUTES } from '../../config/routes';
import { useFooterContent } from '../../features/marketing/api/site-content-query';
import { useT } from '../../lib/i18n';
import classes from './site-footer.module.css';

/** A link of ours (its words from the catalogs) or of one of the school's pages (its own title). */
type FooterLink = { label: MessageKey; to: string } | { text: string; to: string };

/** The school's pages of the legal group; its other published pages join the About group. */
const LEGAL_SLUGS = ['terms', 'privacy', 'cookies'];

// SPEC.md section 1: a footer of About, Community and legal links, app-store badges and copyright. The
// school's published pages are linked by their titles, About us first.
function footerGroups(pages: SitePageLink[]): { title: MessageKey; links: FooterLink[] }[] {
  const linkOf = (page: SitePageLink): FooterLink => ({
    text: page.title,
    to: page.slug === ABOUT_SLUG ? ROUTES.aboutUs : ROUTES.sitePage(page.slug),
  });
  const legal = pages.filter((page) => LEGAL_SLUGS.includes(page.slug));
  const own = pages.filter((page) => !LEGAL_SLUGS.includes(page.slug));
  return [
    {
      title: 'common.footer.about',
      links: [
        ...own.map(linkOf),
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
    { title: 'common.footer.legal', links: legal.map(linkOf) },
  ];
}

export function SiteFooter() {
  const t = useT();
  const { stores: addresses, pages } = useFooterContent();
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
          {footerGroups(pages)
            .filter((group) => group.links.length > 0)
            .map((group) => (
              <Stack key={group.title} gap="xs" component="nav" aria-label={t(group.title)}>
                <Text component="h2" fw={700} fz="sm" tt="uppercase" className={classes.groupTitle}>
                  {t(group.title)}
                </Text>
                {group.links.map((link) => (
                  <Anchor key={link.to} component={Link} to={link.to} className={classes.link} fz="sm">
                    {'text' in link ? link.text : t(link.label)}
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

import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { ROUTES } from '../../config/routes';
import classes from './site-footer.module.css';

type FooterLink = { label: string; to: string };

// SPEC.md section 1: a static footer (About, Community and legal links, app-store badges, copyright).
const GROUPS: { title: string; links: FooterLink[] }[] = [
  {
    title: 'About',
    links: [
      { label: 'About us', to: ROUTES.aboutUs },
      { label: 'Membership', to: ROUTES.membership },
      { label: 'Token packages', to: ROUTES.payment },
    ],
  },
  {
    title: 'Community',
    links: [
      { label: 'Blog', to: ROUTES.blogs },
      { label: 'Conversation Club', to: ROUTES.membership },
      { label: 'Contact us', to: `${ROUTES.home}#contact` },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of service', to: `${ROUTES.aboutUs}#terms` },
      { label: 'Privacy policy', to: `${ROUTES.aboutUs}#privacy` },
      { label: 'Cookie policy', to: `${ROUTES.aboutUs}#cookies` },
    ],
  },
];

const STORES = [
  { top: 'Download on the', name: 'App Store', href: 'https://www.apple.com/app-store/' },
  { top: 'Get it on', name: 'Google Play', href: 'https://play.google.com/store' },
];

export function SiteFooter() {
  return (
    <Box component="footer" className={classes.footer}>
      <Container py={48}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="md">
            <Logo inverted />
            <Text size="sm" className={classes.muted}>
              Live English classes in small groups. Buy tokens once, book any class you like.
            </Text>
            <Group gap="sm">
              {STORES.map((store) => (
                <a
                  key={store.name}
                  href={store.href}
                  className={classes.badge}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <span className={classes.badgeTop}>{store.top} </span>
                  <span className={classes.badgeName}>{store.name}</span>
                  <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                </a>
              ))}
            </Group>
          </Stack>
          {GROUPS.map((group) => (
            <Stack key={group.title} gap="xs" component="nav" aria-label={group.title}>
              <Text component="h2" fw={700} fz="sm" tt="uppercase" className={classes.groupTitle}>
                {group.title}
              </Text>
              {group.links.map((link) => (
                <Anchor key={link.label} component={Link} to={link.to} className={classes.link} fz="sm">
                  {link.label}
                </Anchor>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Text size="sm" mt={40} pt="lg" className={classes.copyright}>
          © {new Date().getFullYear()} Tokenly English. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}

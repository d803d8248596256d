import {
  Anchor,
  Badge,
  Box,
  Button,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { LEVELS } from '@tokenly/contract/constants';
import type { SiteHero } from '@tokenly/contract/site-content';
import { Link } from 'react-router';
import { ROUTES } from '../../../config/routes';
import { useT } from '../../../lib/i18n';
import { useSiteContent } from '../api/get-site-content';
import classes from './home-banner.module.css';
import { TodaysClasses } from './todays-classes';

/** The hero's words, as the school wrote them in the Site section; their outline while they load. */
function HeroWords({ hero }: { hero: SiteHero | undefined }) {
  if (!hero)
    return (
      <Stack gap="lg" aria-hidden="true">
        <Skeleton height={28} width={200} radius="sm" opacity={0.25} />
        <Skeleton height={120} radius="sm" opacity={0.25} />
        <Skeleton height={56} radius="sm" opacity={0.25} />
      </Stack>
    );
  return (
    <>
      {hero.badge ? (
        <Badge color="sun.3" c="dark.8" size="lg" radius="sm" tt="none" w="fit-content" maw="100%">
          {hero.badge}
        </Badge>
      ) : null}
      <Title order={1} className={classes.title}>
        {hero.title}
      </Title>
      {hero.lead ? (
        <Text fz={{ base: 'md', sm: 'xl' }} className={classes.lead}>
          {hero.lead}
        </Text>
      ) : null}
    </>
  );
}

/** The home banner (SPEC.md section 1), its words and picture the school's. */
export function HomeBanner() {
  const t = useT();
  const { data } = useSiteContent();
  const hero = data?.hero;
  // What the school's coming classes are like; a fact it has no classes for yet is left out.
  const facts = [
    data?.facts.class_minutes
      ? {
          id: 'length',
          value: t('marketing.banner.facts.length', { minutes: data.facts.class_minutes }),
          label: t('marketing.banner.facts.lengthLabel'),
        }
      : null,
    data?.facts.group_size
      ? {
          id: 'group-size',
          value: t('marketing.banner.facts.groupSize', { size: data.facts.group_size }),
          label: t('marketing.banner.facts.groupSizeLabel'),
        }
      : null,
    { id: 'levels', value: String(LEVELS.length), label: t('marketing.banner.facts.levelsLabel') },
  ].filter((fact) => fact !== null);
  return (
    <Box
      className={classes.banner}
      // The school's picture under the banner's colours, which keep the white words readable.
      style={hero?.image_url ? { '--hero-image': `url(${JSON.stringify(hero.image_url)})` } : undefined}
      data-image={hero?.image_url ? '' : undefined}
    >
      <Container py={{ base: 48, sm: 88 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
          <Stack gap="lg">
            <HeroWords hero={hero} />
            <Group gap="sm">
              <Button component={Link} to={ROUTES.SignupForm} size="lg" color="sun.3" c="dark.8">
                {t('marketing.banner.start')}
              </Button>
              <Button component={Link} to={ROUTES.membership} size="lg" variant="outline" color="white">
                {t('marketing.banner.plans')}
              </Button>
            </Group>
            <Anchor component={Link} to={ROUTES.placementTest} c="white" fw={600} underline="always">
              {t('marketing.banner.placementTest')}
            </Anchor>
            <Group gap={32} mt="sm">
              {facts.map((fact) => (
                <div key={fact.id}>
                  <Text fz={28} fw={800} lh={1.1} c="white">
                    {fact.value}
                  </Text>
                  <Text fz="sm" className={classes.lead}>
                    {fact.label}
                  </Text>
                </div>
              ))}
            </Group>
          </Stack>
          <TodaysClasses />
        </SimpleGrid>
      </Container>
    </Box>
  );
}

import { Badge, Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { LEVELS } from '@tokenly/contract/constants';
import { Link } from 'react-router';
import { RichMessage } from '../../../components/ui/rich-message';
import { ROUTES } from '../../../config/routes';
import { useT } from '../../../lib/i18n';
import classes from './home-banner.module.css';
import { TodaysClasses } from './todays-classes';

/** The home banner (SPEC.md section 1). */
export function HomeBanner() {
  const t = useT();
  const facts = [
    {
      id: 'length',
      value: t('marketing.banner.facts.length', { minutes: 50 }),
      label: t('marketing.banner.facts.lengthLabel'),
    },
    {
      id: 'group-size',
      value: t('marketing.banner.facts.groupSize', { size: 8 }),
      label: t('marketing.banner.facts.groupSizeLabel'),
    },
    { id: 'levels', value: String(LEVELS.length), label: t('marketing.banner.facts.levelsLabel') },
  ];
  return (
    <Box className={classes.banner}>
      <Container py={{ base: 48, sm: 88 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
          <Stack gap="lg">
            <Badge color="sun.3" c="dark.8" size="lg" radius="sm" tt="none" w="fit-content">
              {t('marketing.banner.badge')}
            </Badge>
            <Title order={1} className={classes.title}>
              <RichMessage
                id="marketing.banner.title"
                components={{ 0: <span className={classes.accent} /> }}
              />
            </Title>
            <Text fz={{ base: 'md', sm: 'xl' }} className={classes.lead}>
              {t('marketing.banner.lead')}
            </Text>
            <Group gap="sm">
              <Button component={Link} to={ROUTES.SignupForm} size="lg" color="sun.3" c="dark.8">
                {t('marketing.banner.start')}
              </Button>
              <Button component={Link} to={ROUTES.membership} size="lg" variant="outline" color="white">
                {t('marketing.banner.plans')}
              </Button>
            </Group>
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

import { Badge, Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ROUTES } from '../../../config/routes';
import classes from './home-banner.module.css';
import { TodaysClasses } from './todays-classes';

const FACTS = [
  { value: '50 min', label: 'live classes' },
  { value: '≤ 8', label: 'learners a group' },
  { value: '3', label: 'levels' },
];

/** The home banner (SPEC.md section 1). */
export function HomeBanner() {
  return (
    <Box className={classes.banner}>
      <Container py={{ base: 48, sm: 88 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
          <Stack gap="lg">
            <Badge color="sun.3" c="dark.8" size="lg" radius="sm" tt="none" w="fit-content">
              Live online English school
            </Badge>
            <Title order={1} className={classes.title}>
              Speak English with confidence, <span className={classes.accent}>one class at a time</span>
            </Title>
            <Text fz={{ base: 'md', sm: 'xl' }} className={classes.lead}>
              Small live classes with expert teachers. Buy tokens once, then book the classes that fit your
              week: no rigid timetable, no long contracts.
            </Text>
            <Group gap="sm">
              <Button component={Link} to={ROUTES.SignupForm} size="lg" color="sun.3" c="dark.8">
                Start learning for free
              </Button>
              <Button component={Link} to={ROUTES.membership} size="lg" variant="outline" color="white">
                View membership plans
              </Button>
            </Group>
            <Group gap={32} mt="sm">
              {FACTS.map((fact) => (
                <div key={fact.label}>
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

import { Badge, Card, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { Section } from '../../../components/ui/section';
import { useT } from '../../../lib/i18n';
import { levelKey } from '../../timetable/level-label';
import { COURSES } from '../utils/courses';

/** SPEC.md section 1: six course tabs, three offers each. */
export function CourseTabs() {
  const t = useT();
  return (
    <Section
      id="courses"
      eyebrow={t('marketing.courses.eyebrow')}
      title={t('marketing.courses.title')}
      description={t('marketing.courses.description')}
    >
      <Tabs defaultValue={COURSES[0]?.id} variant="pills" radius="xl">
        <Tabs.List mb="xl" style={{ gap: 8 }}>
          {COURSES.map((course) => (
            <Tabs.Tab key={course.id} value={course.id} fw={600}>
              {t(course.label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {COURSES.map((course) => (
          <Tabs.Panel key={course.id} value={course.id}>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
              {course.offers.map((offer) => (
                <Card key={offer.title} shadow="xs">
                  <Stack gap="sm">
                    <Group gap="xs">
                      <Badge variant="light" color="brand" tt="none">
                        {t(levelKey(offer.level))}
                      </Badge>
                      <Badge variant="outline" color="gray.7" tt="none">
                        {t('marketing.courses.classes', { count: offer.classes })}
                      </Badge>
                    </Group>
                    <Title order={3} fz="lg">
                      {t(offer.title)}
                    </Title>
                    <Text c="dimmed" fz="sm">
                      {t(offer.text)}
                    </Text>
                    <Text fz="sm" fw={600} c="brand.8">
                      {t('marketing.courses.tokensPerClass', { count: offer.tokens })}
                    </Text>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Section>
  );
}

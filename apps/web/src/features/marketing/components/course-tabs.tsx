import { Anchor, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import type { PublicCourse } from '@tokenly/contract/site';
import { Link } from 'react-router';
import { Section } from '../../../components/ui/section';
import { ROUTES } from '../../../config/routes';
import { useT } from '../../../lib/i18n';
import { useSiteContent } from '../api/get-site-content';

function CourseCard({ course }: { course: PublicCourse }) {
  const t = useT();
  return (
    <Card shadow="xs" style={{ borderTop: `4px solid ${course.color ?? 'var(--mantine-color-gray-3)'}` }}>
      <Stack gap="sm" h="100%">
        {course.level_range || course.format ? (
          <Group gap="xs">
            {course.level_range ? (
              <Badge variant="light" color="brand" tt="none" maw="100%">
                {course.level_range}
              </Badge>
            ) : null}
            {course.format ? (
              <Badge variant="outline" color="gray.7" tt="none" maw="100%">
                {course.format}
              </Badge>
            ) : null}
          </Group>
        ) : null}
        <Title order={3} fz="lg">
          {course.title}
        </Title>
        {course.description ? (
          <Text c="dimmed" fz="sm">
            {course.description}
          </Text>
        ) : null}
        <Text fz="sm" fw={600} c="brand.8">
          {course.club
            ? t('booking.club.needsPass')
            : t('marketing.courses.tokensPerClass', { count: course.credits })}
        </Text>
        <Anchor component={Link} to={`${ROUTES.timetable}?type=${course.id}`} fw={600} fz="sm" mt="auto">
          {t('marketing.courses.seeClasses', { title: course.title })}
        </Anchor>
      </Stack>
    </Card>
  );
}

/** SPEC.md section 1: course tabs, each showing its offers: the school's class types, tab by tab. */
export function CourseTabs() {
  const t = useT();
  const site = useSiteContent();
  const tabs = site.data?.course_tabs;
  if (site.isError || tabs?.length === 0) return null;
  return (
    <Section
      id="courses"
      eyebrow={t('marketing.courses.eyebrow')}
      title={t('marketing.courses.title')}
      description={t('marketing.courses.description')}
    >
      {tabs ? (
        <Tabs defaultValue="0" variant="pills" radius="xl">
          <Tabs.List mb="xl" style={{ gap: 8 }}>
            {tabs.map((tab, index) => (
              <Tabs.Tab key={tab.name} value={String(index)} fw={600}>
                {tab.name}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map((tab, index) => (
            <Tabs.Panel key={tab.name} value={String(index)}>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
                {tab.courses.map((course) => (
                  <CourseCard key={course.id} course={course} />
                ))}
              </SimpleGrid>
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : (
        <Skeleton height={280} radius="lg" role="status" aria-label={t('marketing.loading')} />
      )}
    </Section>
  );
}

import { Badge, Card, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { Section } from '../../../components/ui/section';
import { COURSES } from '../utils/courses';

/** SPEC.md section 1: six course tabs, three offers each. */
export function CourseTabs() {
  return (
    <Section
      id="courses"
      eyebrow="Courses"
      title="Find the English you need"
      description="From everyday conversation to the vocabulary of your job: every course runs as live 50-minute classes you book with tokens."
    >
      <Tabs defaultValue={COURSES[0]?.id} variant="pills" radius="xl">
        <Tabs.List mb="xl" style={{ gap: 8 }}>
          {COURSES.map((course) => (
            <Tabs.Tab key={course.id} value={course.id} fw={600}>
              {course.name}
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
                        {offer.level}
                      </Badge>
                      <Badge variant="outline" color="gray.7" tt="none">
                        {offer.classes} classes
                      </Badge>
                    </Group>
                    <Title order={3} fz="lg">
                      {offer.title}
                    </Title>
                    <Text c="dimmed" fz="sm">
                      {offer.text}
                    </Text>
                    <Text fz="sm" fw={600} c="brand.8">
                      {offer.tokens} {offer.tokens === 1 ? 'token' : 'tokens'} per class
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

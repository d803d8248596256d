import { Avatar, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { MessageKey } from '@tokenly/i18n/keys';
import { Section } from '../../../components/ui/section';
import { useT } from '../../../lib/i18n';

// A mentor's tags are the home page's course names, and the club.
const MENTORS: {
  name: string;
  initials: string;
  color: string;
  role: MessageKey;
  text: MessageKey;
  tags: MessageKey[];
}[] = [
  {
    name: 'Sarah Mitchell',
    initials: 'SM',
    color: 'brand',
    role: 'marketing.mentors.sarah.role',
    text: 'marketing.mentors.sarah.text',
    tags: ['marketing.course.leadership.name', 'marketing.course.communication.name'],
  },
  {
    name: 'David Okafor',
    initials: 'DO',
    color: 'teal',
    role: 'marketing.mentors.david.role',
    text: 'marketing.mentors.david.text',
    tags: ['marketing.course.webDevelopment.name', 'marketing.course.itCertifications.name'],
  },
  {
    name: 'Elena Rossi',
    initials: 'ER',
    color: 'grape',
    role: 'marketing.mentors.elena.role',
    text: 'marketing.mentors.elena.text',
    tags: ['marketing.course.generalEnglish.name', 'marketing.mentors.clubTag'],
  },
];

/** SPEC.md section 1: mentor section. */
export function MentorSection() {
  const t = useT();
  return (
    <Section
      id="mentors"
      eyebrow={t('marketing.mentors.eyebrow')}
      title={t('marketing.mentors.title')}
      description={t('marketing.mentors.description')}
      bg="gray.0"
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {MENTORS.map((mentor) => (
          <Card key={mentor.name}>
            <Stack gap="sm">
              <Group wrap="nowrap">
                <Avatar size={56} radius="xl" color={`${mentor.color}.9`} variant="filled">
                  {mentor.initials}
                </Avatar>
                <div>
                  <Title order={3} fz="lg">
                    {mentor.name}
                  </Title>
                  <Text fz="sm" c="dimmed">
                    {t(mentor.role)}
                  </Text>
                </div>
              </Group>
              <Text fz="sm">{t(mentor.text)}</Text>
              <Group gap={6}>
                {mentor.tags.map((tag) => (
                  <Badge key={tag} variant="outline" color="gray.7" tt="none">
                    {t(tag)}
                  </Badge>
                ))}
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Section>
  );
}

import { Avatar, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Section } from '../../../components/ui/section';

const MENTORS = [
  {
    name: 'Sarah Mitchell',
    initials: 'SM',
    color: 'brand',
    role: 'Head teacher · Business English',
    text: 'CELTA and DELTA qualified, nine years of helping professionals run meetings and negotiations in English.',
    tags: ['Leadership', 'Communication'],
  },
  {
    name: 'David Okafor',
    initials: 'DO',
    color: 'teal',
    role: 'Tech English mentor',
    text: 'A former software engineer who now teaches developers to review code, write docs and ace interviews.',
    tags: ['Web Development', 'IT Certifications'],
  },
  {
    name: 'Elena Rossi',
    initials: 'ER',
    color: 'grape',
    role: 'Pronunciation coach · Conversation Club',
    text: 'Makes shy speakers talkative. Elena hosts the Conversation Club and our pronunciation workshops.',
    tags: ['General English', 'Conversation Club'],
  },
];

/** SPEC.md section 1: mentor section. */
export function MentorSection() {
  return (
    <Section
      id="mentors"
      eyebrow="Mentors"
      title="Learn from teachers who care"
      description="Every class is led live by an experienced, certified teacher, never a recording."
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
                    {mentor.role}
                  </Text>
                </div>
              </Group>
              <Text fz="sm">{mentor.text}</Text>
              <Group gap={6}>
                {mentor.tags.map((tag) => (
                  <Badge key={tag} variant="outline" color="gray.7" tt="none">
                    {tag}
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

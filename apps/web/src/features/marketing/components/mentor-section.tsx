import { Anchor, Avatar, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { PublicTeacher } from '@tokenly/contract/site';
import { Link } from 'react-router';
import { Section } from '../../../components/ui/section';
import { ROUTES } from '../../../config/routes';
import { useT } from '../../../lib/i18n';
import { useSiteContent } from '../api/get-site-content';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

function TeacherCard({ teacher }: { teacher: PublicTeacher }) {
  const t = useT();
  return (
    <Card>
      <Stack gap="sm" h="100%">
        <Group wrap="nowrap">
          {/* The photo is decoration beside the name; without one, the initials. */}
          <Avatar src={teacher.photo_url} alt="" size={56} radius="xl" color="brand.9" variant="filled">
            {initialsOf(teacher.name)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Title order={3} fz="lg">
              {teacher.name}
            </Title>
            {teacher.headline ? (
              <Text fz="sm" c="dimmed">
                {teacher.headline}
              </Text>
            ) : null}
          </div>
        </Group>
        {teacher.bio ? <Text fz="sm">{teacher.bio}</Text> : null}
        {teacher.tags.length > 0 ? (
          <Group gap={6}>
            {teacher.tags.map((tag) => (
              <Badge key={tag} variant="outline" color="gray.7" tt="none" maw="100%">
                {tag}
              </Badge>
            ))}
          </Group>
        ) : null}
        <Anchor component={Link} to={`${ROUTES.timetable}?teacher=${teacher.id}`} fw={600} fz="sm" mt="auto">
          {t('marketing.mentors.classes', { name: teacher.name })}
        </Anchor>
      </Stack>
    </Card>
  );
}

/** SPEC.md section 1: mentor section, the school's teachers whose profile is public. */
export function MentorSection() {
  const t = useT();
  const site = useSiteContent();
  const teachers = site.data?.teachers;
  // A school with no public profile yet, or whose content did not load, shows no empty band.
  if (site.isError || teachers?.length === 0) return null;
  return (
    <Section
      id="mentors"
      eyebrow={t('marketing.mentors.eyebrow')}
      title={t('marketing.mentors.title')}
      description={t('marketing.mentors.description')}
      bg="gray.0"
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {teachers
          ? teachers.map((teacher) => <TeacherCard key={teacher.id} teacher={teacher} />)
          : [0, 1, 2].map((index) => (
              <Skeleton
                key={index}
                height={220}
                radius="lg"
                role="status"
                aria-label={t('marketing.loading')}
              />
            ))}
      </SimpleGrid>
    </Section>
  );
}

import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { Section } from '../../../components/ui/section';
import { ROUTES } from '../../../config/routes';

const SKILLS = [
  'Speaking',
  'Listening',
  'Pronunciation',
  'Grammar',
  'Vocabulary',
  'Writing',
  'Business English',
  'Job interviews',
  'Presentations',
  'Exam preparation',
];

/** SPEC.md section 1: skills links (each leads to our articles until skill pages exist). */
export function SkillsLinks() {
  return (
    <Section id="skills" eyebrow="Skills" title="Explore skills" bg="gray.0">
      <Group gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {SKILLS.map((skill) => (
          <li key={skill}>
            <Button component={Link} to={ROUTES.blogs} variant="default" radius="xl">
              {skill}
            </Button>
          </li>
        ))}
      </Group>
    </Section>
  );
}

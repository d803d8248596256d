import { Button, Group } from '@mantine/core';
import type { MessageKey } from '@tokenly/i18n/keys';
import { Link } from 'react-router';
import { Section } from '../../../components/ui/section';
import { ROUTES } from '../../../config/routes';
import { useT } from '../../../lib/i18n';

const SKILLS: MessageKey[] = [
  'marketing.skills.speaking',
  'marketing.skills.listening',
  'marketing.skills.pronunciation',
  'marketing.skills.grammar',
  'marketing.skills.vocabulary',
  'marketing.skills.writing',
  'marketing.skills.businessEnglish',
  'marketing.skills.jobInterviews',
  'marketing.skills.presentations',
  'marketing.skills.examPreparation',
];

/** SPEC.md section 1: skills links (each leads to our articles until skill pages exist). */
export function SkillsLinks() {
  const t = useT();
  return (
    <Section
      id="skills"
      eyebrow={t('marketing.skills.eyebrow')}
      title={t('marketing.skills.title')}
      bg="gray.0"
    >
      <Group gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {SKILLS.map((skill) => (
          <li key={skill}>
            <Button component={Link} to={ROUTES.blogs} variant="default" radius="xl">
              {t(skill)}
            </Button>
          </li>
        ))}
      </Group>
    </Section>
  );
}

import { Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { MessageKey } from '@tokenly/i18n/keys';
import { Section } from '../../../components/ui/section';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';

// SPEC.md: About is a placeholder page. The legal anchors are the targets of the footer's legal links.
const LEGAL: { id: string; title: MessageKey; text: MessageKey }[] = [
  { id: 'terms', title: 'marketing.about.terms.title', text: 'marketing.about.terms.text' },
  { id: 'privacy', title: 'marketing.about.privacy.title', text: 'marketing.about.privacy.text' },
  { id: 'cookies', title: 'marketing.about.cookies.title', text: 'marketing.about.cookies.text' },
];

export function AboutPage() {
  const t = useT();
  usePageTitle(t('marketing.about.pageTitle'));
  return (
    <>
      <Box bg="brand.9" c="white" py={{ base: 48, sm: 80 }}>
        <Container>
          <Stack gap="sm" maw={720}>
            <Title order={1} fz={{ base: 32, sm: 44 }}>
              {t('marketing.about.title')}
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} c="brand.0">
              {t('marketing.about.lead')}
            </Text>
          </Stack>
        </Container>
      </Box>
      <Section id="story" title={t('marketing.about.story.title')}>
        <Text maw={720}>{t('marketing.about.story.text')}</Text>
      </Section>
      <Section id="legal" title={t('marketing.about.legal.title')} bg="gray.0">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {LEGAL.map((item) => (
            <Stack key={item.id} id={item.id} gap="xs">
              <Title order={3} fz="lg">
                {t(item.title)}
              </Title>
              <Text fz="sm">{t(item.text)}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Section>
    </>
  );
}

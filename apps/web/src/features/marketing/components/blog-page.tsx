import { Badge, Box, Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { MessageKey } from '@tokenly/i18n/keys';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';

// SPEC.md: the blog is a placeholder page. These teasers announce the first articles; their tags are
// skills of the home page's skills links.
const UPCOMING: { tag: MessageKey; title: MessageKey; text: MessageKey }[] = [
  {
    tag: 'marketing.skills.speaking',
    title: 'marketing.blog.conversation.title',
    text: 'marketing.blog.conversation.text',
  },
  {
    tag: 'marketing.skills.businessEnglish',
    title: 'marketing.blog.meetings.title',
    text: 'marketing.blog.meetings.text',
  },
  {
    tag: 'marketing.skills.pronunciation',
    title: 'marketing.blog.sounds.title',
    text: 'marketing.blog.sounds.text',
  },
];

export function BlogPage() {
  const t = useT();
  usePageTitle(t('marketing.blog.title'));
  return (
    <>
      <Box bg="brand.9" c="white" py={{ base: 48, sm: 80 }}>
        <Container>
          <Stack gap="sm" maw={720}>
            <Title order={1} fz={{ base: 32, sm: 44 }}>
              {t('marketing.blog.title')}
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} c="brand.0">
              {t('marketing.blog.lead')}
            </Text>
          </Stack>
        </Container>
      </Box>
      <Container py={{ base: 40, sm: 64 }}>
        <Title order={2} fz={{ base: 24, sm: 30 }} mb="lg">
          {t('marketing.blog.comingSoon')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {UPCOMING.map((post) => (
            <Card key={post.title}>
              <Stack gap="sm">
                <Badge variant="light" tt="none" w="fit-content">
                  {t(post.tag)}
                </Badge>
                <Title order={3} fz="lg">
                  {t(post.title)}
                </Title>
                <Text c="dimmed" fz="sm">
                  {t(post.text)}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}

import { Badge, Box, Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/page-title';

// SPEC.md: the blog is a placeholder page. These teasers announce the first articles.
const UPCOMING = [
  {
    tag: 'Speaking',
    title: '5 ways to keep a conversation going',
    text: 'Simple phrases that buy you time and keep the other person talking.',
  },
  {
    tag: 'Business English',
    title: 'Meetings: how to interrupt politely',
    text: 'Get your point in without sounding rude.',
  },
  {
    tag: 'Pronunciation',
    title: 'The sounds that give you away',
    text: 'Three sounds most learners find hard, and how to practise them.',
  },
];

export function BlogPage() {
  usePageTitle('Blog');
  return (
    <>
      <Box bg="brand.9" c="white" py={{ base: 48, sm: 80 }}>
        <Container>
          <Stack gap="sm" maw={720}>
            <Title order={1} fz={{ base: 32, sm: 44 }}>
              Blog
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} c="brand.0">
              Tips from our teachers on speaking, listening and English at work. Our first articles are coming
              soon.
            </Text>
          </Stack>
        </Container>
      </Box>
      <Container py={{ base: 40, sm: 64 }}>
        <Title order={2} fz={{ base: 24, sm: 30 }} mb="lg">
          Coming soon
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {UPCOMING.map((post) => (
            <Card key={post.title}>
              <Stack gap="sm">
                <Badge variant="light" tt="none" w="fit-content">
                  {post.tag}
                </Badge>
                <Title order={3} fz="lg">
                  {post.title}
                </Title>
                <Text c="dimmed" fz="sm">
                  {post.text}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}

import { Anchor, Card, Container, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PublicBlogPostSummary } from '@tokenly/contract/site-content';
import { Link, useSearchParams } from 'react-router';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { ROUTES } from '../../../config/routes';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { blogPageQuery } from '../api/site-pages';
import { PageHero } from './page-hero';

/** "Emma Clarke · 28 Nov 2026": who wrote a post and when it was published. */
export function useByline() {
  const t = useT();
  return (post: Pick<PublicBlogPostSummary, 'author' | 'published_at'>) =>
    t('marketing.blog.byline', { author: post.author, date: formatDate(post.published_at) });
}

function PostCard({ post }: { post: PublicBlogPostSummary }) {
  const byline = useByline();
  return (
    <Card component="article" withBorder radius="lg" padding="lg">
      {post.cover_url ? (
        <Card.Section mb="md">
          {/* The title beside it names the post: the cover is decoration. */}
          <Image src={post.cover_url} alt="" h={180} fit="cover" loading="lazy" />
        </Card.Section>
      ) : null}
      <Stack gap="xs">
        <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
          <Anchor component={Link} to={ROUTES.blogPost(post.slug)} inherit>
            {post.title}
          </Anchor>
        </Title>
        <Text c="dimmed" fz="sm">
          {byline(post)}
        </Text>
        <Text fz="sm">{post.summary}</Text>
      </Stack>
    </Card>
  );
}

/** /blogs: the school's published posts, newest first, a page at a time (?page=). */
export function BlogPage() {
  const t = useT();
  usePageTitle(t('marketing.blog.title'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const posts = useQuery(blogPageQuery(page));
  return (
    <>
      <PageHero title={t('marketing.blog.title')} lead={t('marketing.blog.lead')} />
      <Container py={{ base: 32, sm: 56 }}>
        <QueryState query={posts} failed={t('marketing.blog.loadFailed')}>
          {(found) =>
            found.data.length === 0 ? (
              <Text>{t('marketing.blog.empty')}</Text>
            ) : (
              <>
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
                  {found.data.map((post) => (
                    <PostCard key={post.slug} post={post} />
                  ))}
                </SimpleGrid>
                <Pager
                  page={found.current_page}
                  lastPage={found.last_page}
                  onChange={(next) => {
                    setParams(next === 1 ? {} : { page: String(next) });
                    window.scrollTo({ top: 0 });
                  }}
                />
              </>
            )
          }
        </QueryState>
      </Container>
    </>
  );
}

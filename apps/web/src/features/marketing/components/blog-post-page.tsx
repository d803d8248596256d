import { Anchor, Container, Image, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../../app/routes/not-found';
import { QueryState } from '../../../components/ui/query-state';
import { ROUTES } from '../../../config/routes';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { blogPostQuery } from '../api/site-pages';
import { useByline } from './blog-page';
import { MarkdownHtml } from './markdown-html';
import { PageHero } from './page-hero';

/** /blogs/{slug}: one published post; a draft, or a post whose date has not come, is the 404 page. */
export function BlogPostPage() {
  const t = useT();
  const byline = useByline();
  const post = useQuery(blogPostQuery(useParams().slug ?? ''));
  usePageTitle(post.data?.title ?? t('marketing.blog.title'));
  if (post.error instanceof ApiError && post.error.status === 404) return <NotFoundPage />;
  return (
    <QueryState query={post} failed={t('marketing.blog.postLoadFailed')}>
      {(found) => (
        <article>
          <PageHero title={found.title} lead={byline(found)} />
          <Container py={{ base: 32, sm: 56 }}>
            <Stack gap="xl" maw={760}>
              {found.cover_url ? (
                <Image src={found.cover_url} alt="" radius="lg" mah={360} fit="cover" />
              ) : null}
              <MarkdownHtml html={found.html} />
              <Anchor component={Link} to={ROUTES.blogs}>
                {t('marketing.blog.all')}
              </Anchor>
            </Stack>
          </Container>
        </article>
      )}
    </QueryState>
  );
}

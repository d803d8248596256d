import { Container } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ABOUT_SLUG } from '@tokenly/contract/constants';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../../app/routes/not-found';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { sitePageQuery } from '../api/site-pages';
import { MarkdownHtml } from './markdown-html';
import { PageHero } from './page-hero';

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

function SitePageOf({ slug }: { slug: string }) {
  const t = useT();
  const page = useQuery(sitePageQuery(slug));
  usePageTitle(page.data?.title ?? t('marketing.page.pageTitle'));
  // A draft or a page never written: the site's own 404 page.
  if (isNotFound(page.error)) return <NotFoundPage />;
  return (
    <QueryState query={page} failed={t('marketing.page.loadFailed')}>
      {(found) => (
        <>
          <PageHero
            title={found.title}
            lead={t('marketing.page.updated', { date: formatDate(found.updated_at) })}
          />
          <Container py={{ base: 32, sm: 56 }}>
            <MarkdownHtml html={found.html} />
          </Container>
        </>
      )}
    </QueryState>
  );
}

/** /about-us: the school's About page. */
export function AboutPage() {
  return <SitePageOf slug={ABOUT_SLUG} />;
}

/** /pages/{slug}: a page the school published (Terms, Privacy, Cookies or its own). */
export function SitePage() {
  return <SitePageOf slug={useParams().slug ?? ''} />;
}

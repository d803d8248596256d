import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useT } from '../../lib/i18n';
import { usePageTitle } from '../../lib/page-title';
import { NotFoundPage } from './not-found';

/** Last-resort screen when a page fails to render or its code cannot be downloaded. */
/** `standalone` when no layout (and so no <main>) surrounds it. */
export function RouteErrorPage({ standalone = false }: { standalone?: boolean }) {
  const t = useT();
  const error = useRouteError();
  usePageTitle(t('common.routeError.title'));
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // A lazy chunk that no longer exists after a deploy: a reload fetches the new version.
  const staleChunk =
    error instanceof TypeError && /dynamically imported module|Importing a module/i.test(error.message);
  return (
    <Container component={standalone ? 'main' : 'div'} size="sm" py={96}>
      <Stack gap="md" align="center" ta="center">
        <Title order={1}>{t('common.routeError.title')}</Title>
        <Text c="dimmed">{staleChunk ? t('common.routeError.newVersion') : t('common.routeError.body')}</Text>
        <Button onClick={() => window.location.reload()}>{t('common.routeError.reload')}</Button>
      </Stack>
    </Container>
  );
}

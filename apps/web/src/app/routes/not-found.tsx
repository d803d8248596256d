import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ROUTES } from '../../config/routes';
import { useT } from '../../lib/i18n';
import { usePageTitle } from '../../lib/page-title';

export function NotFoundPage() {
  const t = useT();
  usePageTitle(t('common.notFound.title'));
  return (
    <Container size="sm" py={{ base: 64, sm: 112 }}>
      <Stack gap="md" align="center" ta="center">
        <Text fz={72} fw={800} c="brand.7" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          {t('common.notFound.title')}
        </Title>
        <Text c="dimmed" maw={460}>
          {t('common.notFound.body')}
        </Text>
        <Group justify="center">
          <Button component={Link} to={ROUTES.home}>
            {t('common.notFound.home')}
          </Button>
          <Button component={Link} to={ROUTES.membership} variant="default">
            {t('common.notFound.membership')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

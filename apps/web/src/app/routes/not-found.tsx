import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ROUTES } from '../../config/routes';
import { usePageTitle } from '../../lib/page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Container size="sm" py={{ base: 64, sm: 112 }}>
      <Stack gap="md" align="center" ta="center">
        <Text fz={72} fw={800} c="brand.7" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          Page not found
        </Title>
        <Text c="dimmed" maw={460}>
          The page you are looking for does not exist or has moved. Let us get you back on track.
        </Text>
        <Group justify="center">
          <Button component={Link} to={ROUTES.home}>
            Go to the home page
          </Button>
          <Button component={Link} to={ROUTES.membership} variant="default">
            See membership
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

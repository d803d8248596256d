import { Button, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';

/** Heading, an optional action link (Add Type, Add Schedule Class, ...) and the page body. */
export function AdminPage({
  title,
  action,
  children,
}: {
  title: string;
  action?: { label: string; to: string };
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        {action && (
          <Button component={Link} to={action.to}>
            {action.label}
          </Button>
        )}
      </Group>
      {children}
    </Stack>
  );
}

import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/page-title';

/** A page whose heading is final (SPEC.md) while its content arrives with a later issue. */
export function PlaceholderPage({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {title}
      </Title>
      {children}
      <Paper withBorder radius="lg" p="xl">
        <Text c="dimmed">{description ?? 'This section is coming soon.'}</Text>
      </Paper>
    </Stack>
  );
}

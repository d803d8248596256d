import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The dark band that opens the school's pages and blog: the page's title and a line below it. */
export function PageHero({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <Box bg="brand.9" c="white" py={{ base: 40, sm: 64 }}>
      <Container>
        <Stack gap="sm" maw={760}>
          <Title order={1} fz={{ base: 30, sm: 42 }} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {lead ? (
            <Text fz={{ base: 'md', sm: 'lg' }} c="brand.0">
              {lead}
            </Text>
          ) : null}
        </Stack>
      </Container>
    </Box>
  );
}

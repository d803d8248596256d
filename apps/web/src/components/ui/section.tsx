import { Box, Container, type MantineColor, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

type SectionProps = {
  id?: string;
  eyebrow?: string;
  title: string;
  description?: ReactNode;
  bg?: MantineColor;
  children: ReactNode;
};

/** A titled page band; its heading names the region for assistive technology. */
export function Section({ id, eyebrow, title, description, bg, children }: SectionProps) {
  // Titles in Japanese or Arabic have no letters a slug could keep: an unnamed section gets React's id.
  const ownId = useId();
  const headingId = `${id ?? ownId}-heading`;
  return (
    <Box component="section" id={id} aria-labelledby={headingId} bg={bg} py={{ base: 48, sm: 72 }}>
      <Container>
        <Stack gap={8} mb={{ base: 24, sm: 40 }} maw={720}>
          {eyebrow ? (
            <Text fw={700} c="brand.8" tt="uppercase" fz="sm" style={{ letterSpacing: '0.08em' }}>
              {eyebrow}
            </Text>
          ) : null}
          <Title order={2} id={headingId} fz={{ base: 26, sm: 34 }}>
            {title}
          </Title>
          {description ? (
            <Text c="dimmed" fz={{ base: 'md', sm: 'lg' }}>
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}

import { Paper, type PaperProps, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type PanelProps = PaperProps & {
  /** A section when the panel has a heading of its own that names it (aria-labelledby). */
  component?: 'section';
  'aria-labelledby'?: string;
  children: ReactNode;
};

/** The bordered card a page is built of, tighter on a phone's width. */
export function Panel(props: PanelProps) {
  return <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} {...props} />;
}

/** A panel's title and the sentence under it that says what the panel is for. */
export function PanelHeading({ title, intro }: { title: string; intro: ReactNode }) {
  return (
    <div>
      <Title order={2} fz="lg">
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {intro}
      </Text>
    </div>
  );
}

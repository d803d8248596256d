import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small caption over its value, for the facts of a record (a learner, a class). */
export function LabelledValue({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text>{children}</Text>
    </div>
  );
}

import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * An inline failure message announced to screen readers (role="alert"). Dark red keeps the text above
 * 4.5:1 contrast on its tinted background.
 */
export function FormAlert({ title, children }: { title: string; children?: ReactNode }) {
  return (
    // Mantine's light variant draws the title in shade 6 at most, whatever shade is asked for: set it.
    <Alert
      color="red.9"
      variant="light"
      title={title}
      role="alert"
      styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
    >
      {children && children !== title ? children : null}
    </Alert>
  );
}

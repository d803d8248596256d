import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * An inline failure message announced to screen readers (role="alert"). Dark red keeps the text above
 * 4.5:1 contrast on its tinted background.
 */
export function FormAlert({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Alert color="red.9" variant="light" title={title} role="alert">
      {children && children !== title ? children : null}
    </Alert>
  );
}

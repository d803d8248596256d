import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './form-alert.module.css';

/**
 * An inline message above a form: a failure (role="alert", dark red) or news such as "check your inbox"
 * (role="status"). Plain elements rather than Mantine's Alert, whose close button and icon slots were
 * 1.8 KB of the sign-in pages' first load. The dark shades keep the text above 4.5:1 on its tint.
 */
export function FormAlert({
  title,
  children,
  tone = 'error',
}: {
  title: string;
  children?: ReactNode;
  tone?: 'error' | 'info';
}) {
  return (
    <Box role={tone === 'error' ? 'alert' : 'status'} className={classes.alert} data-tone={tone}>
      <Text fw={700} size="sm" className={classes.title}>
        {title}
      </Text>
      {children && children !== title ? (
        <Text size="sm" mt={4} className={classes.body}>
          {children}
        </Text>
      ) : null}
    </Box>
  );
}

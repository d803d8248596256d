import { Button, type ButtonProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';

type Props = ButtonProps & Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps>;

/**
 * The small red button of a table row that undoes or takes something away (cancel a class, remove a
 * booking, refund): red.9 text, as Mantine's default red on white is below WCAG's 4.5:1 for text.
 */
export function RowDangerButton(props: Props) {
  return <Button variant="subtle" color="red" c="red.9" size="compact-sm" {...props} />;
}

import { ActionIcon, type ActionIconProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';
import { IconClose, IconMenu } from './icons';

type MenuButtonProps = ActionIconProps &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ActionIconProps> & { opened: boolean };

/**
 * The menu toggle of the public header and the dashboards. Mantine's Burger draws its lines with a <div>
 * inside the <button>, which HTML does not allow (a button holds phrasing content only); this is an icon.
 */
export function MenuButton({ opened, ...props }: MenuButtonProps) {
  return (
    <ActionIcon variant="subtle" color="dark" size="lg" {...props}>
      {opened ? <IconClose size={22} /> : <IconMenu size={22} />}
    </ActionIcon>
  );
}

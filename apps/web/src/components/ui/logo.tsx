import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { ROUTES } from '../../config/routes';

/** The "Tokenly English" wordmark, linking home. */
export function Logo({ to = ROUTES.home, inverted = false }: { to?: string; inverted?: boolean }) {
  return (
    <UnstyledButton component={Link} to={to}>
      <Group gap={8} wrap="nowrap">
        <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
          <circle cx="16" cy="16" r="15" fill={inverted ? '#ffffff' : 'var(--mantine-color-brand-7)'} />
          <circle
            cx="16"
            cy="16"
            r="11"
            fill="none"
            stroke={inverted ? 'var(--mantine-color-brand-7)' : '#ffffff'}
            strokeOpacity="0.45"
            strokeWidth="1.5"
          />
          <path
            d="M10 11h12M16 11v11"
            stroke={inverted ? 'var(--mantine-color-brand-8)' : '#ffffff'}
            strokeWidth="3"
            strokeLinecap="round"
          />
        </svg>
        <Text
          component="span"
          fw={800}
          fz="lg"
          c={inverted ? 'white' : 'brand.9'}
          style={{ whiteSpace: 'nowrap' }}
        >
          Tokenly{' '}
          <Text component="span" inherit c={inverted ? 'sun.3' : 'brand.7'}>
            English
          </Text>
        </Text>
      </Group>
    </UnstyledButton>
  );
}

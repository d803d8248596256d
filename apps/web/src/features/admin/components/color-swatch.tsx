import { Box, Group, Text } from '@mantine/core';

/** A class colour; SPEC.md: a missing one shows as white. */
export function ColorSwatchDot({ color }: { color: string | null }) {
  return (
    <Box
      w={16}
      h={16}
      bg={color ?? '#FFFFFF'}
      style={{ flex: 'none', borderRadius: 4, border: '1px solid var(--mantine-color-gray-5)' }}
      aria-hidden
    />
  );
}

export function ColorSwatch({ color }: { color: string | null }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <ColorSwatchDot color={color} />
      <Text size="sm" ff="monospace">
        {color ?? 'none'}
      </Text>
    </Group>
  );
}

import { Button, Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import { type ChangeEvent, type FormEvent, type ReactNode, useState } from 'react';

type FieldProps = {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
};

/**
 * A list's filters: edited as a draft and applied on submit, so typing a name does not
 * fetch on every key; the applied values live in the page address. `children` gets the props that bind
 * one filter's input, e.g. `<TextInput label="From" type="date" {...field('from')} />`.
 */
export function FilterForm<Key extends string>({
  label,
  filters,
  apply,
  columns,
  children,
}: {
  label: string;
  filters: Partial<Record<Key, string>>;
  apply: (next: Partial<Record<Key, string>>) => void;
  columns: number;
  children: (field: (key: Key) => FieldProps) => ReactNode;
}) {
  const [draft, setDraft] = useState(filters);
  const field = (key: Key): FieldProps => ({
    value: draft[key] ?? '',
    onChange: (event) => {
      const { value } = event.currentTarget;
      setDraft((current) => ({ ...current, [key]: value }));
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={onSubmit} aria-label={label}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2, md: columns }} spacing="md">
            {children(field)}
          </SimpleGrid>
          <Group>
            <Button type="submit">Apply filters</Button>
            <Button
              variant="default"
              onClick={() => {
                setDraft({});
                apply({});
              }}
            >
              Clear filters
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

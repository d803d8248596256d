import { Alert, Button, Stack, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { PanelHeading } from '../../../components/ui/panel';
import { errorMessage } from '../../../lib/api-client';

/** A draft of saved values: edited in the form, and replaced when the saved values change. */
export function useDraft<T>(saved: T): [T, (values: T) => void] {
  const [values, setValues] = useState(saved);
  useEffect(() => setValues(saved), [saved]);
  return [values, setValues];
}

/**
 * A Settings section's form: its heading and introduction, its fields, what the save did (a status or
 * the server's message) and the save button.
 */
export function SectionForm<T>({
  label,
  title,
  intro,
  values,
  save,
  savedText,
  saveLabel,
  children,
}: {
  label: string;
  title: string;
  intro: string;
  values: T;
  save: UseMutationResult<unknown, unknown, T>;
  savedText: string;
  saveLabel: string;
  children: ReactNode;
}) {
  return (
    <form
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(values);
      }}
    >
      <Stack gap="md">
        <PanelHeading title={title} intro={intro} />
        {children}
        {save.isSuccess ? (
          <Text size="sm" role="status">
            {savedText}
          </Text>
        ) : null}
        {save.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(save.error)}
          </Alert>
        ) : null}
        <Button type="submit" loading={save.isPending} w={{ base: '100%', xs: 'auto' }}>
          {saveLabel}
        </Button>
      </Stack>
    </form>
  );
}

import { Button, Group, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Panel } from '../ui/panel';
import type { ServerFields } from './apply-server-errors';
import { reportSaveError } from './report-save-error';

/** What a form that adds or edits one entry takes: the entry when it edits one, and how to save it. */
export type EntryFormProps<Entry, Body> = { entry?: Entry; save: (body: Body) => Promise<unknown> };

/**
 * The submit handler of a form that saves: `save` takes the form's values (as its resolver outputs them),
 * then `saved` runs (a notice, a move to the list); a failed save is reported as every form reports it
 * (reportSaveError).
 */
export function saveOnSubmit<T extends FieldValues, Context, Output>(
  form: UseFormReturn<T, Context, Output>,
  fields: ServerFields<T>,
  save: (values: Output) => Promise<unknown>,
  saved?: () => void,
) {
  return form.handleSubmit(async (values) => {
    try {
      await save(values);
      saved?.();
    } catch (error) {
      reportSaveError(error, form.setError, fields);
    }
  });
}

/**
 * A form on a card of its own, named for assistive technology, its fields in a column `width` wide, and
 * its submit button last when `submit` names it (a form with more buttons lays them out itself).
 */
export function FormCard({
  label,
  onSubmit,
  width,
  submit,
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  width: number;
  submit?: { label: string; saving: boolean };
  children: ReactNode;
}) {
  return (
    <Panel>
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        <Stack gap="md" maw={width}>
          {children}
          {submit ? (
            <Group>
              <Button type="submit" loading={submit.saving}>
                {submit.label}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Panel>
  );
}

import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  SCHOOL_SETTING_KEYS,
  SCHOOL_SETTING_LABELS,
  type SchoolSettingChange,
  type SchoolSettings,
  type SchoolSettingsBody,
  type SchoolSettingsValues,
  schoolSettingLabel,
  schoolSettingsBodySchema,
} from '@tokenly/contract/school-settings';
import { Fragment } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { FormCheckbox } from '../../../components/form/checkbox';
import { FormNativeSelect } from '../../../components/form/native-select';
import { FormDecimal, FormWholeNumber } from '../../../components/form/number-input';
import { reportSaveError } from '../../../components/form/report-save-error';
import { useSchemaForm } from '../../../components/form/schema-form';
import { FormTextInput } from '../../../components/form/text-input';
import { FormTextarea } from '../../../components/form/textarea';
import type { Column } from '../../../components/ui/data-table';
import { Panel, PanelHeading } from '../../../components/ui/panel';
import { QueryState } from '../../../components/ui/query-state';
import { formatDateTime } from '../../../lib/format';
import { useSaveSchoolSettings, useSchoolSettings, useSchoolSettingsHistory } from '../api/school-settings';
import { PagedTable } from './paged-table';
import { type SettingField, schoolSettingSections } from './school-settings-fields';

const HISTORY_COLUMNS: Column<SchoolSettingChange>[] = [
  { header: 'When', cell: (row) => formatDateTime(row.changed_at) },
  { header: 'Who', cell: (row) => <Text fw={600}>{row.changed_by.name}</Text> },
  { header: 'Setting', cell: (row) => schoolSettingLabel(row.setting) },
  { header: 'Change', cell: (row) => `${row.old_value} → ${row.new_value}` },
];

/** The school's settings and the history of their changes, on the admin Settings page. */
export function SchoolSettingsSection() {
  const settings = useSchoolSettings();
  // Here, not in the form: a save gives a new updated_at, which remounts the form with the saved values.
  const save = useSaveSchoolSettings();
  return (
    <Panel>
      <Stack gap="lg">
        <PanelHeading
          title="School"
          intro="In effect for every learner as soon as you save; the environment only gave the first values."
        />
        <QueryState query={settings} what="the school settings">
          {(saved) => <SchoolSettingsForm key={saved.updated_at ?? 'first'} saved={saved} save={save} />}
        </QueryState>
        <Title order={3} fz="md">
          Changes
        </Title>
        <PagedTable
          usePage={useSchoolSettingsHistory}
          what="Changes of the school settings"
          columns={HISTORY_COLUMNS}
        />
      </Stack>
    </Panel>
  );
}

/** One setting's input, as its entry in the field list says. */
function SettingInput({ form, field }: { form: SettingsForm; field: SettingField }) {
  const common = {
    form,
    name: field.name,
    label: SCHOOL_SETTING_LABELS[field.name],
    description: field.description,
  };
  switch (field.kind) {
    case 'count':
      return <FormWholeNumber {...common} min={field.min ?? 0} max={field.max} required />;
    case 'percent':
      return <FormDecimal {...common} max={100} />;
    case 'check':
      return <FormCheckbox {...common} />;
    case 'choice':
      return <FormNativeSelect {...common} data={field.options} />;
    case 'lines':
      return <FormTextarea {...common} autosize minRows={field.minRows} maxLength={field.maxLength} />;
    case 'text':
      return (
        <FormTextInput
          {...common}
          type={field.type}
          autoComplete={field.autoComplete}
          required={field.required}
          maxLength={field.maxLength}
          placeholder={field.placeholder}
        />
      );
  }
}

type SettingsForm = UseFormReturn<SchoolSettingsBody, unknown, SchoolSettingsValues>;

function SchoolSettingsForm({
  saved,
  save,
}: {
  saved: SchoolSettings;
  save: ReturnType<typeof useSaveSchoolSettings>;
}) {
  const {
    updated_at: _updatedAt,
    jitsi_app_secret_set: _jitsiSecretSet,
    bbb_secret_set: _bbbSecretSet,
    ...values
  } = saved;
  // The secrets are never read back: empty keeps the stored one.
  const form = useSchemaForm(schoolSettingsBodySchema, { ...values, jitsi_app_secret: '', bbb_secret: '' });
  const provider = form.watch('classroom_provider');
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
    } catch (error) {
      reportSaveError(error, form.setError, SCHOOL_SETTING_KEYS);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="School settings">
      <Stack gap="md" maw={720}>
        {schoolSettingSections(saved)
          .filter((section) => section.provider === undefined || section.provider === provider)
          .map((section) => (
            <Fragment key={section.title ?? section.provider ?? 'school'}>
              {section.title ? (
                <Title order={3} fz="md">
                  {section.title}
                </Title>
              ) : null}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {section.fields.map((cell) =>
                  Array.isArray(cell) ? (
                    <Stack key={cell[0]?.name} gap="md">
                      {cell.map((field) => (
                        <SettingInput key={field.name} form={form} field={field} />
                      ))}
                    </Stack>
                  ) : (
                    <SettingInput key={cell.name} form={form} field={cell} />
                  ),
                )}
              </SimpleGrid>
            </Fragment>
          ))}
        <Group>
          <Button type="submit" loading={isSubmitting} w={{ base: '100%', xs: 'auto' }}>
            Save school settings
          </Button>
          {save.isSuccess ? (
            <Text size="sm" role="status">
              Saved
            </Text>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

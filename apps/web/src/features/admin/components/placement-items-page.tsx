import { Badge, Button, Group, List, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { CEFR_LEVELS } from '@tokenly/contract/cefr';
import {
  PLACEMENT_MIN_ITEMS_PER_LEVEL,
  PLACEMENT_OPTION_MAX,
  PLACEMENT_OPTIONS_MAX,
  PLACEMENT_PASSAGE_MAX,
  PLACEMENT_QUESTION_MAX,
  type PlacementItem,
  type PlacementItemInput,
  type PlacementItemPage,
} from '@tokenly/contract/placement-items';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormNativeSelect } from '../../../components/form/native-select';
import { reportSaveError } from '../../../components/form/report-save-error';
import { FormTextInput } from '../../../components/form/text-input';
import { FormTextarea } from '../../../components/form/textarea';
import type { Column } from '../../../components/ui/data-table';
import { dialog } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-client';
import {
  useCreatePlacementItem,
  usePlacementItemPage,
  useRestorePlacementItem,
  useRetirePlacementItem,
  useUpdatePlacementItem,
} from '../api/placement-items';
import { useFilterParams } from '../hooks/use-filter-params';
import { AdminPage } from './admin-page';
import { FilterForm } from './filter-form';
import { PagedTable } from './paged-table';

const SKILL_WORDS = { grammar: 'Grammar', vocabulary: 'Vocabulary', reading: 'Reading' } as const;
const LEVEL_OPTIONS = CEFR_LEVELS.map((level) => ({ value: level, label: level }));
const SKILL_OPTIONS = Object.entries(SKILL_WORDS).map(([value, label]) => ({ value, label }));
const ANSWER_SLOTS = Array.from({ length: PLACEMENT_OPTIONS_MAX }, (_, index) => index);

/** The form's values: every answer slot as text, the right one by its slot. */
type ItemFormValues = {
  level: string;
  skill: string;
  passage: string;
  question: string;
  options: string[];
  correct: string;
};

const formValuesOf = (item?: PlacementItem): ItemFormValues => ({
  level: item?.level ?? 'A1',
  skill: item?.skill ?? 'grammar',
  passage: item?.passage ?? '',
  question: item?.question ?? '',
  options: ANSWER_SLOTS.map((slot) => item?.options[slot] ?? ''),
  correct: String(item?.correct ?? 0),
});

/** The body the server checks: the answers given, in order, and the right one's place among them. */
function bodyOf(values: ItemFormValues): PlacementItemInput {
  const given = ANSWER_SLOTS.filter((slot) => values.options[slot]?.trim());
  return {
    level: values.level as PlacementItemInput['level'],
    skill: values.skill as PlacementItemInput['skill'],
    passage: values.skill === 'reading' ? values.passage : null,
    question: values.question,
    options: given.map((slot) => values.options[slot] ?? ''),
    correct: given.indexOf(Number(values.correct)),
  };
}

/** Adds or edits an item; the server checks it and its messages go under the fields. */
function ItemForm({ item, onSaved }: { item?: PlacementItem; onSaved: () => void }) {
  const create = useCreatePlacementItem();
  const update = useUpdatePlacementItem(item?.id ?? 0);
  const form = useForm<ItemFormValues>({ defaultValues: formValuesOf(item) });
  const { isSubmitting } = form.formState;
  const skill = form.watch('skill');
  const answers = form.watch('options');
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await (item ? update : create).mutateAsync(bodyOf(values));
      dialog.saved(item ? 'Item saved.' : 'Item added.');
      onSaved();
    } catch (error) {
      reportSaveError(error, form.setError, {
        level: 'level',
        skill: 'skill',
        passage: 'passage',
        question: 'question',
        options: 'options.0',
        correct: 'correct',
      });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={item ? 'Edit item' : 'Add item'}>
      <Stack gap="sm">
        <Group grow>
          <FormNativeSelect form={form} name="level" label="Level" data={LEVEL_OPTIONS} />
          <FormNativeSelect form={form} name="skill" label="Skill" data={SKILL_OPTIONS} />
        </Group>
        {skill === 'reading' ? (
          <FormTextarea
            form={form}
            name="passage"
            label="Passage"
            description="The text the question asks about."
            autosize
            minRows={3}
            maxLength={PLACEMENT_PASSAGE_MAX}
          />
        ) : null}
        <FormTextInput form={form} name="question" label="Question" maxLength={PLACEMENT_QUESTION_MAX} />
        {ANSWER_SLOTS.map((slot) => (
          <FormTextInput
            key={slot}
            form={form}
            name={`options.${slot}`}
            label={`Answer ${slot + 1}`}
            description={slot === 2 ? 'Leave the answers you do not need empty.' : undefined}
            maxLength={PLACEMENT_OPTION_MAX}
          />
        ))}
        <FormNativeSelect
          form={form}
          name="correct"
          label="Right answer"
          data={ANSWER_SLOTS.filter((slot) => answers[slot]?.trim()).map((slot) => ({
            value: String(slot),
            label: `Answer ${slot + 1}: ${answers[slot]}`,
          }))}
        />
        <Group>
          <Button type="submit" loading={isSubmitting}>
            {item ? 'Save item' : 'Add item'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Retire an item in use, or put a retired one back. */
function RetireOrRestore({ item }: { item: PlacementItem }) {
  const retire = useRetirePlacementItem(item.id);
  const restore = useRestorePlacementItem(item.id);
  const action = item.retired_at === null ? retire : restore;
  const label = item.retired_at === null ? 'Retire' : 'Restore';
  return (
    <Button
      size="xs"
      variant="outline"
      loading={action.isPending}
      aria-label={`${label} item ${item.id}`}
      onClick={async () => {
        try {
          await action.mutateAsync(undefined);
          dialog.success(item.retired_at === null ? 'Item retired.' : 'Item back in use.');
        } catch (error) {
          dialog.error(errorMessage(error));
        }
      }}
    >
      {label}
    </Button>
  );
}

const FILTER_KEYS = ['level', 'skill', 'status'] as const;
type Filters = Partial<Record<(typeof FILTER_KEYS)[number], string>>;

function ItemFilters({ filters, apply }: { filters: Filters; apply: (next: Filters) => void }) {
  return (
    <FilterForm label="Filter items" filters={filters} apply={apply} columns={3}>
      {(field) => (
        <>
          <NativeSelect
            label="Level"
            data={[{ value: '', label: 'Any level' }, ...LEVEL_OPTIONS]}
            {...field('level')}
          />
          <NativeSelect
            label="Skill"
            data={[{ value: '', label: 'Any skill' }, ...SKILL_OPTIONS]}
            {...field('skill')}
          />
          <NativeSelect
            label="Status"
            data={[
              { value: '', label: 'Any status' },
              { value: 'in_use', label: 'In use' },
              { value: 'retired', label: 'Retired' },
            ]}
            {...field('status')}
          />
        </>
      )}
    </FilterForm>
  );
}

function InUse({ page }: { page: PlacementItemPage }) {
  return (
    <Text size="sm" role="group" aria-label="Items in use at each level">
      In use: {page.in_use_by_level.map((row) => `${row.level} ${row.count}`).join(' · ')}. Each level keeps
      at least {PLACEMENT_MIN_ITEMS_PER_LEVEL}.
    </Text>
  );
}

/**
 * The placement test's items: the bank shipped with the product and the school's own. A test keeps a
 * copy of what it asked, so an edit or a retirement changes only the tests started after it.
 */
export function AdminPlacementItemsPage() {
  const [filters, setFilters] = useFilterParams(FILTER_KEYS);
  const [editing, setEditing] = useState<PlacementItem | 'new' | null>(null);
  const columns: Column<PlacementItem>[] = [
    { header: 'Level', cell: (row) => row.level },
    { header: 'Skill', cell: (row) => SKILL_WORDS[row.skill] },
    {
      header: 'Question',
      cell: (row) => (
        <Stack gap={2} maw={420}>
          {row.passage ? (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {row.passage}
            </Text>
          ) : null}
          <Text size="sm">{row.question}</Text>
        </Stack>
      ),
    },
    {
      header: 'Answers',
      cell: (row) => (
        <List size="sm">
          {row.options.map((option, index) => (
            <List.Item key={option} fw={index === row.correct ? 700 : undefined}>
              {option}
              {index === row.correct ? ' (right)' : ''}
            </List.Item>
          ))}
        </List>
      ),
    },
    {
      header: 'Status',
      cell: (row) =>
        row.retired_at === null ? <Badge variant="light">In use</Badge> : <Badge color="gray">Retired</Badge>,
    },
    {
      header: 'Actions',
      cell: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" aria-label={`Edit item ${row.id}`} onClick={() => setEditing(row)}>
            Edit
          </Button>
          <RetireOrRestore item={row} />
        </Group>
      ),
    },
  ];
  return (
    <AdminPage title="Placement items">
      <Stack gap="md">
        <Text>
          The questions the placement test asks. A test keeps a copy of every question it asked, so what you
          change here applies to tests started afterwards.
        </Text>
        <Group>
          <Button onClick={() => setEditing('new')}>Add item</Button>
        </Group>
        <ItemFilters key={JSON.stringify(filters)} filters={filters} apply={setFilters} />
        <PagedTable<PlacementItem, PlacementItemPage>
          usePage={(page) => usePlacementItemPage(page, filters)}
          what="the placement items"
          columns={columns}
          minWidth={900}
          summary={(page) => <InUse page={page} />}
        />
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' || editing === null ? 'Add item' : `Edit item ${editing.id}`}
        size="lg"
      >
        {editing !== null ? (
          <ItemForm item={editing === 'new' ? undefined : editing} onSaved={() => setEditing(null)} />
        ) : null}
      </Modal>
    </AdminPage>
  );
}

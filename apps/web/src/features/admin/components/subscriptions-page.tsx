import { Anchor, Badge, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  type AdminSubscription,
  SUBSCRIPTION_STATES,
  type SubscriptionState,
} from '@tokenly/contract/memberships';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormNativeSelect } from '../../../components/form/native-select';
import { FormReasonInput } from '../../../components/form/reason-input';
import { reportSaveError } from '../../../components/form/report-save-error';
import type { Column } from '../../../components/ui/data-table';
import { dialog } from '../../../components/ui/dialog';
import { ROUTES } from '../../../config/routes';
import { formatDate, formatUsd } from '../../../lib/format';
import { membershipTokensQueryOptions } from '../../membership/api/get-membership-tokens';
import {
  useCancelSubscriptionFor,
  usePauseSubscriptionFor,
  useResumeSubscriptionFor,
  useSubscriptionPage,
} from '../api/subscriptions';
import { useFilterParams } from '../hooks/use-filter-params';
import { AdminPage } from './admin-page';
import { FilterForm } from './filter-form';
import { PagedTable } from './paged-table';

const FILTER_KEYS = ['state', 'learner', 'plan_id', 'from', 'to'] as const;

const STATE_LABELS: Record<SubscriptionState, string> = {
  active: 'Active',
  paused: 'Paused',
  past_due: 'Past due',
  cancelling: 'Cancelling',
  ended: 'Ended',
};
const STATE_COLORS: Record<SubscriptionState, string> = {
  active: 'teal.9',
  paused: 'gray.7',
  past_due: 'red.9',
  cancelling: 'orange.9',
  ended: 'gray.7',
};

type Action = 'pause' | 'resume' | 'cancel';
const ACTION_WORDS: Record<Action, { button: string; title: string; confirm: string; done: string }> = {
  pause: {
    button: 'Pause',
    title: 'Pause the membership',
    confirm: 'Pause membership',
    done: 'Paused from the next renewal.',
  },
  resume: {
    button: 'Resume',
    title: 'Resume the membership',
    confirm: 'Resume membership',
    done: 'Resumed.',
  },
  cancel: {
    button: 'Cancel',
    title: 'Cancel at the end of the period',
    confirm: 'Cancel at period end',
    done: 'It will not renew: it ends with its paid period.',
  },
};

/** What an administrator may do with a subscription where it stands. */
function actionsOf(row: AdminSubscription): Action[] {
  if (row.state === 'ended') return [];
  const actions: Action[] = [];
  if (row.state === 'active' && row.paused_until === null) actions.push('pause');
  if (row.paused_until !== null) actions.push('resume');
  if (row.state !== 'cancelling') actions.push('cancel');
  return actions;
}

type ActionValues = { months: string; reason: string };

/** One action with the reason the audit log keeps (and, to pause, how many billing months). */
function ActionForm({ row, action, close }: { row: AdminSubscription; action: Action; close: () => void }) {
  const pause = usePauseSubscriptionFor(row.id);
  const resume = useResumeSubscriptionFor(row.id);
  const cancel = useCancelSubscriptionFor(row.id);
  const form = useForm<ActionValues>({ defaultValues: { months: '1', reason: '' } });
  const { isSubmitting } = form.formState;
  const words = ACTION_WORDS[action];
  const onSubmit = form.handleSubmit(async ({ months, reason }) => {
    try {
      if (action === 'pause') await pause.mutateAsync({ months: Number(months), reason });
      else if (action === 'resume') await resume.mutateAsync({ reason });
      else await cancel.mutateAsync({ reason });
      close();
      dialog.success(words.done);
    } catch (error) {
      reportSaveError(error, form.setError, ['months', 'reason']);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={words.title}>
      <Stack gap="md">
        <Text>{`${row.token_plan.token_title} of ${row.user.name}. The reason is kept in the audit log.`}</Text>
        {action === 'pause' ? (
          <FormNativeSelect
            form={form}
            name="months"
            label="Billing months, from the next renewal"
            data={['1', '2', '3']}
          />
        ) : null}
        <FormReasonInput form={form} name="reason" maxLength={500} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Close
          </Button>
          <Button type="submit" loading={isSubmitting} color={action === 'cancel' ? 'red.9' : undefined}>
            {words.confirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RowActions({ row }: { row: AdminSubscription }) {
  const [action, setAction] = useState<Action | null>(null);
  const actions = actionsOf(row);
  if (actions.length === 0) return '—';
  const who = `${row.token_plan.token_title} of ${row.user.name}`;
  return (
    <Group gap={4} wrap="nowrap">
      {actions.map((each) => (
        <Button
          key={each}
          variant="subtle"
          size="compact-sm"
          color={each === 'cancel' ? 'red.9' : undefined}
          aria-label={`${ACTION_WORDS[each].button} ${who}`}
          onClick={() => setAction(each)}
        >
          {ACTION_WORDS[each].button}
        </Button>
      ))}
      <Modal
        opened={action !== null}
        onClose={() => setAction(null)}
        title={action ? ACTION_WORDS[action].title : ''}
        centered
      >
        {action ? <ActionForm row={row} action={action} close={() => setAction(null)} /> : null}
      </Modal>
    </Group>
  );
}

/** Where it stands, and since or until when. */
function StateCell({ row }: { row: AdminSubscription }) {
  const detail =
    row.state === 'paused' && row.paused_until
      ? `until ${formatDate(row.paused_until)}`
      : row.state === 'past_due' && row.past_due_since
        ? `since ${formatDate(row.past_due_since)}`
        : row.state === 'cancelling' && row.current_period_end
          ? `ends ${formatDate(row.current_period_end)}`
          : row.state === 'active' && row.paused_from && row.paused_until
            ? `pauses ${formatDate(row.paused_from)} to ${formatDate(row.paused_until)}`
            : null;
  return (
    <Stack gap={2}>
      <Badge variant="filled" color={STATE_COLORS[row.state]} tt="none" w="fit-content">
        {STATE_LABELS[row.state]}
      </Badge>
      {detail ? <Text fz="xs">{detail}</Text> : null}
    </Stack>
  );
}

const COLUMNS: Column<AdminSubscription>[] = [
  {
    header: 'Learner',
    cell: (row) => (
      <Stack gap={0}>
        <Anchor component={Link} to={ROUTES.adminStudent(row.user.id)} fw={600}>
          {row.user.name}
        </Anchor>
        <Text fz="xs" style={{ overflowWrap: 'anywhere' }}>
          {row.user.email}
        </Text>
      </Stack>
    ),
  },
  { header: 'Plan', cell: (row) => <bdi>{row.token_plan.token_title}</bdi> },
  { header: 'Status', cell: (row) => <StateCell row={row} /> },
  {
    header: 'Next charge',
    cell: (row) =>
      row.next_charge_at ? `${formatUsd(row.amount / 100)} on ${formatDate(row.next_charge_at)}` : '—',
  },
  { header: 'Since', cell: (row) => formatDate(row.created_at) },
  { header: 'Actions', cell: (row) => <RowActions row={row} /> },
];

function SubscriptionFilters({
  filters,
  apply,
}: {
  filters: Partial<Record<(typeof FILTER_KEYS)[number], string>>;
  apply: (next: Partial<Record<(typeof FILTER_KEYS)[number], string>>) => void;
}) {
  const plans = useQuery(membershipTokensQueryOptions());
  const planOptions = [
    { value: '', label: 'Any plan' },
    ...(plans.data ?? [])
      .filter((plan) => plan.kind !== 'package')
      .map((plan) => ({ value: String(plan.id), label: plan.token_title })),
  ];
  const stateOptions = [
    { value: '', label: 'Any status' },
    ...SUBSCRIPTION_STATES.map((state) => ({ value: state, label: STATE_LABELS[state] })),
  ];
  return (
    <FilterForm label="Filter the subscriptions" filters={filters} apply={apply} columns={5}>
      {(field) => (
        <>
          <NativeSelect label="Status" data={stateOptions} {...field('state')} />
          <TextInput label="Learner (name or email)" {...field('learner')} />
          <NativeSelect label="Plan" data={planOptions} {...field('plan_id')} />
          <TextInput label="Next charge from" type="date" {...field('from')} />
          <TextInput label="Next charge to" type="date" {...field('to')} />
        </>
      )}
    </FilterForm>
  );
}

function useFilteredSubscriptionPage(page: number) {
  const [filters] = useFilterParams(FILTER_KEYS);
  return useSubscriptionPage(page, filters);
}

/** Every membership and club subscription: where each stands, its next charge, and pause, resume or cancel. */
export function AdminSubscriptionsPage() {
  const [filters, setFilters] = useFilterParams(FILTER_KEYS);
  return (
    <AdminPage title="Subscriptions">
      <SubscriptionFilters key={JSON.stringify(filters)} filters={filters} apply={setFilters} />
      <PagedTable
        usePage={useFilteredSubscriptionPage}
        what="Subscriptions"
        columns={COLUMNS}
        minWidth={960}
      />
    </AdminPage>
  );
}

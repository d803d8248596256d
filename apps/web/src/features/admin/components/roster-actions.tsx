import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type AdminRosterEntry, ROSTER_REASON_MAX } from '@tokenly/contract/class-roster';
import { creditCount } from '@tokenly/contract/constants';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormCheckbox } from '../../../components/form/checkbox';
import { FormNativeSelect } from '../../../components/form/native-select';
import { FormReasonInput } from '../../../components/form/reason-input';
import { reportSaveError } from '../../../components/form/report-save-error';
import { FormTextInput } from '../../../components/form/text-input';
import { dialog } from '../../../components/ui/dialog';
import { formatDateTime } from '../../../lib/format';
import { useMoveBooking, useSchedulePage } from '../api/schedules';
import { useRemoveBooking } from '../api/users';

/** A roster row's action behind a button, in a dialog of its own that asks what the action needs. */
function ActionDialog({
  text,
  label,
  title,
  danger = false,
  children,
}: {
  text: string;
  label: string;
  title: string;
  /** Red, in the dark shade that keeps its text readable on the page (4.5:1). */
  danger?: boolean;
  children: (close: () => void) => ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        color={danger ? 'red' : undefined}
        c={danger ? 'red.9' : undefined}
        aria-label={label}
        onClick={() => setOpened(true)}
      >
        {text}
      </Button>
      <Modal opened={opened} onClose={close} title={title} centered>
        {children(close)}
      </Modal>
    </>
  );
}

function RemoveForm({ entry, close }: { entry: AdminRosterEntry; close: () => void }) {
  const remove = useRemoveBooking(entry.booking_id);
  const form = useForm<{ refund: boolean; reason: string }>({ defaultValues: { refund: true, reason: '' } });
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    // A free place's box is disabled, and a disabled field may read as undefined: nothing to keep then.
    const refund = values.refund !== false;
    const reason = values.reason;
    try {
      await remove.mutateAsync({ refund, reason: reason.trim() || undefined });
      close();
      dialog.success(
        refund || entry.credits === 0
          ? `${entry.name} was removed; the credits went back.`
          : `${entry.name} was removed; the credits were kept.`,
      );
    } catch (error) {
      reportSaveError(error, form.setError, ['reason']);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Remove ${entry.name}`}>
      <Stack gap="md">
        <Text>
          {`${entry.name} loses their place and is mailed that the school cancelled their booking; the seat goes to the first learner on the waitlist.`}
        </Text>
        <FormCheckbox
          form={form}
          name="refund"
          label={
            entry.credits > 0
              ? `Give the ${creditCount(entry.credits)} back`
              : 'Free place: no credits to give back'
          }
          disabled={entry.credits === 0}
        />
        <FormReasonInput
          form={form}
          name="reason"
          description="Kept in the audit log; required when the credits are kept."
          maxLength={ROSTER_REASON_MAX}
          requiredWhen={() => !form.getValues('refund')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Keep the booking
          </Button>
          <Button type="submit" color="red.9" loading={isSubmitting}>
            Remove {entry.name}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function MoveForm({
  entry,
  scheduleId,
  close,
}: {
  entry: AdminRosterEntry;
  scheduleId: number;
  close: () => void;
}) {
  const move = useMoveBooking(entry.booking_id);
  // The classes still to come, soonest first (the list's first page); those with a free seat are offered.
  const classes = useSchedulePage(1, { from: new Date().toISOString().slice(0, 10) });
  const open = (classes.data?.data ?? []).filter(
    (row) =>
      row.id !== scheduleId &&
      row.status === 'scheduled' &&
      row.seats_taken < row.no_of_users &&
      Date.parse(row.schedule_time) > Date.now(),
  );
  const form = useForm<{ schedule_id: string; reason: string }>({
    defaultValues: { schedule_id: '', reason: '' },
  });
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ schedule_id, reason }) => {
    try {
      await move.mutateAsync({ schedule_id, reason: reason.trim() || undefined });
      const target = open.find((row) => String(row.id) === schedule_id);
      close();
      dialog.success(`${entry.name} was moved to ${target?.title ?? 'the other class'}.`);
    } catch (error) {
      reportSaveError(error, form.setError, ['schedule_id', 'reason']);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Move ${entry.name}`}>
      <Stack gap="md">
        <Text>
          {`${entry.name}'s place moves to the class you choose; the credits the booking took carry over (nothing more is charged), and they are mailed the new time.`}
        </Text>
        <FormNativeSelect
          form={form}
          name="schedule_id"
          rules={{ validate: (value) => value !== '' || 'Choose a class.' }}
          label="Move to"
          required
          data={[
            { value: '', label: classes.isPending ? 'Loading classes…' : 'Choose a class with a free seat' },
            ...open.map((row) => ({
              value: String(row.id),
              label: `${row.title}, ${formatDateTime(row.schedule_time)} (${row.no_of_users - row.seats_taken} free)`,
            })),
          ]}
        />
        <FormTextInput
          form={form}
          name="reason"
          label="Reason"
          description="Kept in the audit log."
          maxLength={ROSTER_REASON_MAX}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Move {entry.name}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Remove and Move of one active booking on the class screen. */
export function RosterActions({ entry, scheduleId }: { entry: AdminRosterEntry; scheduleId: number }) {
  if (entry.status !== 'booked') return '—';
  return (
    <Group gap="xs" wrap="nowrap">
      <ActionDialog text="Move" label={`Move ${entry.name}`} title={`Move ${entry.name} to another class`}>
        {(close) => <MoveForm entry={entry} scheduleId={scheduleId} close={close} />}
      </ActionDialog>
      <ActionDialog
        text="Remove"
        label={`Remove ${entry.name}`}
        title={`Remove ${entry.name} from the class?`}
        danger
      >
        {(close) => <RemoveForm entry={entry} close={close} />}
      </ActionDialog>
    </Group>
  );
}

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { WAIVER_REASON_MAX } from '@tokenly/contract/bookings';
import { creditCount } from '@tokenly/contract/constants';
import { ATTENDANCE_RECORD_LABELS, type AttendanceRecord } from '@tokenly/contract/teachers';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormReasonInput } from '../../../components/form/reason-input';
import { reportSaveError } from '../../../components/form/report-save-error';
import { dialog } from '../../../components/ui/dialog';
import { formatDateTime } from '../../../lib/format';
import { useWaiveBooking } from '../api/users';

function WaiveForm({ record, close }: { record: AttendanceRecord; close: () => void }) {
  const waive = useWaiveBooking(record.booking_id);
  const form = useForm<{ reason: string }>({ defaultValues: { reason: '' } });
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      const { data } = await waive.mutateAsync({ reason });
      close();
      dialog.success(`${creditCount(data.credits)} given back. New balance: ${data.balance}.`);
    } catch (error) {
      reportSaveError(error, form.setError, ['reason']);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Give credits back">
      <Stack gap="md">
        <Text>
          {`${ATTENDANCE_RECORD_LABELS[record.status]}: ${record.title} on ${formatDateTime(record.starts_at)}. The ${creditCount(record.credits)} go back to the learner, once; the reason is kept in the credit history and the audit log.`}
        </Text>
        <FormReasonInput form={form} name="reason" maxLength={WAIVER_REASON_MAX} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Keep it
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Give {creditCount(record.credits)} back
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A late cancel or a no-show whose credits the school gives back, in one action after a
 * confirmation that asks why; once given back, the row says by whom and when instead.
 */
export function WaiveBooking({ record }: { record: AttendanceRecord }) {
  const [opened, setOpened] = useState(false);
  if (record.waived_at) {
    return (
      <Text size="sm">{`Given back by ${record.waived_by ?? 'an administrator'}, ${formatDateTime(record.waived_at)}`}</Text>
    );
  }
  if (!record.waivable) return '—';
  const close = () => setOpened(false);
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        aria-label={`Give credits back for ${record.title}`}
        onClick={() => setOpened(true)}
      >
        Give credits back
      </Button>
      <Modal opened={opened} onClose={close} title="Give the credits back?" centered>
        <WaiveForm record={record} close={close} />
      </Modal>
    </>
  );
}

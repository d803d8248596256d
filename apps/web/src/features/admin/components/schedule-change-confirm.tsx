import { List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ClassChange, ScheduleChangePreview } from '@tokenly/contract/schedules';
import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';

// Before a change reaches people the administrator sees whom it reaches and what they will be told, and
// before a teacher is put in two classes at once, the clash: both wait for a yes.

const FIELD_LABELS: Record<ClassChange['field'], string> = {
  time: 'Time',
  teacher: 'Teacher',
  type: 'Class type',
  meeting_link: 'Meeting link',
};

function shown(change: ClassChange, value: string | null): string {
  if (value === null) return 'none';
  return change.field === 'time' ? formatDateTime(value) : value;
}

/** A question with a Confirm and a Keep editing button, answered as a promise (true: go ahead). */
function ask(title: string, children: ReactNode, confirm: string): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      closeButtonProps: { 'aria-label': 'Close' },
      centered: true,
      radius: 'md',
      size: 'lg',
      children,
      labels: { confirm, cancel: 'Keep editing' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

const names = (learners: { name: string; email: string }[]) =>
  learners.map((learner) => `${learner.name} (${learner.email})`).join(', ');

/**
 * The affected-learner warning: what changes and who is told (or not), and the teacher's clash. Resolves
 * true at once when the change reaches nobody and clashes with nothing.
 */
export function confirmChange(preview: ScheduleChangePreview): Promise<boolean> {
  const told = preview.changes.filter((change) => change.told);
  const learners = preview.booked.length + preview.waiting.length;
  const mails = told.length > 0 && learners > 0;
  if (!mails && preview.teacher_clash === null) return Promise.resolve(true);
  const classes = preview.classes === 1 ? 'this class' : `these ${preview.classes} classes`;
  return ask(
    mails
      ? `Tell ${learners} ${learners === 1 ? 'learner' : 'learners'} about this change?`
      : 'Teacher clash',
    <Stack gap="sm">
      {preview.teacher_clash ? (
        <Text c="red.9" role="alert">
          {preview.teacher_clash}
        </Text>
      ) : null}
      {mails ? (
        <>
          <Text>
            Saving mails everyone on {classes} (each gets the change and, if booked, an updated calendar
            file):
          </Text>
          <List size="sm">
            {preview.changes.map((change) => (
              <List.Item key={change.field}>
                {`${FIELD_LABELS[change.field]}: ${shown(change, change.to)} (was ${shown(change, change.from)})`}
                {change.told ? '' : ' — not mailed: learners see the link only when it is released'}
              </List.Item>
            ))}
          </List>
          {preview.booked.length > 0 ? <Text size="sm">{`Booked: ${names(preview.booked)}`}</Text> : null}
          {preview.waiting.length > 0 ? <Text size="sm">{`Waitlist: ${names(preview.waiting)}`}</Text> : null}
          {told.some((change) => change.field === 'time') && preview.booked.length > 0 ? (
            <Text size="sm">Booked learners may cancel free of charge after a change of time.</Text>
          ) : null}
        </>
      ) : null}
    </Stack>,
    preview.teacher_clash ? 'Schedule anyway' : 'Save and tell them',
  );
}

/** A save refused because the teacher already teaches then: the clash, and whether to schedule anyway. */
export function teacherClashOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 409
    ? error.fieldError('allow_teacher_clash')
    : undefined;
}

export function confirmClash(clash: string): Promise<boolean> {
  return ask(
    'Teacher clash',
    <Text c="red.9" role="alert">
      {clash}
    </Text>,
    'Schedule anyway',
  );
}

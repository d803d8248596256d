import { List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ClassChange, ScheduleChangePreview } from '@tokenly/contract/schedules';
import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';

// Before a change reaches people the administrator sees whom it reaches and what they will be told, and
// before a teacher is put in two classes at once, the clash, or a class on a closed day, the day: all wait
// for a yes.

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

/** What the administrator may confirm and save anyway, by the field the server names it under. */
const CONFIRMABLE = {
  allow_teacher_clash: 'Teacher clash',
  allow_closed_day: 'The school is closed that day',
} as const;
export type Allowance = keyof typeof CONFIRMABLE;

/**
 * A save refused for something the administrator may decide otherwise (the teacher already teaches then,
 * or the school is closed that day): which, and the server's words for it.
 */
export function confirmableRefusalOf(error: unknown): { allow: Allowance; message: string } | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  for (const allow of Object.keys(CONFIRMABLE) as Allowance[]) {
    const message = error.fieldError(allow);
    if (message) return { allow, message };
  }
  return undefined;
}

export function confirmRefusal({ allow, message }: { allow: Allowance; message: string }): Promise<boolean> {
  return ask(
    CONFIRMABLE[allow],
    <Text c="red.9" role="alert">
      {message}
    </Text>,
    'Schedule anyway',
  );
}

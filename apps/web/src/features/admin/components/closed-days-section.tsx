import { Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ClosedDay, ClosedDayClass } from '@tokenly/contract/closed-days';
import { useState } from 'react';
import { DataTable } from '../../../components/ui/data-table';
import { dialog } from '../../../components/ui/dialog';
import { Panel, PanelHeading } from '../../../components/ui/panel';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/api-client';
import { dayOf, formatDate, formatDateTime } from '../../../lib/format';
import { closedDayClasses, useAddClosedDay, useClosedDays, useRemoveClosedDay } from '../api/closed-days';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

type Choice = 'cancel' | 'keep' | 'back';

/**
 * Before a day with classes is closed: which classes, how many learners are booked, and whether to cancel
 * them (each as Cancel class does: refunded and mailed) or keep them as the school's exceptions.
 */
function askAboutClasses(day: string, classes: ClosedDayClass[]): Promise<Choice> {
  return new Promise((resolve) => {
    let chosen: Choice = 'back';
    const choose = (choice: Choice) => () => {
      chosen = choice;
      modals.close(id);
    };
    const booked = classes.reduce((sum, found) => sum + found.seats_taken, 0);
    const id = modals.open({
      title: `${plural(classes.length, 'class')} on ${formatDate(dayOf(day))}`,
      closeButtonProps: { 'aria-label': 'Close' },
      centered: true,
      radius: 'md',
      size: 'lg',
      onClose: () => resolve(chosen),
      children: (
        <Stack gap="sm">
          <Text>
            {booked === 0
              ? 'Nobody is booked on them yet.'
              : `${plural(booked, 'learner')} booked. Cancelling refunds each booking and mails the learner, as Cancel class does.`}
          </Text>
          <List size="sm">
            {classes.map((found) => (
              <List.Item key={found.id}>
                {`${found.title}, ${formatDateTime(found.starts_at)}${found.teacher_name ? `, ${found.teacher_name}` : ''}: ${plural(found.seats_taken, 'booking')}`}
              </List.Item>
            ))}
          </List>
          <Group justify="flex-end" gap="sm" wrap="wrap">
            <Button variant="default" onClick={choose('back')}>
              Keep editing
            </Button>
            <Button variant="default" onClick={choose('keep')}>
              Close the day, keep the classes
            </Button>
            <Button color="red" onClick={choose('cancel')}>
              Close the day and cancel them
            </Button>
          </Group>
        </Stack>
      ),
    });
  });
}

function RemoveButton({ closedDay }: { closedDay: ClosedDay }) {
  const remove = useRemoveClosedDay(closedDay.id);
  return (
    <Button
      size="xs"
      variant="default"
      loading={remove.isPending}
      aria-label={`Remove closed day ${formatDate(dayOf(closedDay.day))} (${closedDay.name})`}
      onClick={() => remove.mutate(undefined, { onError: (error) => dialog.error(errorMessage(error)) })}
    >
      Remove
    </Button>
  );
}

function AddClosedDayForm() {
  const add = useAddClosedDay();
  const [day, setDay] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const classes = day ? await closedDayClasses(day) : [];
      const choice = classes.length === 0 ? 'keep' : await askAboutClasses(day, classes);
      if (choice === 'back') return;
      const { data } = await add.mutateAsync({ day, name, cancel_classes: choice === 'cancel' });
      setDay('');
      setName('');
      dialog.success(
        data.cancelled_classes === 0
          ? 'Closed day saved.'
          : `Closed day saved. ${plural(data.cancelled_classes, 'class')} cancelled, ${plural(data.refunded_bookings, 'booking')} refunded.`,
      );
    } catch (error) {
      dialog.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label="Add a closed day">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Date"
          type="date"
          required
          value={day}
          onChange={(event) => setDay(event.currentTarget.value)}
        />
        <TextInput
          label="Name"
          placeholder="Christmas Day"
          required
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Button type="submit" loading={busy}>
          Add closed day
        </Button>
      </Group>
    </form>
  );
}

/** The school's closed days on the admin Settings page: listed, added (after seeing what they hit), removed. */
export function ClosedDaysSection() {
  const closedDays = useClosedDays();
  return (
    <Panel>
      <Stack gap="md">
        <PanelHeading
          title="Closed days"
          intro="Days in the school's time zone. New weekly series skip them, a class goes on one only when you confirm, and learners see them on the timetable."
        />
        <AddClosedDayForm />
        <QueryState query={closedDays} what="the closed days">
          {(rows) => (
            <DataTable
              rows={rows}
              what="Closed days"
              minWidth={480}
              columns={[
                { header: 'Date', cell: (row) => formatDate(dayOf(row.day)) },
                { header: 'Name', cell: (row) => row.name },
                { header: 'Remove', cell: (row) => <RemoveButton closedDay={row} /> },
              ]}
            />
          )}
        </QueryState>
      </Stack>
    </Panel>
  );
}

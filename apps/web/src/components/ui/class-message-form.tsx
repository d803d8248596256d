import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import {
  CLASS_MESSAGE_BODY_MAX,
  CLASS_MESSAGE_SUBJECT_MAX,
  type ClassMessageBody,
} from '@tokenly/contract/class-roster';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { reportSaveError } from '../form/report-save-error';
import { FormTextInput } from '../form/text-input';
import { FormTextarea } from '../form/textarea';
import { dialog } from './dialog';

const required = (what: string) => (value: string) => value.trim().length > 0 || `${what} is required.`;

function MessageForm({
  send,
  close,
}: {
  send: (body: ClassMessageBody) => Promise<{ data: { sent: number } }>;
  close: () => void;
}) {
  const form = useForm<ClassMessageBody>({ defaultValues: { subject: '', body: '' } });
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { data } = await send(values);
      close();
      dialog.success(`Message sent to ${data.sent} ${data.sent === 1 ? 'learner' : 'learners'}.`);
    } catch (error) {
      reportSaveError(error, form.setError, ['subject', 'body']);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Message the class">
      <Stack gap="md">
        <Text size="sm">
          One mail to each learner booked on this class, sent from the school with the class named in it.
        </Text>
        <FormTextInput
          form={form}
          name="subject"
          rules={{ validate: required('Subject') }}
          label="Subject"
          required
          maxLength={CLASS_MESSAGE_SUBJECT_MAX}
        />
        <FormTextarea
          form={form}
          name="body"
          rules={{ validate: required('Message') }}
          label="Message"
          required
          autosize
          minRows={4}
          maxLength={CLASS_MESSAGE_BODY_MAX}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Send message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * "Message the class" on the administrator's class screen and the teacher's class page: a subject and a
 * text, mailed through the outbox to everyone booked.
 */
export function ClassMessageButton({
  send,
  disabled = false,
}: {
  send: (body: ClassMessageBody) => Promise<{ data: { sent: number } }>;
  disabled?: boolean;
}) {
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpened(true)} disabled={disabled}>
        Message the class
      </Button>
      <Modal opened={opened} onClose={close} title="Message the class" centered size="lg">
        <MessageForm send={send} close={close} />
      </Modal>
    </>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, SimpleGrid, Stack } from '@mantine/core';
import { type ContactBody, contactBodySchema } from '@tokenly/contract/contact';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormNativeSelect } from '../../../components/form/native-select';
import { FormTextInput } from '../../../components/form/text-input';
import { FormTextarea } from '../../../components/form/textarea';
import { errorMessage } from '../../../lib/api-client';
import { localizedResolver, translateMessage } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useSiteContent } from '../api/get-site-content';
import { useSendContact } from '../api/send-contact';

// SPEC.md section 1 and 5: the contract's schema (phone optional, any country's number checked by
// libphonenumber-js, DESIGN.md section 7) checks the form here and the call on the server; the enquiry is stored, mailed to the
// school and acknowledged to the sender.
const EMPTY: ContactBody = { name: '', email: '', phone: '', course: '', message: '' };
/** The course an unsure visitor sends, in English: the school reads it. */
const NOT_SURE = 'Not sure yet';
// Every field but the phone is needed: the inputs say so to assistive technology and the browser, without
// a row of asterisks on the visitor's form.
const REQUIRED = { required: true, withAsterisk: false } as const;

export function ContactForm() {
  const t = useT();
  const send = useSendContact();
  // The school's course tabs, by the names it gives them (the school reads the enquiry).
  const courses = useSiteContent().data?.course_tabs.map((tab) => tab.name) ?? [];
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: localizedResolver(zodResolver(contactBodySchema)), defaultValues: EMPTY });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setSent(null);
    setFailure(null);
    try {
      setSent((await send.mutateAsync(values)).message);
      form.reset(EMPTY);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('marketing.contact.form')} style={{ maxWidth: 760 }}>
      <Stack gap="md">
        {sent ? (
          <Alert
            color="teal"
            variant="light"
            title={t('marketing.contact.sent')}
            role="status"
            // Mantine's light variant draws the title in shade 9, below 4.5:1 on teal's tint.
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            {translateMessage(sent)}
          </Alert>
        ) : null}
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <FormTextInput
            form={form}
            name="name"
            label={t('marketing.contact.name')}
            autoComplete="name"
            {...REQUIRED}
          />
          <FormTextInput
            form={form}
            name="email"
            label={t('marketing.contact.email')}
            type="email"
            autoComplete="email"
            {...REQUIRED}
          />
          <FormTextInput
            form={form}
            name="phone"
            label={t('marketing.contact.phone')}
            type="tel"
            autoComplete="tel"
            // Any country's number, written with its code (an example, no word to translate).
            placeholder="+44 20 7946 0958"
          />
          <FormNativeSelect
            form={form}
            name="course"
            label={t('marketing.contact.course')}
            {...REQUIRED}
            data={[
              { value: '', label: t('marketing.contact.chooseCourse') },
              ...courses.map((name) => ({ value: name, label: name })),
              { value: NOT_SURE, label: t('marketing.contact.notSure') },
            ]}
          />
        </SimpleGrid>
        <FormTextarea
          form={form}
          name="message"
          label={t('marketing.contact.message')}
          autosize
          minRows={4}
          {...REQUIRED}
        />
        <Button type="submit" size="md" w={{ base: '100%', xs: 'auto' }} loading={isSubmitting}>
          {t('marketing.contact.send')}
        </Button>
      </Stack>
    </form>
  );
}

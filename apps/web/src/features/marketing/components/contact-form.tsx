import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Grid, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { emailSchema, nameSchema } from '@tokenly/contract/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Section } from '../../../components/ui/section';
import { COURSE_NAMES } from '../utils/courses';

// SPEC.md section 1 and 5: not wired to any call; the phone is optional and at most 10 characters.
const PHONE_MAX_LENGTH = 10;

const contactSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: z.string().trim().max(PHONE_MAX_LENGTH, `Phone must be at most ${PHONE_MAX_LENGTH} characters.`),
  course: z.string().min(1, 'Choose the course you are interested in.'),
  message: z
    .string()
    .trim()
    .min(1, 'Write a short message.')
    .max(2000, 'Message must be at most 2000 characters.'),
});
type ContactValues = z.input<typeof contactSchema>;

const EMPTY: ContactValues = { name: '', email: '', phone: '', course: '', message: '' };

export function ContactForm() {
  const [sent, setSent] = useState(false);
  const form = useForm({ resolver: zodResolver(contactSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(() => {
    setSent(true);
    form.reset(EMPTY);
  });

  return (
    <Section
      id="contact"
      eyebrow="Contact"
      title="Questions? Talk to us"
      description="Tell us what you want to learn and we will suggest the right classes for you."
    >
      <form onSubmit={onSubmit} noValidate aria-label="Contact us" style={{ maxWidth: 760 }}>
        <Stack gap="md">
          {sent ? (
            <Alert color="teal.9" variant="light" title="Thank you for your message!" role="status">
              Our team will reply by email within two working days.
            </Alert>
          ) : null}
          <Grid gutter="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Full name"
                autoComplete="name"
                required
                withAsterisk={false}
                error={errors.name?.message}
                {...form.register('name')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                required
                withAsterisk={false}
                error={errors.email?.message}
                {...form.register('email')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Phone (optional)"
                type="tel"
                autoComplete="tel"
                error={errors.phone?.message}
                {...form.register('phone')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <NativeSelect
                label="Course interest"
                required
                withAsterisk={false}
                data={[{ value: '', label: 'Choose a course' }, ...COURSE_NAMES, 'Not sure yet']}
                error={errors.course?.message}
                {...form.register('course')}
              />
            </Grid.Col>
          </Grid>
          <Textarea
            label="Message"
            autosize
            minRows={4}
            required
            withAsterisk={false}
            error={errors.message?.message}
            {...form.register('message')}
          />
          <Button type="submit" size="md" w={{ base: '100%', xs: 'auto' }} onClick={() => setSent(false)}>
            Send message
          </Button>
        </Stack>
      </form>
    </Section>
  );
}

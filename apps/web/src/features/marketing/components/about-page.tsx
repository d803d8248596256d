import { Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Section } from '../../../components/ui/section';
import { usePageTitle } from '../../../lib/page-title';

// SPEC.md: About is a placeholder page. The legal anchors are the targets of the footer's legal links.
const LEGAL = [
  {
    id: 'terms',
    title: 'Terms of service',
    text: 'Tokens are prepaid class credits, valid for the period stated on the package you bought. Booked classes use tokens from your balance. The full terms will be published here.',
  },
  {
    id: 'privacy',
    title: 'Privacy policy',
    text: 'We keep only what we need to run your classes: your name, email, level and bookings. Card details are handled by our payment provider and never stored by us.',
  },
  {
    id: 'cookies',
    title: 'Cookie policy',
    text: 'We use one essential cookie to keep you signed in. We do not use advertising cookies.',
  },
];

export function AboutPage() {
  usePageTitle('About us');
  return (
    <>
      <Box bg="brand.9" c="white" py={{ base: 48, sm: 80 }}>
        <Container>
          <Stack gap="sm" maw={720}>
            <Title order={1} fz={{ base: 32, sm: 44 }}>
              About Tokenly English
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} c="brand.0">
              We are a small online school with a simple idea: live classes with great teachers, and the
              freedom to learn on your own schedule.
            </Text>
          </Stack>
        </Container>
      </Box>
      <Section id="story" title="Our story">
        <Text maw={720}>
          Our full story is on its way. In short: we built Tokenly English for busy adults who want real
          conversation practice but cannot commit to a fixed timetable. Tokens let you book exactly the
          classes you want, when you want them.
        </Text>
      </Section>
      <Section id="legal" title="Terms and privacy" bg="gray.0">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {LEGAL.map((item) => (
            <Stack key={item.id} id={item.id} gap="xs">
              <Title order={3} fz="lg">
                {item.title}
              </Title>
              <Text fz="sm">{item.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Section>
    </>
  );
}

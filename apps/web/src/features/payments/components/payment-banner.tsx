import { Box, Container, Stack, Text, Title } from '@mantine/core';

/** The banner above the package list of /payment (SPEC.md "Payment"). */
export function PaymentBanner() {
  return (
    <Box bg="brand.9" c="white" py={{ base: 48, sm: 72 }}>
      <Container>
        <Stack gap="sm" maw={720}>
          <Title order={1} fz={{ base: 32, sm: 44 }}>
            Buy tokens
          </Title>
          <Text fz={{ base: 'md', sm: 'lg' }} c="brand.0">
            Pick a package, pay once by card and book any class you like. Prices are in US dollars and include
            VAT.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}

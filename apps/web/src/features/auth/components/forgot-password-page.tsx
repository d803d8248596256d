import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ROUTES } from '../../../config/routes';
import { usePageTitle } from '../../../lib/page-title';
import { AuthCard } from './auth-card';

export const SCHOOL_EMAIL = 'hello@tokenly-english.com';

// SPEC.md shows the link but no target; until self-service reset exists, the school resets it by hand.
export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  return (
    <AuthCard title="Forgot your password?">
      <Stack gap="md">
        <Text>
          No problem. Write to the school at{' '}
          <Anchor href={`mailto:${SCHOOL_EMAIL}`} fw={600}>
            {SCHOOL_EMAIL}
          </Anchor>{' '}
          from the address you registered with, and we will help you set a new password.
        </Text>
        <Button component={Link} to={ROUTES.LoginForm} variant="default">
          Back to Sign In
        </Button>
      </Stack>
    </AuthCard>
  );
}

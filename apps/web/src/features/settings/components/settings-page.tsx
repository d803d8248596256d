import { Paper, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/page-title';
import { SettingsForm } from './settings-form';

/** /admin/settings and /user/settings. */
export function SettingsPage() {
  usePageTitle('Settings');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Settings
        </Title>
        <Text c="dimmed">Update your name or choose a new password.</Text>
      </div>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <SettingsForm />
      </Paper>
    </Stack>
  );
}

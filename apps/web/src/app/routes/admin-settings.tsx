import { Stack } from '@mantine/core';
import { SchoolSettingsSection } from '../../features/admin/components/school-settings-section';
import { SettingsPage } from '../../features/settings/components/settings-page';

/** /admin/settings: the admin's own account, as a learner's Settings, then the school's. */
export function AdminSettingsRoute() {
  return (
    <Stack gap="lg">
      <SettingsPage />
      <SchoolSettingsSection />
    </Stack>
  );
}

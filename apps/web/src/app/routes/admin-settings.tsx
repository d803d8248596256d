import { Stack } from '@mantine/core';
import { ClosedDaysSection } from '../../features/admin/components/closed-days-section';
import { SchoolSettingsSection } from '../../features/admin/components/school-settings-section';
import { SettingsPage } from '../../features/settings/components/settings-page';

/** /admin/settings: the admin's own account, as a learner's Settings, then the school's and its closed days. */
export function AdminSettingsRoute() {
  return (
    <Stack gap="lg">
      <SettingsPage />
      <SchoolSettingsSection />
      <ClosedDaysSection />
    </Stack>
  );
}

import { useQuery } from '@tanstack/react-query';
import type {
  SchoolSettingChange,
  SchoolSettings,
  SchoolSettingsValues,
} from '@tokenly/contract/school-settings';
import { adminPageQueryOptions, adminQueryOptions, useAdminMutation } from './admin-query';

export const useSchoolSettings = () => useQuery(adminQueryOptions<SchoolSettings>('adminSchoolSettings'));

/** A save also refreshes the history below the form (every admin read shares one key). */
export const useSaveSchoolSettings = () =>
  useAdminMutation<SchoolSettingsValues, SchoolSettings>('adminSchoolSettingsSave');

export const useSchoolSettingsHistory = (page: number) =>
  useQuery(adminPageQueryOptions<SchoolSettingChange>('adminSchoolSettingsHistory', page));

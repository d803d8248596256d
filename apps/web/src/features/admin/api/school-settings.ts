import { useQuery } from '@tanstack/react-query';
import { adminPageQueryOptions, adminQueryOptions, useAdminMutation } from './admin-query';

export const useSchoolSettings = () => useQuery(adminQueryOptions('adminSchoolSettings'));

/** A save also refreshes the history below the form (every admin read shares one key). */
export const useSaveSchoolSettings = () => useAdminMutation('adminSchoolSettingsSave');

export const useSchoolSettingsHistory = (page: number) =>
  useQuery(adminPageQueryOptions('adminSchoolSettingsHistory', page));

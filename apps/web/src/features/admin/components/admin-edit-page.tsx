import { Stack } from '@mantine/core';
import type { User } from '@tokenly/contract/auth';
import { adminUpdateBodySchema } from '@tokenly/contract/users';
import { useParams } from 'react-router';
import { FormCard, saveOnSubmit } from '../../../components/form/saving-form';
import { useSchemaForm } from '../../../components/form/schema-form';
import { dialog } from '../../../components/ui/dialog';
import { QueryState } from '../../../components/ui/query-state';
import { useAdmin, useUpdateAdmin } from '../api/users';
import { AccountAccess } from './account-access';
import { AccountFields } from './account-fields';
import { AdminPage } from './admin-page';

function AdminDetailsForm({ admin }: { admin: User }) {
  const update = useUpdateAdmin(String(admin.id));
  const form = useSchemaForm(adminUpdateBodySchema, { name: admin.name, email: admin.email });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = saveOnSubmit(form, ['name', 'email'], update.mutateAsync, () => {
    dialog.saved();
  });

  return (
    <FormCard
      label="Edit admin"
      onSubmit={onSubmit}
      width={520}
      submit={{ label: 'Save', saving: isSubmitting }}
    >
      <AccountFields register={form.register} errors={errors} />
    </FormCard>
  );
}

/** An administrator's name and email, and the account's access. */
export function AdminUserEditPage() {
  const id = useParams().id ?? '';
  const admin = useAdmin(id);
  return (
    <AdminPage title="Edit Admin">
      <QueryState query={admin} what="the administrator">
        {(data) => (
          <Stack gap="xl">
            <AdminDetailsForm admin={data} />
            <AccountAccess user={data} />
          </Stack>
        )}
      </QueryState>
    </AdminPage>
  );
}

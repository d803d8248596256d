import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@tokenly/contract/auth';
import { type AdminCreateBody, adminCreateBodySchema } from '@tokenly/contract/users';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormPasswordInput } from '../../../components/form/password-input';
import { FormCard, saveOnSubmit } from '../../../components/form/saving-form';
import { dialog } from '../../../components/ui/dialog';
import { ROUTES } from '../../../config/routes';
import { useCreateAdmin } from '../api/users';
import { AccountFields } from './account-fields';
import { AdminPage } from './admin-page';

export function AdminUserAddPage() {
  const navigate = useNavigate();
  const create = useCreateAdmin();
  const form = useForm<AdminCreateBody>({
    resolver: zodResolver(adminCreateBodySchema),
    defaultValues: { name: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = saveOnSubmit(form, ['name', 'email', 'password'], create.mutateAsync, () => {
    dialog.saved();
    navigate(ROUTES.adminUserList);
  });

  return (
    <AdminPage title="Add Admin">
      <FormCard label="Add admin" onSubmit={onSubmit} width={520}>
        <AccountFields register={form.register} errors={errors} />
        <FormPasswordInput
          form={form}
          name="password"
          label="Password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters; share it with the new admin safely.`}
          autoComplete="new-password"
          required
        />
        <Group>
          <Button type="submit" loading={isSubmitting}>
            Add Admin
          </Button>
        </Group>
      </FormCard>
    </AdminPage>
  );
}

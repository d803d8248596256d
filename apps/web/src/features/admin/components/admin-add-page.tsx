import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@tokenly/contract/auth';
import { type AdminCreateBody, adminCreateBodySchema } from '@tokenly/contract/users';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormPasswordInput } from '../../../components/form/password-input';
import { reportSaveError } from '../../../components/form/report-save-error';
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

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await create.mutateAsync(body);
      dialog.saved();
      navigate(ROUTES.adminUserList);
    } catch (error) {
      reportSaveError(error, form.setError, ['name', 'email', 'password']);
    }
  });

  return (
    <AdminPage title="Add Admin">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={onSubmit} noValidate aria-label="Add admin">
          <Stack gap="md" maw={520}>
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
          </Stack>
        </form>
      </Paper>
    </AdminPage>
  );
}

import { PASSWORD_MIN_LENGTH } from '@tokenly/contract/auth';
import { adminCreateBodySchema } from '@tokenly/contract/users';
import { useNavigate } from 'react-router';
import { FormPasswordInput } from '../../../components/form/password-input';
import { FormCard, saveOnSubmit } from '../../../components/form/saving-form';
import { useSchemaForm } from '../../../components/form/schema-form';
import { dialog } from '../../../components/ui/dialog';
import { ROUTES } from '../../../config/routes';
import { useCreateAdmin } from '../api/users';
import { AccountFields } from './account-fields';
import { AdminPage } from './admin-page';

export function AdminUserAddPage() {
  const navigate = useNavigate();
  const create = useCreateAdmin();
  const form = useSchemaForm(adminCreateBodySchema, { name: '', email: '', password: '' });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = saveOnSubmit(form, ['name', 'email', 'password'], create.mutateAsync, () => {
    dialog.saved();
    navigate(ROUTES.adminUserList);
  });

  return (
    <AdminPage title="Add Admin">
      <FormCard
        label="Add admin"
        onSubmit={onSubmit}
        width={520}
        submit={{ label: 'Add Admin', saving: isSubmitting }}
      >
        <AccountFields register={form.register} errors={errors} />
        <FormPasswordInput
          form={form}
          name="password"
          label="Password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters; share it with the new admin safely.`}
          autoComplete="new-password"
          required
        />
      </FormCard>
    </AdminPage>
  );
}

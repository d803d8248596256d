import { useCreateTokenPlan } from '../api/token-plans';
import { AdminPage } from './admin-page';
import { TokenForm } from './token-form';

export function AdminTokenAddPage() {
  const create = useCreateTokenPlan();
  return (
    <AdminPage title="Add Token Plan">
      <TokenForm save={create.mutateAsync} />
    </AdminPage>
  );
}

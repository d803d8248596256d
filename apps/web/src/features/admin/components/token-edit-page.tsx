import { useParams } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { useTokenPlan, useUpdateTokenPlan } from '../api/token-plans';
import { AdminPage } from './admin-page';
import { TokenForm } from './token-form';

export function AdminTokenEditPage() {
  const id = useParams().id ?? '';
  const plan = useTokenPlan(id);
  const update = useUpdateTokenPlan(id);
  return (
    <AdminPage title="Edit Token">
      <QueryState query={plan} what="the token plan">
        {/* The edit call ignores kind and billing period: buyers already hold tokens of this plan. */}
        {(data) => <TokenForm entry={data} save={update.mutateAsync} />}
      </QueryState>
    </AdminPage>
  );
}

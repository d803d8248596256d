import { Button, VisuallyHidden } from '@mantine/core';
import type { TokenPlan } from '@tokenly/contract/token-plans';
import { Link } from 'react-router';
import { RichMessage } from '../../../components/ui/rich-message';
import { ROUTES } from '../../../config/routes';
import type { FromState } from '../../../lib/redirect';
import { isLearner, useSession } from '../../../lib/session';

/**
 * SPEC.md "Payment": Select opens checkout only for a logged-in learner; anyone else goes to the login
 * page, which brings a learner back to this checkout afterwards.
 */
/**
 * `name` completes the accessible name: "Select Package 1". `recurring` opens checkout with Subscribe
 * ticked (the checkout reads `?recurring=1`).
 */
export function SelectPlanButton({
  plan,
  name,
  recurring,
}: {
  plan: TokenPlan;
  name: string;
  recurring?: boolean;
}) {
  const session = useSession();
  const checkout = `${ROUTES.selectPayment(plan.id)}${recurring ? '?recurring=1' : ''}`;
  const state: FromState | undefined = isLearner(session) ? undefined : { from: checkout };
  return (
    <Button component={Link} to={isLearner(session) ? checkout : ROUTES.LoginForm} state={state} fullWidth>
      <RichMessage id="membership.plan.select" values={{ name }} components={{ 0: <VisuallyHidden /> }} />
    </Button>
  );
}

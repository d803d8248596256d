import { PlanCard } from '../../features/membership/components/plan-card';
import { CheckoutPage } from '../../features/payments/components/checkout-page';

/** /select-payment/{id}: checkout, showing the plan with the same card as the lists, labelled by its kind. */
export function SelectPaymentRoute() {
  return <CheckoutPage renderPlan={(plan) => <PlanCard plan={plan} headingLevel={2} />} />;
}

import { PlanCard } from '../../features/membership/components/plan-card';
import { membershipPeriod } from '../../features/membership/utils/plans';
import { CheckoutPage } from '../../features/payments/components/checkout-page';

/** /select-payment/{id}: checkout, showing the plan with the same card as the lists. */
export function SelectPaymentRoute() {
  return (
    <CheckoutPage
      renderPlan={(plan) =>
        plan.kind === 'membership' ? (
          <PlanCard
            plan={plan}
            label={`Renews every ${membershipPeriod(plan).per}`}
            per={membershipPeriod(plan).per}
            headingLevel={2}
          />
        ) : (
          <PlanCard plan={plan} label="Token package" headingLevel={2} />
        )
      }
    />
  );
}

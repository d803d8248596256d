import { PlanCard } from '../../features/membership/components/plan-card';
import { membershipPeriod } from '../../features/membership/utils/plans';
import { CheckoutPage } from '../../features/payments/components/checkout-page';
import { useT } from '../../lib/i18n';

/** /select-payment/{id}: checkout, showing the plan with the same card as the lists. */
export function SelectPaymentRoute() {
  const t = useT();
  return (
    <CheckoutPage
      renderPlan={(plan) =>
        plan.kind === 'membership' ? (
          <PlanCard
            plan={plan}
            label={t('payments.plan.renews', { months: plan.interval_months ?? 1 })}
            per={membershipPeriod(plan).per}
            headingLevel={2}
          />
        ) : (
          <PlanCard plan={plan} label={t('payments.plan.package')} headingLevel={2} />
        )
      }
    />
  );
}

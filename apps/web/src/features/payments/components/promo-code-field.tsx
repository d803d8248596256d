import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { PromoQuote } from '@tokenly/contract/promo-codes';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { checkPromoCode } from '../api/check-promo-code';

/**
 * "Have a code?" at a one-time checkout: the server checks the code for this learner and package and
 * says what it takes off; the payment is then started with the code, and the server prices it again.
 */
export function PromoCodeField({
  planId,
  value,
  onChange,
  disabled,
}: {
  planId: number;
  value: PromoQuote | null;
  onChange: (value: PromoQuote | null) => void;
  disabled: boolean;
}) {
  const t = useT();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const apply = async () => {
    if (code.trim() === '') return;
    setChecking(true);
    setError(null);
    try {
      onChange(await checkPromoCode(code, planId));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setChecking(false);
    }
  };

  if (value) {
    return (
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600} role="status">
          {t('payments.promo.applied', { code: value.code, discount: formatUsd(value.discount) })}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={() => onChange(null)} disabled={disabled}>
          {t('payments.promo.remove')}
        </Button>
      </Group>
    );
  }
  return (
    <details>
      <summary>{t('payments.promo.summary')}</summary>
      <Stack gap="xs" pt="sm">
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label={t('payments.promo.label')}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            // Enter applies the code; it must not submit the payment around it.
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void apply();
              }
            }}
            error={error}
            maxLength={32}
            autoComplete="off"
            autoCapitalize="characters"
            disabled={disabled}
            style={{ flex: 1 }}
          />
          <Button
            type="button"
            mt={25}
            variant="default"
            loading={checking}
            onClick={apply}
            disabled={disabled}
          >
            {t('payments.promo.apply')}
          </Button>
        </Group>
      </Stack>
    </details>
  );
}

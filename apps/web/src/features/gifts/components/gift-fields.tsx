import { Checkbox, Stack, Textarea, TextInput } from '@mantine/core';
import { GIFT_MESSAGE_MAX_LENGTH, type GiftRequest } from '@tokenly/contract/gifts';
import { localIsoDay } from '../../../lib/format';
import { useT } from '../../../lib/i18n';

/**
 * "Buy as a gift" at a package's checkout: the recipient's address, a message and the day the code is
 * mailed (today by default). null while the box is not ticked.
 */
export function GiftFields({
  value,
  onChange,
  disabled,
}: {
  value: GiftRequest | null;
  onChange: (value: GiftRequest | null) => void;
  disabled: boolean;
}) {
  const t = useT();
  const today = localIsoDay(new Date());
  const change = (patch: Partial<GiftRequest>) => {
    if (value) onChange({ ...value, ...patch });
  };
  return (
    <Stack gap="sm">
      <Checkbox
        label={t('payments.gift.toggle')}
        description={t('payments.gift.toggleHint')}
        checked={value !== null}
        onChange={(event) =>
          onChange(
            event.currentTarget.checked ? { recipient_email: '', message: '', deliver_on: today } : null,
          )
        }
        disabled={disabled}
      />
      {value ? (
        <Stack gap="sm" pl={{ base: 0, sm: 'lg' }}>
          <TextInput
            type="email"
            label={t('payments.gift.recipient')}
            value={value.recipient_email}
            onChange={(event) => change({ recipient_email: event.currentTarget.value })}
            required
            autoComplete="off"
            disabled={disabled}
          />
          <Textarea
            label={t('payments.gift.message')}
            value={value.message}
            onChange={(event) => change({ message: event.currentTarget.value })}
            maxLength={GIFT_MESSAGE_MAX_LENGTH}
            autosize
            minRows={2}
            disabled={disabled}
          />
          <TextInput
            type="date"
            label={t('payments.gift.deliverOn')}
            description={t('payments.gift.deliverOnHint')}
            value={value.deliver_on}
            min={today}
            onChange={(event) => change({ deliver_on: event.currentTarget.value })}
            required
            disabled={disabled}
            maw={220}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}

import { Alert, Code, List, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { CHECKOUT_MESSAGES, DEMO_CARDS } from '@tokenly/contract/checkout';
import { Fragment, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CardGateway } from '../gateway/card-gateway';
import { createDemoGateway, type DemoCard } from '../gateway/demo-gateway';
import { formatCardNumber, formatCvc, formatExpiry } from '../utils/card-input';
import { DemoBankDialog } from './demo-bank-dialog';

// Every card the demo takes, grouped by what it does (the gateway decides; this only lists them).
const TEST_CARDS = [
  {
    numbers: [
      DEMO_CARDS.succeeds,
      DEMO_CARDS.threeDSecureOptional,
      DEMO_CARDS.threeDSecureOptionalErrorIfAttempted,
      DEMO_CARDS.threeDSecureNotSupported,
    ],
    result: 'pays at once',
  },
  {
    numbers: [
      DEMO_CARDS.requiresAuthentication,
      DEMO_CARDS.alwaysAuthenticate,
      DEMO_CARDS.alreadySetUp,
      DEMO_CARDS.threeDSecureRequired,
    ],
    result: 'asks your bank to confirm, then pays',
  },
  { numbers: [DEMO_CARDS.authenticatedThenDeclined], result: 'asks your bank to confirm, then is declined' },
  {
    numbers: [DEMO_CARDS.authenticatedThenInsufficientFunds],
    result: 'asks your bank to confirm, then is declined: insufficient funds',
  },
  { numbers: [DEMO_CARDS.insufficientFunds], result: 'is declined: insufficient funds' },
  { numbers: [DEMO_CARDS.declined], result: 'is declined' },
  { numbers: [DEMO_CARDS.threeDSecureLookupError], result: 'fails with a processing error' },
];

type BankPrompt = { answer: (approve: boolean) => void };

/** The demo gateway's card field: Stripe's test cards, no network, no real charge (DESIGN.md section 6). */
export function DemoCardField({
  onGateway,
  disabled,
}: {
  onGateway: (gateway: CardGateway | null) => void;
  disabled: boolean;
}) {
  const [card, setCard] = useState<DemoCard>({ number: '', expiry: '', cvc: '' });
  // What was typed last, read at Pay time: an Enter right after the last keystroke must not pay with
  // the card as it was one render earlier.
  const latestCard = useRef(card);
  const edit = (patch: Partial<DemoCard>) => {
    latestCard.current = { ...latestCard.current, ...patch };
    setCard(latestCard.current);
  };
  const [bankPrompt, setBankPrompt] = useState<BankPrompt | null>(null);

  const askBank = useCallback(
    () => new Promise<boolean>((resolve) => setBankPrompt({ answer: resolve })),
    [],
  );
  const gateway = useMemo(
    () => createDemoGateway({ readCard: () => latestCard.current, askBank }),
    [askBank],
  );
  useEffect(() => {
    onGateway(gateway);
    return () => onGateway(null);
  }, [gateway, onGateway]);

  return (
    <Stack gap="sm">
      {/* A standing notice, not an alert: Mantine's Alert would announce it as one. */}
      <Alert color="brand" variant="light" title={CHECKOUT_MESSAGES.demoNotice} role="note">
        <Text fz="sm">
          This school runs in demo mode. Use one of Stripe's test cards, any future expiry date and any CVC:
        </Text>
        <List size="sm" mt={6} spacing={2}>
          {TEST_CARDS.map(({ numbers, result }) => (
            <List.Item key={result}>
              {numbers.map((number, index) => (
                <Fragment key={number}>
                  {index > 0 ? ', ' : null}
                  <Code>{formatCardNumber(number)}</Code>
                </Fragment>
              ))}{' '}
              {result}
            </List.Item>
          ))}
        </List>
      </Alert>
      <TextInput
        label="Card number"
        placeholder="1234 1234 1234 1234"
        inputMode="numeric"
        autoComplete="cc-number"
        value={card.number}
        onChange={(event) => edit({ number: formatCardNumber(event.currentTarget.value) })}
        disabled={disabled}
      />
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          label="Expiry (MM/YY)"
          placeholder="MM/YY"
          inputMode="numeric"
          autoComplete="cc-exp"
          value={card.expiry}
          onChange={(event) => edit({ expiry: formatExpiry(event.currentTarget.value) })}
          disabled={disabled}
        />
        <TextInput
          label="CVC"
          placeholder="123"
          inputMode="numeric"
          autoComplete="cc-csc"
          value={card.cvc}
          onChange={(event) => edit({ cvc: formatCvc(event.currentTarget.value) })}
          disabled={disabled}
        />
      </SimpleGrid>
      <DemoBankDialog
        opened={bankPrompt !== null}
        onAnswer={(approve) => {
          bankPrompt?.answer(approve);
          setBankPrompt(null);
        }}
      />
    </Stack>
  );
}

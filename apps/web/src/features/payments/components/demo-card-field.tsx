import { Alert, Code, List, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DEMO_CARDS } from '@tokenly/contract/checkout';
import type { MessageKey } from '@tokenly/i18n/keys';
import { Fragment, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { RichMessage } from '../../../components/ui/rich-message';
import { useT } from '../../../lib/i18n';
import type { CardGateway } from '../gateway/card-gateway';
import { createDemoGateway, type DemoCard } from '../gateway/demo-gateway';
import { formatCardNumber, formatCvc, formatExpiry } from '../utils/card-input';
import { DemoBankDialog } from './demo-bank-dialog';

// Every card the demo takes, grouped by what it does (the gateway decides; this only lists them). Each
// result is a sentence with the cards' numbers in it, so a language puts them where its grammar wants.
const TEST_CARDS: { numbers: string[]; result: MessageKey }[] = [
  {
    numbers: [
      DEMO_CARDS.succeeds,
      DEMO_CARDS.threeDSecureOptional,
      DEMO_CARDS.threeDSecureOptionalErrorIfAttempted,
      DEMO_CARDS.threeDSecureNotSupported,
    ],
    result: 'payments.demo.result.paid',
  },
  {
    numbers: [
      DEMO_CARDS.requiresAuthentication,
      DEMO_CARDS.alwaysAuthenticate,
      DEMO_CARDS.alreadySetUp,
      DEMO_CARDS.threeDSecureRequired,
    ],
    result: 'payments.demo.result.authPaid',
  },
  { numbers: [DEMO_CARDS.authenticatedThenDeclined], result: 'payments.demo.result.authDeclined' },
  { numbers: [DEMO_CARDS.authenticatedThenInsufficientFunds], result: 'payments.demo.result.authNoFunds' },
  { numbers: [DEMO_CARDS.insufficientFunds], result: 'payments.demo.result.noFunds' },
  { numbers: [DEMO_CARDS.declined], result: 'payments.demo.result.declined' },
  { numbers: [DEMO_CARDS.attachesThenFails], result: 'payments.demo.result.attachesThenFails' },
  { numbers: [DEMO_CARDS.threeDSecureLookupError], result: 'payments.demo.result.processingError' },
];

/**
 * Card numbers read left to right in every language (in Arabic's text their groups would swap places),
 * each on one line.
 */
function CardNumbers({ numbers }: { numbers: string[] }) {
  return numbers.map((number, index) => (
    <Fragment key={number}>
      {index > 0 ? ', ' : null}
      <Code dir="ltr" style={{ whiteSpace: 'nowrap' }}>
        {formatCardNumber(number)}
      </Code>
    </Fragment>
  ));
}

type BankPrompt = { answer: (approve: boolean) => void };

/** The demo gateway's card field: Stripe's test cards, no network, no real charge (DESIGN.md section 6). */
export function DemoCardField({
  onGateway,
  disabled,
}: {
  onGateway: (gateway: CardGateway | null) => void;
  disabled: boolean;
}) {
  const t = useT();
  const [card, setCard] = useState<DemoCard>({ number: '', expiry: '', cvc: '' });
  // What was typed last, read at Pay time: an Enter right after the last keystroke must not pay with
  // the card as it was one render earlier.
  const latestCard = useRef(card);
  const edit = (patch: Partial<DemoCard>) => {
    latestCard.current = { ...latestCard.current, ...patch };
    setCard(latestCard.current);
  };
  // A part of the card: digits, typed left to right whatever the page's direction, as the card prints
  // them, and formatted as they are typed.
  const typed = (part: keyof DemoCard, format: (typed: string) => string, autoComplete: string) => ({
    dir: 'ltr',
    inputMode: 'numeric' as const,
    autoComplete,
    value: card[part],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      edit({ [part]: format(event.currentTarget.value) }),
    disabled,
  });
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
      <Alert color="brand" variant="light" title={t('payments.demo.notice')} role="note">
        <Text fz="sm">{t('payments.demo.intro')}</Text>
        <List size="sm" mt={6} spacing={2}>
          {TEST_CARDS.map(({ numbers, result }) => (
            <List.Item key={result}>
              <RichMessage id={result} components={{ 0: <CardNumbers numbers={numbers} /> }} />
            </List.Item>
          ))}
        </List>
      </Alert>
      <TextInput
        label={t('payments.demo.cardNumber')}
        placeholder="1234 1234 1234 1234"
        {...typed('number', formatCardNumber, 'cc-number')}
      />
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          label={t('payments.demo.expiry')}
          placeholder={t('payments.demo.expiryPlaceholder')}
          {...typed('expiry', formatExpiry, 'cc-exp')}
        />
        <TextInput label={t('payments.demo.cvc')} placeholder="123" {...typed('cvc', formatCvc, 'cc-csc')} />
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

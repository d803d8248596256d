import { Trans } from '@lingui/react';
import type { MessageKey, MessageValues } from '@tokenly/i18n/keys';
import type { ReactElement } from 'react';

/**
 * A message with elements inside its sentence, e.g. 'Read the <0>terms</0>.' with a link as component
 * 0: each language places the link where its grammar wants it.
 */
export function RichMessage({
  id,
  values,
  components,
}: {
  id: MessageKey;
  values?: MessageValues;
  components: Record<string, ReactElement>;
}) {
  return <Trans id={id} values={values} components={components} />;
}

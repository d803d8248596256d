import { Button } from '@mantine/core';
import { errorMessage, isServiceUnavailable } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { FormAlert } from './form-alert';

/**
 * A read that failed, with the server's message; when the server was only briefly unavailable (a 503),
 * a Try again button that repeats the read. Every page's failed read shows this one.
 */
export function LoadFailure({
  title,
  error,
  retry,
}: {
  title: string;
  error: unknown;
  retry: () => unknown;
}) {
  const t = useT();
  const message = errorMessage(error);
  return (
    <FormAlert title={title}>
      {message !== title ? message : null}
      {isServiceUnavailable(error) ? (
        <Button display="block" mt="sm" size="xs" variant="outline" color="red.9" onClick={() => retry()}>
          {t('common.retry')}
        </Button>
      ) : null}
    </FormAlert>
  );
}

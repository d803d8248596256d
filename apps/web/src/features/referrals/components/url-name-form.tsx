import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { URL_NAME_MAX_LENGTH } from '@tokenly/contract/constants';
import { type FormEvent, useState } from 'react';
import { dialog } from '../../../components/ui/dialog';
import { PanelHeading } from '../../../components/ui/panel';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useChooseUrlName, useUserReferrals } from '../api/user-referrals';
import { sponsorLinkUrl } from './invite-friends-page';

/** Settings: the URL name of the account's sponsor link, chosen once (until then, the default made from the name). */
export function UrlNameForm() {
  const t = useT();
  const referrals = useUserReferrals();
  const choose = useChooseUrlName();
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  return (
    <Stack gap="md">
      <PanelHeading title={t('settings.urlName.title')} intro={t('settings.urlName.intro')} />
      <QueryState query={referrals} failed={t('settings.urlName.loadFailed')}>
        {({ url_name, url_name_chosen }) => {
          const typed = value ?? url_name;
          const save = async (event: FormEvent) => {
            event.preventDefault();
            setError(null);
            try {
              await choose.mutateAsync({ url_name: typed });
              dialog.success(t('settings.urlName.saved'));
            } catch (failure) {
              // The server's sentences are English: each refusal has its own words here.
              if (!(failure instanceof ApiError)) setError(t('settings.urlName.failed'));
              else if (failure.status === 422) setError(t('settings.urlName.rules'));
              else if (failure.status === 409 && failure.fieldError('url_name'))
                setError(t('settings.urlName.taken'));
              else if (failure.status === 409) setError(t('settings.urlName.alreadyChosen'));
              else setError(t('settings.urlName.failed'));
            }
          };
          return (
            <form onSubmit={save} noValidate aria-label={t('settings.urlName.title')}>
              <Stack gap="sm">
                <TextInput
                  label={t('settings.urlName.label')}
                  description={url_name_chosen ? t('settings.urlName.chosen') : t('settings.urlName.rules')}
                  value={typed}
                  maxLength={URL_NAME_MAX_LENGTH}
                  readOnly={url_name_chosen}
                  error={error}
                  onChange={(event) => setValue(event.currentTarget.value)}
                />
                <Text size="sm" dir="ltr">
                  {sponsorLinkUrl(typed.trim().toLowerCase() || url_name)}
                </Text>
                {url_name_chosen ? null : (
                  <Group>
                    <Button type="submit" loading={choose.isPending}>
                      {t('settings.urlName.save')}
                    </Button>
                  </Group>
                )}
              </Stack>
            </form>
          );
        }}
      </QueryState>
    </Stack>
  );
}

import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { User } from '@tokenly/contract/auth';
import { useNavigate } from 'react-router';
import { dialog } from '../../../components/ui/dialog';
import { Panel } from '../../../components/ui/panel';
import { ROUTES } from '../../../config/routes';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useDisableAccount, useEnableAccount, useRemoveAdmin } from '../api/users';

/** Active or Disabled, for the lists and the account pages; the dark shades keep white text above 4.5:1. */
export function AccountStatusBadge({ user }: { user: User }) {
  return (
    <Badge color={user.disabled_at === null ? 'teal.9' : 'red.9'} variant="filled">
      {user.disabled_at === null ? 'Active' : 'Disabled'}
    </Badge>
  );
}

/**
 * Disable or enable a learner's or an administrator's account (history kept), and remove an
 * administrator who never acted. The server refuses one's own account and the last active admin.
 */
export function AccountAccess({ user }: { user: User }) {
  const navigate = useNavigate();
  const signedIn = useSession().userData;
  const disable = useDisableAccount(user.id);
  const enable = useEnableAccount(user.id);
  const remove = useRemoveAdmin(user.id);
  const isAdmin = user.user_role === 'admin';
  const disabled = user.disabled_at !== null;

  // The server refuses one's own account; the page does not offer it.
  if (signedIn?.id === user.id) return null;

  const disableAccount = () =>
    disable.mutate(undefined, {
      onSuccess: () => dialog.success(`${user.name} can no longer sign in.`),
      onError: (error) => dialog.failure(error, disableAccount),
    });
  const enableAccount = () =>
    enable.mutate(undefined, {
      onSuccess: () => dialog.success(`${user.name} can sign in again.`),
      onError: (error) => dialog.failure(error, enableAccount),
    });
  const removeAdmin = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        // Off this page at once: its account no longer exists.
        navigate(ROUTES.adminUserList);
        dialog.success(`${user.name} was removed.`);
      },
      onError: (error) => dialog.failure(error, removeAdmin),
    });

  return (
    <Panel>
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={2} fz="lg">
            Account access
          </Title>
          <AccountStatusBadge user={user} />
        </Group>
        <Text size="sm">
          {disabled
            ? `Disabled since ${formatDateTime(user.disabled_at ?? '')}: this account cannot sign in. Its history is kept.`
            : 'Disabling ends every session of this account at once and refuses sign-in; its history is kept.'}
        </Text>
        <Group>
          {disabled ? (
            <Button onClick={enableAccount} loading={enable.isPending}>
              Enable account
            </Button>
          ) : (
            <Button
              color="red.9"
              loading={disable.isPending}
              onClick={() =>
                dialog.confirm({
                  title: `Disable ${user.name}?`,
                  message: `${user.name} is signed out everywhere and cannot sign in until the account is enabled again.${
                    isAdmin
                      ? ''
                      : ' Their booked classes and any membership keep running: cancel those first if they should stop.'
                  }`,
                  confirmLabel: 'Disable account',
                  onConfirm: disableAccount,
                })
              }
            >
              Disable account
            </Button>
          )}
          {isAdmin && (
            <Button
              variant="outline"
              color="red.9"
              loading={remove.isPending}
              onClick={() =>
                dialog.confirm({
                  title: `Remove ${user.name}?`,
                  message:
                    'Only an administrator with no entries in the audit log or the credit ledger can be removed; otherwise disable the account.',
                  confirmLabel: 'Remove admin',
                  onConfirm: removeAdmin,
                })
              }
            >
              Remove admin
            </Button>
          )}
        </Group>
      </Stack>
    </Panel>
  );
}

import { notificationPreferencesInput } from '@bank/validators/auth';
import { Button, Checkbox, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { ControlledCheckbox } from '../../components/controlled-checkbox.tsx';
import { errorMessage } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';

const options = [
  {
    name: 'transactionNotifications',
    label: 'Transaction Notifications',
    hint: 'Money received, sent, deposited or withdrawn.',
  },
  {
    name: 'securityAlerts',
    label: 'Security Alerts',
    hint: 'New sign-ins, password and two-factor changes.',
  },
  {
    name: 'supportReplies',
    label: 'Support Replies',
    hint: 'An e-mail when support answers your ticket while you are away from its chat.',
  },
  {
    name: 'marketingCommunications',
    label: 'Marketing Communications',
    hint: 'News about products and offers.',
  },
] as const;

/** docs/product.md 2.10, Notifications tab, persisted (docs/architecture.md 5). */
export function NotificationsForm({ user }: { user: SessionUser }) {
  const utils = trpc.useUtils();
  const save = trpc.auth.updateNotificationPreferences.useMutation();
  const form = useForm({
    resolver: zodResolver(notificationPreferencesInput),
    defaultValues: user.notificationPreferences,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const updated = await save.mutateAsync(values);
      utils.auth.me.setData(undefined, (current) =>
        current ? { ...current, user: updated } : current,
      );
      form.reset(updated.notificationPreferences);
      notify({ type: 'success', message: 'Notification preferences updated' });
    } catch (error) {
      notify({
        type: 'error',
        message: errorMessage(error, 'Failed to update notification preferences'),
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="5" maxW="xl">
        <Stack as="fieldset" gap="4" border="0" p="0" m="0">
          <Text as="legend" fontWeight="semibold" mb="3">
            E-mail me about
          </Text>
          {options.map((option) => (
            <Controller
              key={option.name}
              control={form.control}
              name={option.name}
              render={({ field }) => (
                <ControlledCheckbox field={field} checked={field.value} topAligned>
                  <Stack gap="0">
                    <Checkbox.Label>{option.label}</Checkbox.Label>
                    <Text fontSize="sm" color="fg.muted">
                      {option.hint}
                    </Text>
                  </Stack>
                </ControlledCheckbox>
              )}
            />
          ))}
        </Stack>
        <Button
          type="submit"
          alignSelf="flex-start"
          loading={form.formState.isSubmitting}
          loadingText="Saving…"
        >
          Save Preferences
        </Button>
      </Stack>
    </form>
  );
}

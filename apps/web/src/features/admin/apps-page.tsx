import { Badge, Button, Flex, Heading, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { LuBan, LuKeyRound, LuPlus, LuWebhook } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { type Column, cellStyles, ListTable } from '../../components/data-table.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { notify } from '../../lib/toaster.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { AppSecretDialog } from './app-secret-dialog.tsx';
import { NameAndDetail } from './name-and-detail.tsx';
import { type AppWithSecret, RegisterAppDialog } from './register-app-dialog.tsx';
import { actionsColumn, dateColumn } from './table-columns.tsx';

type PartnerApp = RouterOutputs['partners']['listApps'][number];

type Pending = { kind: 'rotate' | 'disable'; app: PartnerApp } | null;

function columns(onAsk: (pending: NonNullable<Pending>) => void): Column<PartnerApp>[] {
  return [
    {
      header: 'App',
      cell: (app) => <NameAndDetail name={app.name} detail={app.clientId} mono />,
    },
    {
      header: 'Redirect URIs',
      cell: (app) =>
        app.redirectUris.length === 0 ? (
          <Text color="fg.muted">None (client credentials only)</Text>
        ) : (
          // Long addresses break (anywhere: they have no spaces) within a fixed width.
          <Stack gap="0" maxW="12rem">
            {app.redirectUris.map((uri) => (
              <Text key={uri} fontSize="sm" whiteSpace="normal" wordBreak="break-all">
                {uri}
              </Text>
            ))}
          </Stack>
        ),
    },
    {
      header: 'Scopes',
      cell: (app) => (
        <HStack gap="1" wrap="wrap">
          {app.scopes.map((scope) => (
            <Badge key={scope} variant="subtle" colorPalette="gray" fontFamily="mono">
              {scope}
            </Badge>
          ))}
        </HStack>
      ),
    },
    {
      header: 'Customers',
      cell: (app) => String(app.connectedCustomers),
      cellProps: cellStyles.figure,
    },
    {
      header: 'Status',
      cell: (app) => (
        <Badge variant="subtle" colorPalette={app.status === 'active' ? 'green' : 'red'}>
          {app.status === 'active' ? 'Active' : 'Disabled'}
        </Badge>
      ),
    },
    dateColumn('Registered', (app) => app.createdAt),
    // Icons with their names (as on User Management): three labelled buttons side by side
    // pushed the table past a desktop's width.
    actionsColumn((app) => (
      <HStack gap="1" justify="flex-end">
        {/* The app's webhook subscriptions and their delivery log (a disabled app's too). */}
        <IconButton asChild size="xs" variant="subtle" title="Webhooks">
          <Link
            to="/admin/webhooks"
            search={{ clientId: app.clientId }}
            aria-label={`Webhooks of ${app.name}`}
          >
            <LuWebhook />
          </Link>
        </IconButton>
        {app.status === 'active' ? (
          <>
            <IconButton
              size="xs"
              variant="subtle"
              title="Rotate secret"
              onClick={() => onAsk({ kind: 'rotate', app })}
              aria-label={`Rotate secret of ${app.name}`}
            >
              <LuKeyRound />
            </IconButton>
            <IconButton
              size="xs"
              variant="subtle"
              colorPalette="red"
              title="Disable"
              onClick={() => onAsk({ kind: 'disable', app })}
              aria-label={`Disable ${app.name}`}
            >
              <LuBan />
            </IconButton>
          </>
        ) : null}
      </HStack>
    )),
  ];
}

/**
 * Third-party apps (OAuth clients): register one (its secret shown once), rotate its secret,
 * disable it for good. Customers then connect them from the app, on the consent page.
 */
export function AppsPage() {
  const utils = trpc.useUtils();
  const apps = trpc.partners.listApps.useQuery();
  const rotate = trpc.partners.rotateAppSecret.useMutation();
  const disable = trpc.partners.disableApp.useMutation();
  const [registering, setRegistering] = useState(false);
  const [secret, setSecret] = useState<AppWithSecret | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const confirm = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'rotate') {
        const result = await rotate.mutateAsync({ clientId: pending.app.clientId });
        setSecret(result);
      } else {
        await disable.mutateAsync({ clientId: pending.app.clientId });
        notify({ type: 'success', message: `${pending.app.name} disabled` });
      }
      setConfirmOpen(false);
      await utils.partners.listApps.invalidate();
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, 'The change failed') });
    }
  };

  return (
    <Stack gap="6">
      <Flex gap="3" align="center" wrap="wrap">
        <Stack gap="1" flex="1" minW="0">
          <Heading as="h1" size="2xl">
            Apps
          </Heading>
          <Text color="fg.muted">
            Third-party apps customers can connect to their accounts with OAuth.
          </Text>
        </Stack>
        <Button onClick={() => setRegistering(true)}>
          <LuPlus aria-hidden="true" /> Register app
        </Button>
      </Flex>
      <ListTable
        label="Registered apps"
        query={apps}
        rows={apps.data}
        columns={columns((next) => {
          setPending(next);
          setConfirmOpen(true);
        })}
        rowKey={(app) => app.clientId}
        loadingLabel="Loading apps"
        failedMessage="Error loading apps"
        errorTitle="Error loading apps"
        empty={{ title: 'No apps registered', hint: 'Register an app to give it credentials.' }}
      />
      <RegisterAppDialog
        open={registering}
        onClose={() => setRegistering(false)}
        onRegistered={setSecret}
      />
      <AppSecretDialog result={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        open={confirmOpen}
        title={pending?.kind === 'disable' ? 'Disable app' : 'Rotate secret'}
        confirmLabel={pending?.kind === 'disable' ? 'Disable' : 'Rotate'}
        pending={rotate.isPending || disable.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirmOpen(false)}
      >
        {pending?.kind === 'disable'
          ? `${pending.app.name} will no longer sign anyone in, and every token it holds stops working now. This cannot be undone.`
          : `${pending?.app.name ?? 'The app'} gets a new secret, shown once; the current one stops working now.`}
      </ConfirmDialog>
    </Stack>
  );
}

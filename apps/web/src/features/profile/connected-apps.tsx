import { Button, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { LuPlug, LuUnplug } from 'react-icons/lu';
import { useConfirmation } from '../../components/confirm-dialog.tsx';
import { ListSpinner } from '../../components/list-states.tsx';
import { TileCard } from '../../components/tile-card.tsx';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';

type ConnectedApp = RouterOutputs['partners']['connectedApps'][number];

function AppCard(props: { app: ConnectedApp; onDisconnect: () => void }) {
  const { app } = props;
  return (
    <TileCard>
      <Stack gap="1">
        <Heading as="h3" size="sm" wordBreak="break-word">
          {app.name}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {`Connected ${formatDate(app.grantedAt)} · ${
            app.lastUsedAt ? `Last used ${formatDateTime(app.lastUsedAt)}` : 'Not used yet'
          }`}
        </Text>
      </Stack>
      <Stack gap="1">
        <Text fontSize="sm" fontWeight="medium">
          It may:
        </Text>
        <List.Root ps="5" fontSize="sm" gap="1">
          {app.scopes.map((entry) => (
            <List.Item key={entry.scope}>{entry.description}</List.Item>
          ))}
        </List.Root>
      </Stack>
      <HStack>
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          onClick={props.onDisconnect}
          aria-label={`Disconnect ${app.name}`}
        >
          <LuUnplug aria-hidden="true" /> Disconnect
        </Button>
      </HStack>
    </TileCard>
  );
}

/**
 * The third-party apps the customer let act for them: what each may do, since when, last use;
 * disconnecting one stops its access at once.
 */
export function ConnectedApps() {
  const utils = trpc.useUtils();
  const apps = trpc.partners.connectedApps.useQuery();
  const revoke = trpc.partners.revokeConnectedApp.useMutation();
  const disconnection = useConfirmation<ConnectedApp>({
    title: 'Disconnect app',
    confirmLabel: 'Disconnect',
    pending: revoke.isPending,
    question: (app) =>
      `${app.name} will no longer be able to use your account. You can connect it again from the app.`,
    run: (app) => revoke.mutateAsync({ clientId: app.clientId }),
    reload: () => utils.partners.connectedApps.invalidate(),
    failedMessage: 'Failed to disconnect the app',
  });

  let body: React.ReactNode;
  if (apps.isPending) {
    body = <ListSpinner label="Loading connected apps" py="8" />;
  } else if (apps.isError) {
    body = (
      <Text color="fg.error" role="alert">
        Error loading connected apps
      </Text>
    );
  } else if (apps.data.length === 0) {
    body = (
      <Stack align="center" gap="2" py="8" textAlign="center" borderWidth="1px" borderRadius="l3">
        <LuPlug aria-hidden="true" size="28" />
        <Text fontWeight="medium">No connected apps</Text>
        <Text fontSize="sm" color="fg.muted">
          When you allow an app to use your account, it appears here.
        </Text>
      </Stack>
    );
  } else {
    body = (
      <Stack as="ul" gap="3" aria-label="Connected apps" ps="0">
        {apps.data.map((app) => (
          <AppCard key={app.clientId} app={app} onDisconnect={() => disconnection.ask(app)} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="4">
      <Stack gap="1">
        <Heading as="h2" size="lg">
          Connected apps
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Apps you allowed to use your account. Disconnecting one stops its access at once.
        </Text>
      </Stack>
      {body}
      {disconnection.dialog}
    </Stack>
  );
}

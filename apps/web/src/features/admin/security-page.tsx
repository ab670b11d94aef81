import { Stack, Tabs } from '@chakra-ui/react';
import { PageTitle } from '../../components/page-title.tsx';
import { AuditLog, type SecuritySearch } from './security-audit-log.tsx';
import { OpenSessions } from './security-sessions.tsx';
import { FailedSignIns } from './security-sign-in-failures.tsx';

export type { SecuritySearch } from './security-audit-log.tsx';

/**
 * docs/architecture.md 5: the audit log with its filters, every user's open sessions (an
 * administrator can end one), and failed sign-ins grouped by address.
 */
export function SecurityPage(props: {
  search: SecuritySearch;
  onSearchChange: (next: SecuritySearch) => void;
}) {
  return (
    <Stack gap="6">
      <PageTitle title="Security">
        Every sign-in, failed attempt, account change and block, newest first; open sessions; and
        where failed sign-ins come from.
      </PageTitle>
      <Tabs.Root defaultValue="audit" variant="line" size={{ base: 'sm', md: 'md' }} lazyMount>
        <Tabs.List overflowX="auto">
          <Tabs.Trigger whiteSpace="nowrap" value="audit">
            Audit log
          </Tabs.Trigger>
          <Tabs.Trigger whiteSpace="nowrap" value="sessions">
            Open sessions
          </Tabs.Trigger>
          <Tabs.Trigger whiteSpace="nowrap" value="failures">
            Failed sign-ins
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="audit" pt="5">
          <AuditLog search={props.search} onSearchChange={props.onSearchChange} />
        </Tabs.Content>
        <Tabs.Content value="sessions" pt="5">
          <OpenSessions />
        </Tabs.Content>
        <Tabs.Content value="failures" pt="5">
          <FailedSignIns />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

import { Text } from '@chakra-ui/react';
import Bowser from 'bowser';

/**
 * A user agent as people say it: 'Chrome 142 on Linux', 'Safari 17.5 on iOS 17.5'. A client that
 * is no browser (curl, an app's HTTP library) keeps its own words.
 */
export function describeDevice(userAgent: string): string {
  const { browser, os } = Bowser.parse(userAgent);
  if (!browser.name) return userAgent;
  const version = browser.version?.replace(/(\.0)+$/, '');
  const name = version ? `${browser.name} ${version}` : browser.name;
  if (!os.name) return name;
  return os.version ? `${name} on ${os.name} ${os.version}` : `${name} on ${os.name}`;
}

/** A session's or event's device in words on one line, the raw user agent on hover; a dash if none. */
export function Device({ userAgent }: { userAgent: string | null }) {
  if (!userAgent) return <>—</>;
  return (
    <Text maxW="56" truncate title={userAgent}>
      {describeDevice(userAgent)}
    </Text>
  );
}

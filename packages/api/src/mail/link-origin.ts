import type { AppDeps, RequestInfo } from '../deps.ts';

/** Where links in e-mails sent for this request point. */
export function linkOrigin(deps: Pick<AppDeps, 'publicUrl'>, request: RequestInfo): string {
  return request.origin ?? deps.publicUrl;
}

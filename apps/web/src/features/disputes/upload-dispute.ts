import type { DisputeCreateInput } from '@bank/validators/disputes';
import { z } from 'zod';

export class DisputeUploadFailed extends Error {
  constructor(
    readonly status: number,
    readonly reason: string | null,
    message: string,
  ) {
    super(message);
  }
}

const answer = z.looseObject({
  message: z.string().optional(),
  reason: z.string().optional(),
  dispute: z.object({ id: z.string(), ticketId: z.string() }).optional(),
});

function parse(text: string) {
  try {
    const parsed = answer.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/**
 * POST /api/v1/transactions/{id}/disputes as multipart (the fields and repeated `attachments`),
 * with XMLHttpRequest: the one browser API that reports upload progress.
 */
export function uploadDispute(
  input: DisputeCreateInput,
  files: File[],
  onProgress: (fraction: number) => void,
): Promise<{ id: string; ticketId: string }> {
  const form = new FormData();
  form.append('reason', input.reason);
  form.append('description', input.description);
  for (const file of files) form.append('attachments', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/v1/transactions/${encodeURIComponent(input.id)}/disputes`);
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = parse(request.responseText);
      if (request.status === 201 && body.dispute) {
        onProgress(1);
        resolve(body.dispute);
      } else {
        reject(
          new DisputeUploadFailed(
            request.status,
            body.reason ?? null,
            body.message ?? 'Failed to report the problem',
          ),
        );
      }
    };
    request.onerror = () =>
      reject(new DisputeUploadFailed(0, null, 'Network error. Please check your connection.'));
    request.send(form);
  });
}

import { z } from 'zod';

/** What the create form sends: the fields and the chosen files, as repeated `attachments`. */
export interface TicketUpload {
  subject: string;
  category: string;
  priority: string;
  description: string;
  files: File[];
}

export class UploadFailed extends Error {
  constructor(
    readonly status: number,
    readonly details: Array<{ field: string; message: string }>,
    message: string,
  ) {
    super(message);
  }
}

/** The REST answer: `{message, details?}` on errors, the created thing on success. */
const answerBody = z.looseObject({
  message: z.string().optional(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

function parseBody(text: string): z.infer<typeof answerBody> {
  try {
    const parsed = answerBody.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/**
 * A multipart POST with XMLHttpRequest, the one browser API that reports upload progress. The
 * session cookie goes along (same origin). Resolves with the JSON answer of a 201.
 */
function postMultipart(
  url: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  fallback: string,
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = parseBody(request.responseText);
      if (request.status === 201) {
        onProgress(1);
        resolve(body);
      } else {
        reject(new UploadFailed(request.status, body.details ?? [], body.message ?? fallback));
      }
    };
    request.onerror = () =>
      reject(new UploadFailed(0, [], 'Network error. Please check your connection.'));
    request.send(form);
  });
}

/** POST /api/v1/support/tickets as multipart with repeated `attachments` (docs/product.md 7). */
export async function uploadTicket(
  upload: TicketUpload,
  onProgress: (fraction: number) => void,
): Promise<{ id: string }> {
  const form = new FormData();
  form.append('subject', upload.subject);
  form.append('category', upload.category);
  form.append('priority', upload.priority);
  form.append('description', upload.description);
  for (const file of upload.files) form.append('attachments', file, file.name);
  const body = await postMultipart(
    '/api/v1/support/tickets',
    form,
    onProgress,
    'Failed to create ticket',
  );
  const ticket = body.ticket;
  if (
    typeof ticket !== 'object' ||
    ticket === null ||
    !('id' in ticket) ||
    typeof ticket.id !== 'string'
  ) {
    throw new UploadFailed(500, [], 'Failed to create ticket');
  }
  return { id: ticket.id };
}

/** A chat line with files: POST /api/v1/support/tickets/{id}/messages as multipart. */
export async function uploadChatFiles(
  ticketId: string,
  message: string,
  files: File[],
  onProgress: (fraction: number) => void,
): Promise<Record<string, unknown>> {
  const form = new FormData();
  form.append('message', message);
  for (const file of files) form.append('attachments', file, file.name);
  const body = await postMultipart(
    `/api/v1/support/tickets/${encodeURIComponent(ticketId)}/messages`,
    form,
    onProgress,
    'Failed to add response',
  );
  const data = body.data;
  return typeof data === 'object' && data !== null ? { ...data } : {};
}

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

function parseBody(text: string): {
  message?: string;
  details?: Array<{ field: string; message: string }>;
  ticket?: { id: string };
} {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}

/**
 * POST /api/v1/support/tickets as multipart (SPEC.md 7) with XMLHttpRequest, the one browser
 * API that reports upload progress. The session cookie goes along (same origin).
 */
export function uploadTicket(
  upload: TicketUpload,
  onProgress: (fraction: number) => void,
): Promise<{ id: string }> {
  const form = new FormData();
  form.append('subject', upload.subject);
  form.append('category', upload.category);
  form.append('priority', upload.priority);
  form.append('description', upload.description);
  for (const file of upload.files) form.append('attachments', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/v1/support/tickets');
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = parseBody(request.responseText);
      if (request.status === 201 && body.ticket) {
        onProgress(1);
        resolve({ id: body.ticket.id });
      } else {
        reject(
          new UploadFailed(
            request.status,
            body.details ?? [],
            body.message ?? 'Failed to create ticket',
          ),
        );
      }
    };
    request.onerror = () =>
      reject(new UploadFailed(0, [], 'Network error. Please check your connection.'));
    request.send(form);
  });
}

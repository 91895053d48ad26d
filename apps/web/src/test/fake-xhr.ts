import { vi } from 'vitest';

/** An upload as the fake XMLHttpRequest saw it. */
export interface SeenUpload {
  method: string;
  url: string;
  /** The multipart body, entries in the order they were appended. */
  form: FormData;
  /** Reports upload progress, as the browser does while sending. */
  progress(loaded: number, total: number): void;
  /** Ends the upload with this answer. */
  respond(status: number, body?: string, contentType?: string): void;
  /** Ends the upload as a network failure. */
  fail(): void;
}

/**
 * Replaces XMLHttpRequest (the storage boundary: S3 or our upload endpoint)
 * for the documents widget. Each send is recorded; `onSend` decides what
 * happens (the default answers 204 as S3 does, after one progress event).
 */
export function stubXhr(
  onSend: (upload: SeenUpload) => void = (upload) => {
    upload.progress(50, 100);
    upload.respond(204);
  },
) {
  const uploads: SeenUpload[] = [];

  class FakeXhr {
    readonly upload = new EventTarget();
    status = 0;
    responseText = '';
    #events = new EventTarget();
    #method = '';
    #url = '';
    #contentType = '';

    open(method: string, url: string): void {
      this.#method = method;
      this.#url = url;
    }
    setRequestHeader(): void {}
    addEventListener(type: string, listener: EventListener): void {
      this.#events.addEventListener(type, listener);
    }
    getResponseHeader(name: string): string | null {
      return name.toLowerCase() === 'content-type' && this.#contentType ? this.#contentType : null;
    }
    send(body: FormData): void {
      const seen: SeenUpload = {
        method: this.#method,
        url: this.#url,
        form: body,
        progress: (loaded, total) =>
          this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total })),
        respond: (status, text = '', contentType = '') => {
          this.status = status;
          this.responseText = text;
          this.#contentType = contentType;
          this.#events.dispatchEvent(new Event('load'));
        },
        fail: () => this.#events.dispatchEvent(new Event('error')),
      };
      uploads.push(seen);
      // Asynchronous, as a real request is.
      setTimeout(() => onSend(seen), 0);
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { uploads };
}

import type { HttpMethod } from '@pharmacy/shared';

/**
 * Sends a form with XMLHttpRequest, reporting the share of the body sent; answers the status (0 when no answer came)
 * and the body parsed as JSON (null when it is not). Never retried, as no payload method is.
 */
export function sendWithProgress(
  url: string,
  method: HttpMethod,
  body: FormData,
  options: { headers: Record<string, string>; signal?: AbortSignal; onProgress: (sent: number) => void },
): Promise<{ status: number; data: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(options.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress(Math.min(1, e.loaded / e.total));
    };
    const parsed = () => {
      try {
        return xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        return null;
      }
    };
    xhr.onload = () => {
      options.onProgress(1);
      resolve({ status: xhr.status, data: parsed() });
    };
    xhr.onerror = () => resolve({ status: 0, data: null });
    xhr.ontimeout = () => resolve({ status: 0, data: null });
    const abort = () => xhr.abort();
    xhr.onabort = () => reject(options.signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    if (options.signal?.aborted) return reject(options.signal.reason);
    options.signal?.addEventListener('abort', abort, { once: true });
    xhr.onloadend = () => options.signal?.removeEventListener('abort', abort);
    xhr.send(body);
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quotesRoutes } from '#domain/api-paths.ts';
import { devisSchema, type Devis } from '#domain/schemas/devis.ts';
import { internalErrorMessage, texts } from '#domain/texts/common.ts';
import { ApiError, urlOf } from '#client/lib/api.ts';
import { adminKeys } from './keys.ts';

/**
 * Sends the signed PDF with XMLHttpRequest, the one browser API that reports upload
 * progress; `onProgress` receives a fraction between 0 and 1.
 */
export function uploadSignedPdf(id: string, file: File, onProgress: (fraction: number) => void): Promise<Devis> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const route = quotesRoutes.uploadSigned;
    xhr.open(route.method, urlOf(route, { params: { id } }));
    xhr.responseType = 'json';
    xhr.withCredentials = true;
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      const payload = xhr.response as { error?: string; message?: string } | null;
      if (xhr.status >= 200 && xhr.status < 300) {
        const devis = devisSchema.safeParse(xhr.response);
        if (!devis.success) return reject(new ApiError(xhr.status, 'invalid_answer', texts.invalidAnswer));
        onProgress(1);
        resolve(devis.data);
        return;
      }
      reject(new ApiError(xhr.status, payload?.error ?? 'internal', payload?.message ?? internalErrorMessage));
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, 'network', texts.networkError)));
    const form = new FormData();
    form.append('fichier', file, file.name);
    xhr.send(form);
  });
}

export function useUploadSigned(id: string, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadSignedPdf(id, file, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

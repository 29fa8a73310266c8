import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '#domain/paths.ts';
import { texts } from '#domain/texts/common.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { ApiError } from '#client/lib/api.ts';
import { Button } from '#client/ui/button.tsx';
import { Message } from '#client/ui/message.tsx';
import { useToast } from '#client/ui/toast.tsx';
import { useUploadSigned } from '../api/upload-signed.ts';
import styles from './admin.module.css';
import ui from '#client/ui/ui.module.css';

/** PDF-only picker, upload with a progress bar; the server checks the content. */
export function UploadForm({ id }: { id: string }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const toast = useToast();
  const [progress, setProgress] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useUploadSigned(id, setProgress);

  return (
    <form
      className={styles.uploadForm}
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        setFailure(null);
        const file = input.current?.files?.[0];
        if (!file) {
          setFailure(texts.uploadNoFile);
          return;
        }
        setProgress(0);
        // Awaited: the refetch after the upload moves the quote on, which unmounts this form.
        try {
          await upload.mutateAsync(file);
        } catch (error) {
          setFailure(error instanceof ApiError ? `${adminTexts.uploadFailure} ${error.message}` : adminTexts.uploadFailure);
          return;
        }
        toast.show(adminTexts.uploadSuccess, 'success');
        navigate(paths.admin);
      }}
    >
      <div className={ui.field}>
        <label htmlFor={inputId} className={ui.label}>
          {adminTexts.uploadPickerLabel}
        </label>
        <input
          ref={input}
          id={inputId}
          name="fichier"
          type="file"
          accept="application/pdf"
          className={ui.input}
          onChange={() => setFailure(null)}
        />
      </div>
      {upload.isPending ? (
        <>
          <p role="status">{adminTexts.uploadInProgress}</p>
          <progress className={styles.progress} max={1} value={progress} aria-label={adminTexts.uploadProgressLabel}>
            {Math.round(progress * 100)} %
          </progress>
        </>
      ) : null}
      {failure ? <Message kind="error">{failure}</Message> : null}
      <Button type="submit" isBusy={upload.isPending}>
        {upload.isPending ? adminTexts.uploadInProgress : adminTexts.uploadButton}
      </Button>
    </form>
  );
}

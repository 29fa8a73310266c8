import { useState, type ReactNode } from 'react';
import { DOCUMENTS, type Etape, type MissionView } from '#domain/schemas/missions.ts';
import type { SignatureDrawing } from '#domain/schemas/signature.ts';
import { missionTexts as m } from '#domain/texts/missions.ts';
import { Button } from '#client/ui/button.tsx';
import { CheckboxField, TextAreaField, TextField } from '#client/ui/field.tsx';
import { Message } from '#client/ui/message.tsx';
import { SignaturePadField } from '#client/ui/signature-pad.tsx';
import type { FieldErrors, useInspectionDraft } from '../offline/use-inspection-draft.ts';
import { DamageSection } from './damage-section.tsx';
import { PhotoSection } from './photo-section.tsx';
import { TitledSection } from '#client/ui/titled-section.tsx';
import styles from './missions.module.css';

type DraftApi = ReturnType<typeof useInspectionDraft>;

const Section = (props: { title: string; children: ReactNode }) => <TitledSection className={styles.section} {...props} />;

/** One signer: his name and his drawn signature, with the error that names either. */
function SignerFields(props: {
  nameLabel: string;
  signatureLabel: string;
  error: string | undefined;
  name: string;
  signature: SignatureDrawing | null;
  onName: (name: string) => void;
  onSignature: (drawing: SignatureDrawing | null) => void;
}) {
  return (
    <div className={styles.section}>
      <TextField
        label={props.nameLabel}
        required
        error={props.error === m.required ? props.error : undefined}
        value={props.name}
        onChange={(event) => props.onName(event.target.value)}
      />
      <SignaturePadField
        label={props.signatureLabel}
        hint={m.drawHint}
        clearLabel={m.clearSignature}
        error={props.error === m.signatureRequired ? props.error : undefined}
        initial={props.signature}
        onChange={props.onSignature}
      />
    </div>
  );
}

/**
 * The inspection of one step, on a phone: every field is written to the phone as it is typed;
 * « Terminer » checks what is required, then the inspection waits to be sent with its photos.
 */
export function InspectionForm({ mission, etape, draftApi }: { mission: MissionView; etape: Etape; draftApi: DraftApi }) {
  const { draft, photos, update, addPhotos, removePhoto, submit } = draftApi;
  const [errors, setErrors] = useState<FieldErrors>({});
  if (!draft) return <p role="status">{m.loading}</p>;
  const fields = draft.fields;
  const text = (name: 'lieu' | 'kilometrage' | 'niveauEnergie' | 'cles' | 'autresDocuments' | 'dateHeure') => ({
    value: fields[name],
    onChange: (event: { target: { value: string } }) => update({ [name]: event.target.value }),
  });

  return (
    <form
      className={styles.form}
      noValidate
      aria-label={m.pageTitle[etape]}
      onSubmit={(event) => {
        event.preventDefault();
        void submit().then((found) => {
          setErrors(found);
          if (Object.keys(found).length > 0) document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
        });
      }}
    >
      <Section title={m.sectionGeneral}>
        <div className={styles.row}>
          <TextField label={m.dateHeure} type="datetime-local" required error={errors.dateHeure} {...text('dateHeure')} />
          <TextField label={m.lieu} required error={errors.lieu} {...text('lieu')} />
          <TextField label={m.kilometrage} inputMode="numeric" required error={errors.kilometrage} {...text('kilometrage')} />
          <TextField label={m.niveauEnergie} inputMode="numeric" required error={errors.niveauEnergie} {...text('niveauEnergie')} />
          <TextField label={m.cles} inputMode="numeric" required error={errors.cles} {...text('cles')} />
        </div>
      </Section>

      <Section title={m.sectionDocuments}>
        {DOCUMENTS.map((document) => (
          <CheckboxField
            key={document}
            label={m.documents[document]}
            checked={fields.documents.includes(document)}
            onChange={(event) => {
              const isChecked = event.target.checked;
              update((current) => ({
                documents: isChecked ? [...current.documents, document] : current.documents.filter((item) => item !== document),
              }));
            }}
          />
        ))}
        <TextField label={m.autresDocuments} maxLength={300} {...text('autresDocuments')} />
      </Section>

      <PhotoSection photos={photos.filter((photo) => photo.emplacement !== 'dommage')} addPhotos={addPhotos} removePhoto={removePhoto} />

      <DamageSection
        damages={fields.dommages}
        earlier={etape === 'livraison' ? (mission.priseEnCharge?.dommages ?? []) : null}
        photos={photos}
        onChange={(change) => update((current) => ({ dommages: change(current.dommages) }))}
        addPhotos={addPhotos}
        removePhoto={removePhoto}
      />

      <Section title={m.sectionRemarks}>
        <TextAreaField
          label={m.remarques}
          rows={3}
          maxLength={2000}
          value={fields.remarques}
          onChange={(event) => update({ remarques: event.target.value })}
        />
        {etape === 'livraison' ? (
          <TextAreaField
            label={m.reserves}
            hint={m.reservesHint}
            rows={3}
            maxLength={2000}
            value={fields.reserves}
            onChange={(event) => update({ reserves: event.target.value })}
          />
        ) : null}
      </Section>

      <Section title={m.sectionSignatures}>
        <div className={styles.signatures}>
          <SignerFields
            nameLabel={m.driverName}
            signatureLabel={m.driverSignature}
            error={errors.convoyeur}
            name={fields.convoyeurNom}
            signature={fields.convoyeurSignature}
            onName={(convoyeurNom) => update({ convoyeurNom })}
            onSignature={(convoyeurSignature) => update({ convoyeurSignature })}
          />
          <SignerFields
            nameLabel={m.contactName[etape]}
            signatureLabel={m.contactSignature[etape]}
            error={errors.contact}
            name={fields.contactNom}
            signature={fields.contactSignature}
            onName={(contactNom) => update({ contactNom })}
            onSignature={(contactSignature) => update({ contactSignature })}
          />
        </div>
      </Section>

      {Object.keys(errors).length > 0 ? <Message kind="error">{m.formInvalid}</Message> : null}
      {draft.error ? <Message kind="error">{draft.error}</Message> : null}
      {draft.submitted ? <Message kind="info">{m.submittedOffline}</Message> : <Button type="submit">{m.submit[etape]}</Button>}
    </form>
  );
}

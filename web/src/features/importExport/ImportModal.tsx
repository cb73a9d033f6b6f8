import { useState, type JSX } from 'react';
import styled from 'styled-components';
import { ApiError } from '@/api/errors';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { testIds } from '@/testIds';
import { firstOtherMessage, importNeeds, type ImportNeeds } from './importErrors';
import { importResource, noImportChoices, type BundleResource } from './importExportApi';

/** The word typed to confirm an overwrite (case-insensitive). */
export const overwriteConfirmationWord = 'OVERWRITE';
/** Accepted import file types (spec 001 §9). */
export const acceptedImportTypes = '.yaml,.json,.yml,.zip';
export const importModalWidth = 750;
export const confirmOverwriteMessage = 'Please confirm the overwrite values.';
export const reexportHint = 'Please re-export your file and try importing again';
/**
 * Spec 001 section 8: when the import needed database passwords and still failed, the error adds
 * Superset's driver-install hint with a link to its documentation.
 */
export const driverInstallHint = 'Database driver for importing maybe not installed. Visit the Superset documentation page for installation instructions: ';
export const driverInstallDocsUrl = 'https://superset.apache.org/docs/databases/installing-database-drivers';

/** "importing %s: %s". */
export function importFailedMessage(resourceLabel: string, reason: string): string {
  return `importing ${resourceLabel}: ${reason}`;
}

export function overwritePrompt(pluralLabel: string): string {
  return `You are importing one or more ${pluralLabel} that already exist. Overwriting might cause you to lose some of your work. Are you sure you want to overwrite?`;
}

export interface ImportModalProps {
  resource: BundleResource;
  /** "dashboard" */
  resourceLabel: string;
  /** "dashboards" */
  pluralLabel: string;
  onClose: () => void;
  /** Told after a successful import, once the form is reset. */
  onImported: () => void;
}

const noNeeds: ImportNeeds = {
  passwords: [],
  sshTunnelPasswords: [],
  sshTunnelPrivateKeys: [],
  sshTunnelPrivateKeyPasswords: [],
  alreadyExists: [],
  hasOtherError: false,
};

type SecretKind = 'passwords' | 'sshTunnelPasswords' | 'sshTunnelPrivateKeys' | 'sshTunnelPrivateKeyPasswords';

const secretLabels: Record<SecretKind, string> = {
  passwords: 'Database passwords',
  sshTunnelPasswords: 'SSH Tunnel passwords',
  sshTunnelPrivateKeys: 'SSH Tunnel private keys',
  sshTunnelPrivateKeyPasswords: 'SSH Tunnel private key passwords',
};

/** "Import {resource}": a bundle or one file, with the passwords and the overwrite it turns out to need. */
export function ImportModal({ resource, resourceLabel, pluralLabel, onClose, onImported }: ImportModalProps): JSX.Element {
  const [file, setFile] = useState<File | null>(null);
  const [needs, setNeeds] = useState<ImportNeeds>(noNeeds);
  const [secrets, setSecrets] = useState<Record<SecretKind, Record<string, string>>>({
    passwords: {},
    sshTunnelPasswords: {},
    sshTunnelPrivateKeys: {},
    sshTunnelPrivateKeyPasswords: {},
  });
  const [typedConfirmation, setTypedConfirmation] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);

  const needsOverwrite = needs.alreadyExists.length > 0;
  const isOverwriteConfirmed = typedConfirmation.trim().toUpperCase() === overwriteConfirmationWord;

  const reset = (): void => {
    setFile(null);
    setNeeds(noNeeds);
    setSecrets({ passwords: {}, sshTunnelPasswords: {}, sshTunnelPrivateKeys: {}, sshTunnelPrivateKeyPasswords: {} });
    setTypedConfirmation('');
    setErrorMessage(null);
    setFileInputKey((key) => key + 1);
  };

  const upload = async (): Promise<void> => {
    if (file === null) return;
    if (needsOverwrite && !isOverwriteConfirmed) {
      setErrorMessage(confirmOverwriteMessage);
      return;
    }
    setIsBusy(true);
    setErrorMessage(null);
    try {
      await importResource(resource, file, { ...noImportChoices, overwrite: needsOverwrite && isOverwriteConfirmed, ...secrets });
      reset();
      onImported();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors.length > 0) {
        const found = importNeeds(error.errors);
        if (found.hasOtherError) {
          setErrorMessage(importFailedMessage(resourceLabel, firstOtherMessage(error.errors) ?? error.message));
        } else {
          setNeeds(found);
        }
      } else {
        setErrorMessage(importFailedMessage(resourceLabel, error instanceof Error ? error.message : String(error)));
      }
    } finally {
      setIsBusy(false);
    }
  };

  const secretFields = (kind: SecretKind): JSX.Element | null => {
    const paths = needs[kind];
    if (paths.length === 0) return null;
    return (
      <Section>
        <SectionTitle>{secretLabels[kind]}</SectionTitle>
        {kind === 'passwords' && (
          <Help>
            {`The passwords for the databases below are needed in order to import them together with the ${pluralLabel}. Please note that the "Secure Extra" and "Certificate" sections of the database configuration are not present in export files, and should be added manually after the import if they are needed.`}
          </Help>
        )}
        {paths.map((path) => (
          <Field key={path}>
            <span>
              {path}
              <Required aria-hidden="true">*</Required>
            </span>
            {kind === 'sshTunnelPrivateKeys' ? (
              <TextArea
                required
                aria-label={`${secretLabels[kind]}: ${path}`}
                value={secrets[kind][path] ?? ''}
                onChange={(event) => setSecrets({ ...secrets, [kind]: { ...secrets[kind], [path]: event.target.value } })}
              />
            ) : (
              <Input
                type="password"
                required
                aria-label={`${secretLabels[kind]}: ${path}`}
                data-testid={testIds.importModal.passwordInput}
                value={secrets[kind][path] ?? ''}
                onChange={(event) => setSecrets({ ...secrets, [kind]: { ...secrets[kind], [path]: event.target.value } })}
              />
            )}
          </Field>
        ))}
      </Section>
    );
  };

  const footer = (
    <>
      <Button onClick={onClose}>Cancel</Button>
      <SubmitButton
        $variant="primary"
        $danger={needsOverwrite}
        data-testid={testIds.importModal.submit}
        data-danger={needsOverwrite ? 'true' : undefined}
        disabled={file === null || isBusy || (needsOverwrite && !isOverwriteConfirmed)}
        onClick={() => void upload()}
      >
        {needsOverwrite ? 'Overwrite' : 'Import'}
      </SubmitButton>
    </>
  );

  return (
    <Modal title={`Import ${resourceLabel}`} testId={testIds.importModal.modal} width={importModalWidth} footer={footer} onClose={onClose}>
      <Field>
        <span>
          File
          <Required aria-hidden="true">*</Required>
        </span>
        <input
          key={fileInputKey}
          type="file"
          accept={acceptedImportTypes}
          aria-label="File"
          data-testid={testIds.importModal.fileInput}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setNeeds(noNeeds);
            setErrorMessage(null);
            setTypedConfirmation('');
          }}
        />
      </Field>
      {secretFields('passwords')}
      {secretFields('sshTunnelPasswords')}
      {secretFields('sshTunnelPrivateKeys')}
      {secretFields('sshTunnelPrivateKeyPasswords')}
      {needsOverwrite && (
        <Section>
          <p>{overwritePrompt(pluralLabel)}</p>
          <Field>
            <span>{`Type "${overwriteConfirmationWord}" to confirm`}</span>
            <Input
              aria-label="Overwrite confirmation"
              data-testid={testIds.importModal.overwriteInput}
              value={typedConfirmation}
              onChange={(event) => setTypedConfirmation(event.target.value)}
            />
          </Field>
        </Section>
      )}
      {errorMessage !== null && (
        <ErrorBox role="alert" data-testid={testIds.importModal.error}>
          <strong>Import Error</strong>
          <span>{errorMessage}</span>
          {errorMessage !== confirmOverwriteMessage && <span>{reexportHint}</span>}
          {errorMessage !== confirmOverwriteMessage && needs.passwords.length > 0 && (
            <span data-testid={testIds.importModal.driverHint}>
              {driverInstallHint}
              <a href={driverInstallDocsUrl} target="_blank" rel="noopener noreferrer">
                here
              </a>
              .
            </span>
          )}
        </ErrorBox>
      )}
    </Modal>
  );
}

/** The primary button turns danger-coloured when it overwrites. */
const SubmitButton = styled(Button)<{ $danger: boolean }>`
  ${({ theme, $danger }) => ($danger ? `background: ${theme.colors.error.base}; border-color: ${theme.colors.error.base};` : '')}
`;

const Section = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  margin-top: ${({ theme }) => theme.gridUnit * 4}px;
`;

const SectionTitle = styled.strong`
  font-size: ${({ theme }) => theme.fontSizes.m}px;
`;

const Help = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
`;

const Required = styled.span`
  margin-left: ${({ theme }) => theme.gridUnit}px;
  color: ${({ theme }) => theme.colors.error.base};
`;

const Input = styled.input`
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

const TextArea = styled.textarea`
  min-height: 80px;
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

const ErrorBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
  margin-top: ${({ theme }) => theme.gridUnit * 4}px;
  padding: ${({ theme }) => theme.gridUnit * 3}px;
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.error.light[3] ?? theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

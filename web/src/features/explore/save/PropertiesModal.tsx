import { useId, useState, type JSX } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import type { Chart } from '@/api/generated/Chart';
import type { ChartPut } from '@/api/generated/ChartPut';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { ownerFromUserRef, OwnersSelect, type ChosenOwner } from '@/components/OwnersSelect';
import { testIds } from '@/testIds';
import { updateChart } from '../chartApi';

/** Spec 000 section 5: an integer text control's message for a non-whole number. */
export const integerExpectedMessage = 'is expected to be an integer';

/** The cache timeout as typed: empty is null (the dataset's or database's timeout applies). */
export function parseCacheTimeout(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isInteger(value) ? value : 'invalid';
}

function textOrNull(text: string): string | null {
  return text.trim() === '' ? null : text.trim();
}

export interface PropertiesModalProps {
  chart: Chart;
  onClose: () => void;
  onSaved: (chart: Chart) => void;
}

/** "Edit chart properties": name, description, certification, cache timeout and owners, saved with PUT. */
export function PropertiesModal({ chart, onClose, onSaved }: PropertiesModalProps): JSX.Element {
  const ids = { name: useId(), description: useId(), certifiedBy: useId(), details: useId(), cacheTimeout: useId() };
  const [name, setName] = useState(chart.slice_name);
  const [description, setDescription] = useState(chart.description ?? '');
  const [certifiedBy, setCertifiedBy] = useState(chart.certified_by ?? '');
  const [certificationDetails, setCertificationDetails] = useState(chart.certification_details ?? '');
  const [cacheTimeout, setCacheTimeout] = useState(chart.cache_timeout === null ? '' : String(chart.cache_timeout));
  const [owners, setOwners] = useState<ChosenOwner[]>(() => chart.owners.map(ownerFromUserRef));
  const [isSaving, setIsSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const parsedTimeout = parseCacheTimeout(cacheTimeout);
  const canSave = name.trim() !== '' && parsedTimeout !== 'invalid' && !isSaving;

  async function save(): Promise<void> {
    if (parsedTimeout === 'invalid') return;
    setIsSaving(true);
    setFailure(null);
    const changes: ChartPut = {
      slice_name: name.trim(),
      description: textOrNull(description),
      cache_timeout: parsedTimeout,
      certified_by: textOrNull(certifiedBy),
      certification_details: textOrNull(certificationDetails),
      owners: owners.map((owner) => owner.id),
    };
    try {
      onSaved(await updateChart(chart.id, changes));
    } catch (error) {
      setFailure(errorMessage(error));
      setIsSaving(false);
    }
  }

  const footer = (
    <>
      <Button $variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      <Button $variant="primary" disabled={!canSave} data-testid={testIds.propertiesModal.saveButton} onClick={() => void save()}>
        Save
      </Button>
    </>
  );

  return (
    <Modal title="Edit Chart Properties" testId={testIds.propertiesModal.modal} footer={footer} onClose={onClose}>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          if (canSave) void save();
        }}
      >
        {failure !== null && (
          <Alert role="alert" data-testid={testIds.propertiesModal.alert}>
            {failure}
          </Alert>
        )}
        <SectionTitle>Basic information</SectionTitle>
        <Label htmlFor={ids.name}>
          Name <Required aria-hidden>*</Required>
        </Label>
        <TextInput id={ids.name} value={name} required data-testid={testIds.propertiesModal.name} onChange={(event) => setName(event.target.value)} />
        <Label htmlFor={ids.description}>Description</Label>
        <TextArea
          id={ids.description}
          rows={3}
          value={description}
          data-testid={testIds.propertiesModal.description}
          onChange={(event) => setDescription(event.target.value)}
        />
        <Help>The description can be displayed as widget headers in the dashboard view. Supports markdown.</Help>
        <SectionTitle>Certification</SectionTitle>
        <Label htmlFor={ids.certifiedBy}>Certified by</Label>
        <TextInput
          id={ids.certifiedBy}
          value={certifiedBy}
          data-testid={testIds.propertiesModal.certifiedBy}
          onChange={(event) => setCertifiedBy(event.target.value)}
        />
        <Help>Person or group that has certified this chart.</Help>
        <Label htmlFor={ids.details}>Certification details</Label>
        <TextInput
          id={ids.details}
          value={certificationDetails}
          data-testid={testIds.propertiesModal.certificationDetails}
          onChange={(event) => setCertificationDetails(event.target.value)}
        />
        <Help>Any additional detail to show in the certification tooltip.</Help>
        <SectionTitle>Configuration</SectionTitle>
        <Label htmlFor={ids.cacheTimeout}>Cache timeout</Label>
        <TextInput
          id={ids.cacheTimeout}
          inputMode="numeric"
          value={cacheTimeout}
          aria-invalid={parsedTimeout === 'invalid'}
          data-testid={testIds.propertiesModal.cacheTimeout}
          onChange={(event) => setCacheTimeout(event.target.value)}
        />
        {parsedTimeout === 'invalid' ? (
          <ErrorText role="alert">{integerExpectedMessage}</ErrorText>
        ) : (
          <Help>Duration (in seconds) of the caching timeout for this chart. Set to -1 to bypass the cache.</Help>
        )}
        <SectionTitle>Access</SectionTitle>
        <Label as="span">Owners</Label>
        <OwnersSelect resource="chart" ariaLabel="Owners" testId={testIds.propertiesModal.owners} value={owners} onChange={setOwners} />
        <Help>A list of users who can alter the chart. Searchable by name or username.</Help>
      </Form>
    </Modal>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
  min-width: 380px;
`;

const SectionTitle = styled.h4`
  margin: ${({ theme }) => theme.gridUnit * 3}px 0 ${({ theme }) => theme.gridUnit}px;
  font-size: ${({ theme }) => theme.fontSizes.m}px;
`;

const Alert = styled.div`
  padding: ${({ theme }) => theme.gridUnit * 2}px ${({ theme }) => theme.gridUnit * 3}px;
  border: 1px solid ${({ theme }) => theme.colors.error.light[1]};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  color: ${({ theme }) => theme.colors.error.base};
`;

const Label = styled.label`
  margin-top: ${({ theme }) => theme.gridUnit}px;
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  font-weight: 600;
`;

const Required = styled.span`
  color: ${({ theme }) => theme.colors.error.base};
`;

const Help = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const ErrorText = styled.span`
  color: ${({ theme }) => theme.colors.error.base};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const TextInput = styled.input`
  min-height: 32px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

const TextArea = styled.textarea`
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-family: inherit;
`;

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState, type JSX, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { DropdownMenuAnchor, DropdownMenuGroup, DropdownMenuItem, DropdownMenuList } from '@/components/DropdownMenu';
import { NativeSelect, TextInput } from '@/components/formFields';
import { postJson, putJson } from '@/api/client';
import { useDashboardRbac } from '@/api/commonConf';
import { errorMessage } from '@/api/errors';
import type { Dashboard } from '@/api/generated/Dashboard';
import type { DashboardCopied } from '@/api/generated/DashboardCopied';
import type { DashboardSaved } from '@/api/generated/DashboardSaved';
import type { ResultResponse } from '@/api/generated/ResultResponse';
import { queryKeys } from '@/api/queryKeys';
import { Button } from '@/components/Button';
import { Modal, wideModalWidthPx } from '@/components/Modal';
import { ownerFromUserRef, OwnersSelect, type ChosenOwner } from '@/components/OwnersSelect';
import { useToasts } from '@/components/toastContext';
import { dashboardDownloadAsImageLabel } from '@/features/explore/download/downloadAsImage';
import { manageEmailReportsLabel } from '@/features/reports/api';
import { ReportModal } from '@/features/reports/ReportModal';
import { testIds } from '@/testIds';
import { dashboardPagePath } from './api';
import { useCloseOnOutside } from '@/components/useCloseOnOutside';

/** Superset's auto-refresh choices (seconds and label); 0 is "Don't refresh". */
export const refreshIntervalOptions: readonly { seconds: number; label: string }[] = [
  { seconds: 0, label: "Don't refresh" },
  { seconds: 10, label: '10 seconds' },
  { seconds: 30, label: '30 seconds' },
  { seconds: 60, label: '1 minute' },
  { seconds: 300, label: '5 minutes' },
  { seconds: 1800, label: '30 minutes' },
  { seconds: 3600, label: '1 hour' },
  { seconds: 21600, label: '6 hours' },
  { seconds: 43200, label: '12 hours' },
  { seconds: 86400, label: '24 hours' },
];

export interface DashboardHeaderMenuProps {
  dashboard: Dashboard;
  idOrSlug: string;
  canEdit: boolean;
  /** Save permission (can_write on Dashboard): "Save as". */
  canSave: boolean;
  /** Share permission (`can_share_dashboard` on `Superset`): Share > Copy permalink. */
  canShare: boolean;
  /** "Manage email reports": `can_write` on ReportSchedule. */
  canManageReports: boolean;
  isEditing: boolean;
  /** Charts re-run after "Refresh dashboard" (spec 001 §4 "refreshing"): the item waits, as Superset's. */
  isRefreshing?: boolean;
  /** The CSS being edited (edit mode), applied as typed and saved with the dashboard. */
  draftCss: string;
  onDraftCssChange: (css: string) => void;
  refreshSeconds: number;
  onRefresh: () => void;
  onRefreshSecondsChange: (seconds: number) => void;
  onCopyPermalink: () => void;
  /** Download > "Download as Image": a PNG of the whole grid. */
  onDownloadAsImage: () => void;
  /** Told the saved dashboard after "Edit properties". */
  onSaved: (saved: Dashboard) => void;
}

type Dialog = 'properties' | 'css' | 'saveAs' | 'refreshInterval' | 'reports' | null;

/**
 * The header's "..." menu: Refresh dashboard, Set auto-refresh interval, Edit properties,
 * Edit CSS (edit mode, as Superset 6), Save as, Manage email reports, Download > Download as
 * Image, and Share > Copy permalink to clipboard (view mode, with `can_share_dashboard`).
 */
export function DashboardHeaderMenu(props: DashboardHeaderMenuProps): JSX.Element {
  const { dashboard, canEdit, canSave, canShare, canManageReports, isEditing, isRefreshing = false, onRefresh, onCopyPermalink, onDownloadAsImage } = props;
  const [isOpen, setIsOpen] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const closeMenu = useCallback(() => setIsOpen(false), []);

  useCloseOnOutside(menuRef, isOpen, closeMenu);

  function item(label: string, onClick: () => void, testId: string = testIds.dashboardMenu.item, isDisabled = false): JSX.Element {
    return (
      <DropdownMenuItem
        role="menuitem"
        data-testid={testId}
        disabled={isDisabled}
        onClick={() => {
          setIsOpen(false);
          onClick();
        }}
      >
        {label}
      </DropdownMenuItem>
    );
  }

  return (
    <DropdownMenuAnchor ref={menuRef}>
      <MenuButton aria-label="More Options" aria-haspopup="menu" aria-expanded={isOpen} data-testid={testIds.dashboardMenu.button} onClick={() => setIsOpen((open) => !open)}>
        ⋯
      </MenuButton>
      {isOpen && (
        <Menu role="menu" data-testid={testIds.dashboardMenu.menu}>
          {item('Refresh dashboard', onRefresh, testIds.dashboardMenu.item, isRefreshing)}
          {item('Set auto-refresh interval', () => setDialog('refreshInterval'))}
          {canEdit && item('Edit properties', () => setDialog('properties'))}
          {isEditing && canEdit && item('Edit CSS', () => setDialog('css'))}
          {!isEditing && canSave && item('Save as', () => setDialog('saveAs'))}
          {!isEditing && canManageReports && item(manageEmailReportsLabel, () => setDialog('reports'), testIds.reports.manageItem)}
          <DropdownMenuGroup>Download</DropdownMenuGroup>
          {item(dashboardDownloadAsImageLabel, onDownloadAsImage, testIds.dashboardMenu.downloadImage)}
          {!isEditing && canShare && (
            <>
              <DropdownMenuGroup>Share</DropdownMenuGroup>
              {item('Copy permalink to clipboard', onCopyPermalink)}
            </>
          )}
        </Menu>
      )}
      {dialog === 'properties' && <PropertiesDialog {...props} onClose={() => setDialog(null)} />}
      {dialog === 'css' && <CssDialog {...props} onClose={() => setDialog(null)} />}
      {dialog === 'saveAs' && <SaveAsDialog dashboard={dashboard} onClose={() => setDialog(null)} />}
      {dialog === 'refreshInterval' && <RefreshIntervalDialog {...props} onClose={() => setDialog(null)} />}
      {dialog === 'reports' && <ReportModal target={{ kind: 'dashboard', id: dashboard.id, name: dashboard.dashboard_title }} onClose={() => setDialog(null)} />}
    </DropdownMenuAnchor>
  );
}

interface DialogProps extends DashboardHeaderMenuProps {
  onClose: () => void;
}

function footer(onClose: () => void, onSave: () => void, isSaving: boolean, saveLabel = 'Save'): ReactNode {
  return (
    <>
      <Button $variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      <Button $variant="primary" disabled={isSaving} onClick={onSave}>
        {saveLabel}
      </Button>
    </>
  );
}

/** `PUT /api/v1/dashboard/{id}` with the changed properties; the saved dashboard. */
async function saveProperties(dashboardId: number, changes: Record<string, unknown>): Promise<Dashboard> {
  return (await putJson<DashboardSaved>(`/api/v1/dashboard/${dashboardId}`, changes)).result;
}

/** "Dashboard properties": title, URL slug, certification and owners. */
function PropertiesDialog({ dashboard, idOrSlug, onSaved, onClose }: DialogProps): JSX.Element {
  const { addToast } = useToasts();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [title, setTitle] = useState(dashboard.dashboard_title);
  const [slug, setSlug] = useState(dashboard.slug ?? '');
  const [certifiedBy, setCertifiedBy] = useState(dashboard.certified_by ?? '');
  const [certificationDetails, setCertificationDetails] = useState(dashboard.certification_details ?? '');
  const [owners, setOwners] = useState<ChosenOwner[]>(() => dashboard.owners.map(ownerFromUserRef));
  const isRoleBasedAccessOn = useDashboardRbac();
  const [roles, setRoles] = useState<ChosenOwner[]>(() => (dashboard.roles ?? []).map((role) => ({ id: role.id, name: role.name })));
  const [isSaving, setIsSaving] = useState(false);

  function save(): void {
    setIsSaving(true);
    saveProperties(dashboard.id, {
      dashboard_title: title,
      slug,
      certified_by: certifiedBy,
      certification_details: certificationDetails,
      owners: owners.map((owner) => owner.id),
      // Superset sends roles only with role-based access on (spec 001 §7).
      ...(isRoleBasedAccessOn ? { roles: roles.map((role) => role.id) } : {}),
    })
      .then((saved) => {
        queryClient.setQueryData(queryKeys.dashboard(idOrSlug), saved);
        onSaved(saved);
        onClose();
        const path = dashboardPagePath(saved);
        // A new slug moves the page (spec 001 §2: the path from the slug, or the id).
        if (path !== dashboardPagePath(dashboard)) void navigate(path, { replace: true });
      })
      .catch((error: unknown) => addToast('danger', errorMessage(error)))
      .finally(() => setIsSaving(false));
  }

  return (
    <Modal title="Dashboard properties" width={wideModalWidthPx} testId={testIds.dashboardMenu.propertiesModal} onClose={onClose} footer={footer(onClose, save, isSaving)}>
      <Field>
        Title
        <TextInput aria-label="Title" value={title} onChange={(event) => setTitle(event.target.value)} />
      </Field>
      <Field>
        URL slug
        <TextInput aria-label="URL slug" value={slug} onChange={(event) => setSlug(event.target.value)} />
      </Field>
      <Field>
        Certified by
        <TextInput aria-label="Certified by" value={certifiedBy} onChange={(event) => setCertifiedBy(event.target.value)} />
      </Field>
      <Field>
        Certification details
        <TextInput aria-label="Certification details" value={certificationDetails} onChange={(event) => setCertificationDetails(event.target.value)} />
      </Field>
      <OwnersField>
        Owners
        <OwnersSelect resource="dashboard" ariaLabel="Owners" testId={testIds.dashboardMenu.propertiesOwners} value={owners} onChange={setOwners} />
        <Muted>Owners is a list of users who can alter the dashboard. Searchable by name or username.</Muted>
      </OwnersField>
      {isRoleBasedAccessOn && (
        <OwnersField>
          Roles
          <OwnersSelect
            resource="dashboard"
            column="roles"
            ariaLabel="Roles"
            placeholder="Select roles"
            testId={testIds.dashboardMenu.propertiesRoles}
            value={roles}
            onChange={setRoles}
          />
          <Muted>
            Roles is a list which defines access to the dashboard. Granting a role access to a dashboard will bypass dataset level checks. If no roles are defined, regular access permissions apply.
          </Muted>
        </OwnersField>
      )}
    </Modal>
  );
}

/**
 * "Edit CSS" (edit mode): the dashboard's own style sheet, applied to the page as typed and saved
 * with the dashboard (Superset 6's CSS editor). The server has no CSS templates, so there is no
 * template picker.
 */
function CssDialog({ draftCss, onDraftCssChange, onClose }: DialogProps): JSX.Element {
  return (
    <Modal
      title="CSS"
      width={wideModalWidthPx}
      testId={testIds.dashboardMenu.cssModal}
      onClose={onClose}
      footer={
        <Button $variant="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <Muted>Live CSS editor: the dashboard shows it as you type; Save keeps it with the dashboard.</Muted>
      <CssInput
        aria-label="CSS"
        data-testid={testIds.dashboardMenu.cssInput}
        spellCheck={false}
        value={draftCss}
        onChange={(event) => onDraftCssChange(event.target.value)}
      />
    </Modal>
  );
}

/** "Save dashboard" as a copy, optionally with copies of its charts; opens the copy. */
function SaveAsDialog({ dashboard, onClose }: { dashboard: Dashboard; onClose: () => void }): JSX.Element {
  const { addToast } = useToasts();
  const navigate = useNavigate();
  const [title, setTitle] = useState(`${dashboard.dashboard_title} [copy]`);
  const [duplicateSlices, setDuplicateSlices] = useState(false);
  const [isSaving, setIsSaving] = useState(false);

  function save(): void {
    setIsSaving(true);
    postJson<ResultResponse<DashboardCopied>>(`/api/v1/dashboard/${dashboard.id}/copy/`, {
      dashboard_title: title,
      css: dashboard.css ?? '',
      duplicate_slices: duplicateSlices,
      json_metadata: dashboard.json_metadata ?? '{}',
    })
      .then((copy) => {
        onClose();
        void navigate(`/superset/dashboard/${copy.result.id}/`);
      })
      .catch((error: unknown) => addToast('danger', errorMessage(error)))
      .finally(() => setIsSaving(false));
  }

  return (
    <Modal title="Save dashboard" testId={testIds.dashboardMenu.saveAsModal} onClose={onClose} footer={footer(onClose, save, isSaving)}>
      <Field>
        New dashboard title
        <TextInput aria-label="New dashboard title" value={title} onChange={(event) => setTitle(event.target.value)} />
      </Field>
      <CheckField>
        <input type="checkbox" checked={duplicateSlices} onChange={(event) => setDuplicateSlices(event.target.checked)} />
        also copy (duplicate) existing charts
      </CheckField>
    </Modal>
  );
}

/** The "Refresh interval" dialog's button in view mode (Superset's); in edit mode it is "Save". */
export const saveForSessionLabel = 'Save for this session';

/**
 * "Refresh interval": how often the charts refresh. In view mode for this session; in edit mode
 * the choice is saved with the dashboard (`refresh_frequency`) when the dashboard is saved.
 */
function RefreshIntervalDialog({ refreshSeconds, isEditing, onRefreshSecondsChange, onClose }: DialogProps): JSX.Element {
  const [seconds, setSeconds] = useState(refreshSeconds);
  return (
    <Modal
      title="Refresh interval"
      testId={testIds.dashboardMenu.refreshIntervalModal}
      onClose={onClose}
      footer={footer(
        onClose,
        () => {
          onRefreshSecondsChange(seconds);
          onClose();
        },
        false,
        isEditing ? 'Save' : saveForSessionLabel,
      )}
    >
      <Field>
        Refresh frequency
        <NativeSelect aria-label="Refresh frequency" value={seconds} onChange={(event) => setSeconds(Number(event.target.value))}>
          {refreshIntervalOptions.map((option) => (
            <option key={option.seconds} value={option.seconds}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
    </Modal>
  );
}

const MenuButton = styled.button.attrs({ type: 'button' })`
  min-width: 32px;
  height: 32px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.l}px;
  cursor: pointer;
`;

/** The header menu is wider and stays above the dashboard's charts. */
const Menu = styled(DropdownMenuList)`
  z-index: 20;
  min-width: 220px;
`;

const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
  margin-bottom: ${({ theme }) => theme.gridUnit * 3}px;
`;

/** Not a label: the select's combobox has its own name, and a label would forward clicks to it. */
const OwnersField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
  margin-bottom: ${({ theme }) => theme.gridUnit * 3}px;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const CheckField = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
`;

const CssInput = styled.textarea`
  min-height: 240px;
  width: 100%;
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  font-family: monospace;
`;

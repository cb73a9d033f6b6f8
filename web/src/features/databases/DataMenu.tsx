import { useCallback, useRef, useState, type JSX } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { useResourcePermission } from '@/api/resourcePermissions';
import { Button } from '@/components/Button';
import { DropdownMenuItem } from '@/components/DropdownMenu';
import { useCloseOnOutside } from '@/components/useCloseOnOutside';
import { testIds } from '@/testIds';
import { useAllDatabases } from './api';
import { DatabaseConnectionModal } from './DatabaseConnectionModal';
import { dataMenuItems, uploadTypeOfOption, type DataMenuOption } from './dataMenuItems';
import { UploadDataModal } from './UploadDataModal';
import type { UploadType } from './uploadTypes';

/** The examples database's name: connecting another one turns "Connect database" into "Create dataset". */
const examplesDatabaseName = 'examples';

/** The header's "+" menu, its Data group: connect a database, create a dataset, upload a file. */
export function DataMenu(): JSX.Element {
  const [isOpen, setIsOpen] = useState(false);
  const [dialog, setDialog] = useState<'dbconnection' | UploadType | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const closeMenu = useCallback(() => setIsOpen(false), []);
  const navigate = useNavigate();
  useCloseOnOutside(rootRef, isOpen, closeMenu);

  return (
    <Root ref={rootRef}>
      <Button $variant="link" aria-haspopup="menu" aria-expanded={isOpen} aria-label="Add" data-testid={testIds.dataMenu.button} onClick={() => setIsOpen((open) => !open)}>
        + ▾
      </Button>
      {isOpen && (
        <DataMenuList
          onChoose={(option) => {
            setIsOpen(false);
            if (option === 'datasetCreation') void navigate('/dataset/add/');
            else if (option === 'dbconnection') setDialog('dbconnection');
            else setDialog(uploadTypeOfOption[option] ?? null);
          }}
        />
      )}
      {dialog === 'dbconnection' && <DatabaseConnectionModal databaseId={null} onClose={() => setDialog(null)} />}
      {dialog !== null && dialog !== 'dbconnection' && <UploadDataModal initialType={dialog} onClose={() => setDialog(null)} />}
    </Root>
  );
}

/** The open menu: the permissions and databases are asked for only once it opens. */
function DataMenuList({ onChoose }: { onChoose: (option: DataMenuOption) => void }): JSX.Element {
  const databases = useAllDatabases();
  const canWriteDatabase = useResourcePermission('database', 'can_write') === true;
  const canWriteDataset = useResourcePermission('dataset', 'can_write') === true;
  const canUpload = useResourcePermission('database', 'can_upload') === true;
  const list = databases.data ?? [];
  const items = dataMenuItems({
    canWriteDatabase,
    canWriteDataset,
    canUpload,
    hasGsheets: false,
    hasOwnDatabase: list.some((database) => database.database_name !== examplesDatabaseName),
    hasUploadDatabase: list.some((database) => database.allow_file_upload),
  });
  return (
    <Menu role="menu" aria-label="Data" data-testid={testIds.dataMenu.menu}>
      <GroupTitle role="presentation">Data</GroupTitle>
      {items.map((item) => (
        <DropdownMenuItem key={item.name} data-testid={testIds.dataMenu.items[item.name]} onClick={() => onChoose(item.name)}>
          {item.label}
        </DropdownMenuItem>
      ))}
    </Menu>
  );
}

const Root = styled.div`
  position: relative;
`;

const Menu = styled.div`
  position: absolute;
  top: calc(100% + ${({ theme }) => theme.gridUnit}px);
  right: 0;
  z-index: 20;
  display: flex;
  flex-direction: column;
  min-width: 220px;
  padding: ${({ theme }) => theme.gridUnit}px 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 4px 12px rgba(0, 0, 0, 0.15);
`;

const GroupTitle = styled.div`
  padding: ${({ theme }) => `${theme.gridUnit}px ${theme.gridUnit * 3}px`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
  text-transform: uppercase;
`;

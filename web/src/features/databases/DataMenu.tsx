import { useState, type JSX } from 'react';
import { useNavigate } from 'react-router';
import { useResourcePermission } from '@/api/resourcePermissions';
import { isAdmin, useMyRoles } from '@/features/dashboard/api';
import { DropdownMenuItem } from '@/components/DropdownMenu';
import { HeaderMenu } from '@/components/HeaderMenu';
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
  const [dialog, setDialog] = useState<'dbconnection' | UploadType | null>(null);
  const navigate = useNavigate();

  return (
    <>
      <HeaderMenu buttonContent="+ ▾" buttonAriaLabel="Add" buttonTestId={testIds.dataMenu.button} menuLabel="Data" groupTitle="Data" menuTestId={testIds.dataMenu.menu}>
        {(close) => (
          <DataMenuItems
            onChoose={(option) => {
              close();
              if (option === 'datasetCreation') void navigate('/dataset/add/');
              else if (option === 'dbconnection') setDialog('dbconnection');
              else setDialog(uploadTypeOfOption[option] ?? null);
            }}
          />
        )}
      </HeaderMenu>
      {dialog === 'dbconnection' && <DatabaseConnectionModal databaseId={null} onClose={() => setDialog(null)} />}
      {dialog !== null && dialog !== 'dbconnection' && <UploadDataModal initialType={dialog} onClose={() => setDialog(null)} />}
    </>
  );
}

/** The open menu's entries: the permissions and databases are asked for only once it opens. */
function DataMenuItems({ onChoose }: { onChoose: (option: DataMenuOption) => void }): JSX.Element {
  const databases = useAllDatabases();
  const canWriteDatabase = useResourcePermission('database', 'can_write') === true;
  const canWriteDataset = useResourcePermission('dataset', 'can_write') === true;
  const canUpload = useResourcePermission('database', 'can_upload') === true;
  const roles = useMyRoles();
  const list = databases.data ?? [];
  const items = dataMenuItems({
    canWriteDatabase,
    canWriteDataset,
    canUpload,
    hasGsheets: false,
    hasOwnDatabase: list.some((database) => database.database_name !== examplesDatabaseName),
    hasUploadDatabase: list.some((database) => database.allow_file_upload),
    isAdmin: isAdmin(roles.data),
  });
  return (
    <>
      {items.map((item) => (
        <DropdownMenuItem
          key={item.name}
          data-testid={testIds.dataMenu.items[item.name]}
          disabled={item.disabled === true}
          title={item.tooltip}
          onClick={() => onChoose(item.name)}
        >
          {item.label}
        </DropdownMenuItem>
      ))}
    </>
  );
}

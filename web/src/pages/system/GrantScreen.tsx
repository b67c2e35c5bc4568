import { useState } from 'react';
import { Button } from 'primereact/button';
import type { Row } from '../../crud/crud-api';
import { CrudPage } from '../../crud/CrudPage';
import type { ScreenProps } from '../../crud/CrudScreen';
import { useCrudServices } from '../../crud/CrudServices';
import { idsOf, withSelection } from './screen-actions';
import { TreeGrantDialog, type GrantTree } from './TreeGrantDialog';

interface GrantScreenProps extends ScreenProps {
  /** Button code suffix of the grant (`role_grant`, `topmenu_setting`). */
  action: string;
  label: string;
  icon: string;
  /** The trees to check, with the ids stored for the chosen rows. */
  load(ids: string[]): Promise<GrantTree[]>;
  save(ids: string[], chosen: string[][]): Promise<unknown>;
}

/** The generic list plus a toolbar grant on the chosen rows, edited in checkbox trees. */
export function GrantScreen({ action, label, icon, load, save, ...screen }: GrantScreenProps) {
  const { notifier } = useCrudServices();
  const [granting, setGranting] = useState<Row[] | null>(null);
  const toolbar = ({ selection }: { selection: Row[] }) =>
    screen.buttons.has(action) && (
      <Button size="small" icon={icon} label={label} severity="secondary" outlined
        onClick={() => withSelection(notifier, selection, () => setGranting(selection))} />
    );
  return (
    <>
      <CrudPage {...screen} toolbar={toolbar} />
      {granting && (
        <TreeGrantDialog
          header={label}
          load={() => load(idsOf(granting))}
          onSave={(chosen) => save(idsOf(granting), chosen)}
          onClose={() => setGranting(null)}
        />
      )}
    </>
  );
}

import { Button } from 'primereact/button';
import { useNavigate } from 'react-router-dom';
import { CrudPage } from '../crud/CrudPage';
import { CrudScreen, type ScreenProps } from '../crud/CrudScreen';
import { useI18n } from '../i18n/i18n';

export const FENCE_DRAW_PATH = '/base/electronicFence/draw';

/** Electronic fences: the generic list, with the map editor opened to draw a new fence (add) or redraw one (edit). */
export function ElectronicFenceScreen({ entity, buttons }: ScreenProps) {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <CrudPage
      entity={entity}
      buttons={buttons}
      toolbar={() =>
        buttons.add && <Button size="small" severity="secondary" outlined icon="pi pi-map" label={t('monFenceDrawTitle')} data-action="draw-new" onClick={() => navigate(FENCE_DRAW_PATH)} />
      }
      rowActions={(row) =>
        buttons.edit && <Button link size="small" icon="pi pi-map" label={t('monFenceDrawTitle')} data-action="draw" onClick={() => navigate(`${FENCE_DRAW_PATH}?id=${encodeURIComponent(String(row.id))}`)} />
      }
    />
  );
}

export default function ElectronicFencePage() {
  return <CrudScreen entityName="electronicFence" render={(props) => <ElectronicFenceScreen {...props} />} />;
}

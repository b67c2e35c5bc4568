import { useState } from 'react';
import { Button } from 'primereact/button';
import { CrudScreen, type ScreenProps } from '../../crud/CrudScreen';
import { useCrudServices } from '../../crud/CrudServices';
import { CodeGenDialog, GEN } from './CodeGenDialog';
import { RowCallPage, seededRowCalls } from './RowCallScreen';
import { withSelection } from './screen-actions';

const COPY = seededRowCalls('code', [{ button: 'copy', icon: 'pi pi-copy' }]);

/** Code generation records: the generic list, copying one, and generating the chosen ones' entity files, where granted. */
export function CodeScreen(props: ScreenProps) {
  const { notifier } = useCrudServices();
  const [generating, setGenerating] = useState<string[]>();
  return (
    <>
      <RowCallPage
        {...props}
        calls={COPY}
        toolbar={({ selection }) =>
          props.buttons.has(GEN.button) && (
            <Button size="small" severity="secondary" outlined icon={GEN.icon} label={GEN.name} data-action={GEN.button}
              onClick={() => withSelection(notifier, selection, setGenerating)} />
          )
        }
      />
      {generating && <CodeGenDialog ids={generating} onClose={() => setGenerating(undefined)} />}
    </>
  );
}

export default function CodePage() {
  return <CrudScreen entityName="code" render={(props) => <CodeScreen {...props} />} />;
}

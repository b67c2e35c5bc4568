import { CrudPage } from '../../crud/CrudPage';
import { CrudScreen } from '../../crud/CrudScreen';

/** The spec's columns (part 1 §2), fixed here so a change of the definition's list flags does not move them. */
const COLUMNS = ['paramName', 'paramKey', 'paramValue'] as const;

/** Parameters: name, key and the multi-line value; search on name and key; view button. */
export default function ParamPage() {
  return <CrudScreen entityName="param" render={(props) => <CrudPage {...props} columns={COLUMNS} />} />;
}

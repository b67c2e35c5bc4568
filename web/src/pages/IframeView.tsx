import { useLocation, useParams } from 'react-router-dom';
import { useI18n } from '../i18n/i18n';

/**
 * /myiframe/* hosts html and http(s) menu paths. The menu links as
 * /myiframe/urlPath?src=<url>&name=<label>; other forms embed the rest of the path.
 * (The layout titles the window from `name`.)
 */
export default function IframeView() {
  const { t } = useI18n();
  const { search } = useLocation();
  const rest = useParams()['*'] ?? '';
  const query = new URLSearchParams(search);
  const src = query.get('src') ?? `/${rest}`;
  const name = query.get('name') ?? t('pageIframe');
  return <iframe className="wd-iframe" title={name} src={src} />;
}

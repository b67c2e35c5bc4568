import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { useAppActors } from '../app/AppActorsProvider';
import { useI18n } from '../i18n/i18n';
import { rolesOf } from '../session/session-user';
import { LargeScreen } from './LargeScreen';
import { SHARE_PARAM } from './large-screen-api';

/**
 * /largeScreen, outside the layout: through a share link (`?share=<token>`, no sign-in) or
 * signed in (the route guard applies). Window title 数据大屏 / Large screen.
 */
export default function LargeScreenPage() {
  const [params] = useSearchParams();
  const { http, session } = useAppActors();
  const { t, language } = useI18n();
  const user = useSelector(session, (s) => s.context.user);
  const share = params.get(SHARE_PARAM);
  useEffect(() => { document.title = t('screenTitle'); }, [t, language]);
  if (share) return <LargeScreen source={{ kind: 'share', token: share }} />;
  return <LargeScreen source={{ kind: 'session', http }} shareWith={rolesOf(user).includes('administrator') ? http : undefined} />;
}

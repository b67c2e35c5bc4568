import { useEffect, useState } from 'react';
import { useAppActors } from '../../app/AppActorsProvider';

/**
 * With tenant mode on, the tenant whose domain is this page's host (`tenant/info?domain=`):
 * `undefined` while asking, null when no tenant claims the host (the form asks for the id then).
 * With tenant mode off there is nothing to detect: the default tenant is used.
 */
export function useHostTenant(): string | null | undefined {
  const { config, api } = useAppActors();
  const [tenantId, setTenantId] = useState<string | null | undefined>(config.tenantMode ? undefined : null);
  useEffect(() => {
    if (!config.tenantMode) return;
    let live = true;
    void api.auth.tenantOfDomain(window.location.hostname).then((found) => {
      if (live) setTenantId(found);
    });
    return () => {
      live = false;
    };
  }, [api, config.tenantMode]);
  return tenantId;
}

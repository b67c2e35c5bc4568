import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useCrudServices } from '../crud/CrudServices';
import { useI18n } from '../i18n/i18n';
import { shareKeys, vehicleShares } from './vehicle-share-api';
import './share-dialog.css';

const HOURS = [1, 24, 168, 720];

interface Props {
  vehicleId: string;
  /** The vehicle as users know it: plate first, VIN otherwise. */
  name: string;
  onClose(): void;
}

/** A vehicle's position share links: make one (its address shown once, to copy), see and revoke the others. */
export function VehicleShareDialog({ vehicleId, name, onClose }: Props) {
  const { t } = useI18n();
  const { http, notifier } = useCrudServices();
  const queries = useQueryClient();
  const [hours, setHours] = useState(HOURS[1]!);
  const [created, setCreated] = useState<string | null>(null);
  const links = useQuery({ queryKey: shareKeys.links(vehicleId), queryFn: () => vehicleShares.list(http, vehicleId) });
  const changed = () => queries.invalidateQueries({ queryKey: shareKeys.links(vehicleId) });
  const create = useMutation({
    mutationFn: () => vehicleShares.create(http, vehicleId, hours),
    onSuccess: async (link) => {
      setCreated(`${window.location.origin}${link.path}`);
      await changed();
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => vehicleShares.revoke(http, id),
    onSuccess: async () => {
      notifier.success(t('vehicleShareRevokeDone'));
      await changed();
    },
  });
  const copy = async (url: string) => {
    await navigator.clipboard?.writeText(url);
    notifier.success(t('vehicleShareCopied'));
  };

  return (
    <Dialog header={t('vehicleShareTitle', { name })} visible onHide={onClose} style={{ width: 'min(560px, 95vw)' }}>
      <p>{t('vehicleShareHint')}</p>
      <div className="wd-share-new">
        <label>
          {t('vehicleShareHours')}{' '}
          <select className="p-inputtext p-component" aria-label={t('vehicleShareHours')} value={hours} onChange={(e) => setHours(Number(e.target.value))}>
            {HOURS.map((h) => <option key={h} value={h}>{t('vehicleShareFor', { n: h })}</option>)}
          </select>
        </label>
        <Button type="button" size="small" icon="pi pi-link" label={t('vehicleShareCreate')} loading={create.isPending} onClick={() => create.mutate()} />
      </div>
      {created && (
        <div className="wd-share-url">
          <input className="p-inputtext p-component" readOnly value={created} aria-label={t('vehicleShareUrl')} onFocus={(e) => e.target.select()} />
          <Button type="button" size="small" text icon="pi pi-copy" label={t('vehicleShareCopy')} onClick={() => void copy(created)} />
        </div>
      )}
      {links.data?.length === 0 && <p>{t('vehicleShareNone')}</p>}
      <ul className="wd-share-links" aria-label={t('vehicleShareUrl')}>
        {links.data?.map((link) => (
          <li key={link.id}>
            <span>{link.createTime} · {t('vehicleShareUntil', { time: link.expiresAt })}</span>{' '}
            {link.active
              ? <Button type="button" text severity="danger" size="small" icon="pi pi-ban" label={t('vehicleShareRevoke')} loading={revoke.isPending && revoke.variables === link.id} onClick={() => revoke.mutate(link.id)} />
              : <em>{t(link.revoked ? 'vehicleShareRevoked' : 'vehicleShareExpired')}</em>}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

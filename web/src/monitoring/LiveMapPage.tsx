import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { startLiveFeed, exposeForTests } from '../live-store/live-feed';
import { LiveStore } from '../live-store/live-store';
import { MapView } from '../map/MapView';
import { AlarmInboxPanel } from './AlarmInboxPanel';
import { LiveLayers } from './LiveLayers';
import { useMonitoringServices } from './monitoring-services';
import { RealtimePanel } from './RealtimePanel';
import { StatusBar } from './StatusBar';
import { VehicleTreePanel } from './VehicleTreePanel';
import './monitoring.css';

/**
 * /monitoring/map: tree, live map and realtime panel. Positions flow socket → coalesce →
 * typed-array store → deck.gl without React; React only holds the selection and toggles.
 */
export default function LiveMapPage() {
  const { positions$ } = useMonitoringServices();
  const [search] = useSearchParams();
  const store = useMemo(() => new LiveStore(), []);
  const [selected, setSelected] = useState<{ vin: string; plate: string } | null>(() => {
    const vin = search.get('vin');
    return vin ? { vin, plate: '' } : null;
  });
  const [following, setFollowing] = useState(false);

  // Subscribing opens the map's position subscription (cmd 1301); leaving sends 1302.
  useEffect(() => {
    const feed = startLiveFeed(store, positions$);
    const unexpose = exposeForTests(store, feed);
    return () => {
      unexpose();
      feed.stop();
    };
  }, [store, positions$]);

  const select = useCallback((vin: string, plate = '') => {
    setSelected((held) => (held?.vin === vin ? held : { vin, plate }));
    setFollowing(false);
  }, []);
  const endFollow = useCallback(() => setFollowing(false), []);

  return (
    <div className={`wd-live${selected ? ' has-panel' : ''}`}>
      <VehicleTreePanel store={store} selectedVin={selected?.vin} onSelect={select} />
      <div className="wd-live-map">
        <MapView>
          <LiveLayers
            store={store}
            selectedVin={selected?.vin}
            followVin={following ? selected?.vin : undefined}
            onPick={select}
            onFollowEnd={endFollow}
          />
        </MapView>
        <StatusBar store={store} />
        <AlarmInboxPanel />
      </div>
      {selected && (
        <RealtimePanel
          vin={selected.vin}
          plate={selected.plate}
          store={store}
          following={following}
          onFollow={setFollowing}
          onClose={() => {
            setSelected(null);
            setFollowing(false);
          }}
        />
      )}
    </div>
  );
}

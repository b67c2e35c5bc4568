import { useI18n } from '../i18n/i18n';
import { cellSpread, weakestCell } from './battery-cells';

/** Every cell as a bar scaled between the pack's min and max; the weakest one marked. */
export function BatteryCells({ cells }: { cells: readonly number[] }) {
  const { t } = useI18n();
  const spread = cellSpread(cells);
  const weakest = weakestCell(cells);
  if (!spread) return <p className="wd-mon-empty">{t('monNoCells')}</p>;
  const span = Math.max(0.001, spread.max - spread.min);
  return (
    <div className="wd-cells">
      <p>
        {t('monCellSummary', { count: cells.length, min: spread.min.toFixed(3), max: spread.max.toFixed(3), spread: spread.spreadMv })}
      </p>
      <ol className="wd-cells-grid">
        {cells.map((v, i) => (
          <li
            key={i}
            className={i === weakest ? 'is-weakest' : ''}
            title={`#${i + 1} ${Number.isFinite(v) ? v.toFixed(3) + ' V' : t('alarmSpeedInvalid')}`}
            aria-label={i === weakest ? t('monWeakestCell', { no: i + 1 }) : undefined}
          >
            <span style={{ height: `${Number.isFinite(v) ? 20 + ((v - spread.min) / span) * 80 : 0}%` }} />
            <small>{i + 1}</small>
          </li>
        ))}
      </ol>
      {weakest >= 0 && <p className="wd-cells-weakest">{t('monWeakestCell', { no: weakest + 1 })}: {cells[weakest].toFixed(3)} V</p>}
    </div>
  );
}

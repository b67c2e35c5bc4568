import { useI18n } from '../i18n/i18n';
import { fieldLabel, groupValue, type ParsedFrame } from './frame-fields';

/** A decoded frame, field by field, indented by nesting; the error and raw header when it fails. */
export function FrameFieldsView({ parsed, hex }: { parsed: ParsedFrame; hex: string }) {
  const { t, language } = useI18n();
  return (
    <div className="wd-frame-view">
      {!parsed.ok && (
        <p className="wd-frame-error" role="alert">
          {t('monFrameInvalid', { error: parsed.error, reason: parsed.reason })}
        </p>
      )}
      <table className="wd-frame-fields" aria-label={t('monFrameFields')}>
        <thead>
          <tr>
            <th>{t('monField')}</th>
            <th>{t('monValue')}</th>
          </tr>
        </thead>
        <tbody>
          {parsed.rows.map((row, i) => (
            <tr key={`${row.path}-${i}`} className={row.value === '' ? 'is-group' : ''}>
              <td style={{ paddingLeft: 8 + row.depth * 14 }} title={row.path}>{fieldLabel(row, language)}</td>
              <td>{groupValue(row, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <details>
        <summary>{t('monRawHex')}</summary>
        <pre className="wd-frame-hex">{hex.replace(/(..)/g, '$1 ').trim()}</pre>
      </details>
    </div>
  );
}

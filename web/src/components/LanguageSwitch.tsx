import { SelectButton } from 'primereact/selectbutton';
import { useI18n, type Language } from '../i18n/i18n';

/** The UI-only zh/en switch: applies at once, no reload. */
export function LanguageSwitch() {
  const { t, language, setLanguage } = useI18n();
  const options = [
    { label: t('commonLangZh'), value: 'zh' },
    { label: t('commonLangEn'), value: 'en' },
  ];
  return (
    <SelectButton
      className="wd-language-switch"
      aria-label={t('commonLanguage')}
      value={language}
      options={options}
      allowEmpty={false}
      onChange={(e) => setLanguage(e.value as Language)}
      // Each language is named in itself, and says so (a screen reader reads 中文 as Chinese).
      pt={{ button: ({ context }: { context: { option: { value: Language } } }) => ({ lang: context.option.value === 'zh' ? 'zh-CN' : 'en' }) }}
    />
  );
}
